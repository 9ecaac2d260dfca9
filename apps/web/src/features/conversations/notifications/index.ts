export { DesktopNotifications, NotificationPermissionButton } from './DesktopNotifications';

export { DesktopNotifications } from './DesktopNotifications';
export { InboxChatroomPage } from './InboxChatroomPage';
export { InboxPage } from './InboxPage';

export { AdminSettingsPage } from './AdminSettingsPage';

export { LivechatCreatePage, LivechatEditPage } from './LivechatSettingsPage';

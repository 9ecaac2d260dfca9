export { ChatbotPage } from './ChatbotPage';
export { StoreSettingsPage, storeSettingsPageWith } from './StoreSettingsPage';

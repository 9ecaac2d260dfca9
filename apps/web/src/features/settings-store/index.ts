export { BusinessSettingsPage } from './BusinessSettingsPage';

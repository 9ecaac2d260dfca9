export { AccountSettingsPage } from './AccountSettingsPage';
export { ChangePasswordPage } from './ChangePasswordPage';
export { TwoFactorSetupPage } from './TwoFactorSetupPage';

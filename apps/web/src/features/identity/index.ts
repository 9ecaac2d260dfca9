export { AccountSettingsPage } from './account/AccountSettingsPage';
export { ChangePasswordPage } from './account/ChangePasswordPage';
export { TwoFactorSetupPage } from './account/TwoFactorSetupPage';
export { ForgotPasswordEmailPage, ForgotPasswordPhonePage } from './password-reset/ForgotPasswordPages';
export { ResetChangePasswordPage } from './password-reset/ResetChangePasswordPage';
export { ResetOtpPage } from './password-reset/ResetOtpPage';
export { ResetSuccessPage } from './password-reset/ResetSuccessPage';
export { LoginPage } from './sign-in/LoginPage';

export { AboutPage } from './AboutPage';
export { DemoOutboxPage } from './DemoOutboxPage';
export { ForgotPasswordEmailPage, ForgotPasswordPhonePage } from './ForgotPasswordPages';
export { LoginPage } from './LoginPage';
export { ResetChangePasswordPage } from './ResetChangePasswordPage';
export { ResetOtpPage } from './ResetOtpPage';
export { ResetSuccessPage } from './ResetSuccessPage';

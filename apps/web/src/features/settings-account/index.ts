export function AccountSettingsPage() {
  return null;
}
export function ChangePasswordPage() {
  return null;
}
export function TwoFactorSetupPage() {
  return null;
}

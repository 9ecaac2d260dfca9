import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../shared/ui/PublicLayout';
import { RequestOtpForm } from './RequestOtpForm';

/** /forgot-password: the email flow (001 §2 "email, OTP, new password"). */
export function ForgotPasswordEmailPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('reset.title')} subtitle={t('reset.emailExplain')}>
      <RequestOtpForm channel="email" />
    </PublicLayout>
  );
}

/** /reset/phone: the phone flow, the code is sent by WhatsApp (001 §2). */
export function ForgotPasswordPhonePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('reset.title')} subtitle={t('reset.phoneExplain')}>
      <RequestOtpForm channel="phone" />
    </PublicLayout>
  );
}

import { identityEndpoints, type LoginResponse } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useAppInfo } from '../../../app/appInfo';
import { call, fieldErrorsOf } from '../../../shared/api';
import type { FieldErrors } from '../../../shared/forms/validate';
import { currentLanguage } from '../../../shared/i18n';
import { PublicLayout } from '../../../shared/ui/PublicLayout';
import { useCompleteLogin } from './completeLogin';
import { type Credentials, LoginForm } from './LoginForm';
import { MfaStep } from './MfaStep';
import { SelectClientStep } from './SelectClientStep';

type Step =
  | { kind: 'credentials' }
  | { kind: 'select_client'; clients: Extract<LoginResponse, { status: 'select_client' }>['clients'] }
  | { kind: 'mfa'; mfaToken: string };

const uuid = z.string().uuid();

/**
 * /login (000 §2, 001 §2): credentials, then — when the server asks — the business to sign in to and
 * the 2FA code. `?email=&clientId=` pre-fill a business switch; `?redirect=` is where to go afterwards.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const info = useAppInfo();
  const [params] = useSearchParams();
  const completeLogin = useCompleteLogin(params.get('redirect'));
  const presetClient = uuid.safeParse(params.get('clientId'));

  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [pending, setPending] = useState(false);
  const [pendingClientId, setPendingClientId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const signIn = async (creds: Credentials, clientId?: string) => {
    setPending(true);
    setError(null);
    setFieldErrors({});
    const result = await call(identityEndpoints.login, { body: { ...creds, clientId }, auth: false });
    setPending(false);
    setPendingClientId(null);
    if (!result.ok) {
      setError(result.error.message);
      setFieldErrors(fieldErrorsOf(result.error));
      return;
    }
    const answer = result.data;
    if (answer.status === 'ok') await completeLogin(answer.tokens, creds.email);
    else if (answer.status === 'select_client') setStep({ kind: 'select_client', clients: answer.clients });
    else setStep({ kind: 'mfa', mfaToken: answer.mfaToken });
  };

  const submitCredentials = (creds: Credentials) => {
    setCredentials(creds);
    void signIn(creds, presetClient.success ? presetClient.data : undefined);
  };

  const chooseClient = (clientId: string) => {
    if (!credentials) return;
    setPendingClientId(clientId);
    void signIn(credentials, clientId);
  };

  const submitMfa = async (mfaToken: string, code: string) => {
    setPending(true);
    setError(null);
    const result = await call(identityEndpoints.loginMfa, { body: { mfaToken, code }, auth: false });
    setPending(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    await completeLogin(result.data, credentials?.email ?? '');
  };

  const clearError = () => {
    setError(null);
    setFieldErrors({});
  };

  const backToCredentials = () => {
    setStep({ kind: 'credentials' });
    setError(null);
  };

  const title =
    step.kind === 'select_client'
      ? t('login.selectClientTitle')
      : step.kind === 'mfa'
        ? t('login.mfaTitle')
        : t('login.title');

  return (
    <PublicLayout
      title={title}
      subtitle={step.kind === 'credentials' ? info.partner.tagline[currentLanguage()] || null : null}
    >
      {step.kind === 'credentials' ? (
        <LoginForm
          initialEmail={credentials?.email ?? params.get('email') ?? ''}
          pending={pending}
          error={error}
          serverFieldErrors={fieldErrors}
          onSubmit={submitCredentials}
          onEdit={clearError}
        />
      ) : step.kind === 'select_client' ? (
        <SelectClientStep
          clients={step.clients}
          pendingClientId={pendingClientId}
          error={error}
          onChoose={chooseClient}
          onBack={backToCredentials}
        />
      ) : (
        <MfaStep
          pending={pending}
          error={error}
          onSubmit={(code) => void submitMfa(step.mfaToken, code)}
          onBack={backToCredentials}
        />
      )}
    </PublicLayout>
  );
}

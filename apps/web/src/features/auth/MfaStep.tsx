import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { MFA_CODE_LENGTH, mfaCodeSchema } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';

/** Sign-in with 2FA on: the 6-digit code from the authenticator app (001 §5). */
export function MfaStep({
  pending,
  error,
  onSubmit,
  onBack,
}: {
  pending: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(mfaCodeSchema, code.trim());
    setFieldError(result.errors._);
    if (result.success) onSubmit(result.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('login.mfaExplain')}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t('login.mfaCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MFA_CODE_LENGTH}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
          error={message(fieldError)}
          styles={{ input: { letterSpacing: '0.4em', fontSize: 20, textAlign: 'center' } }}
        />
        <Button type="submit" loading={pending} fullWidth size="md">
          {t('login.mfaSubmit')}
        </Button>
        <Button variant="subtle" onClick={onBack}>
          {t('login.backToSignIn')}
        </Button>
      </Stack>
    </form>
  );
}

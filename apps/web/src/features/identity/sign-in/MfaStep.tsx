import { Alert, Button, Stack, Text } from '@mantine/core';
import { MFA_CODE_LENGTH, mfaCodeSchema } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/forms/useMessage';
import { validate } from '../../../shared/forms/validate';
import { CodeInput } from '../../../shared/ui/CodeInput';

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
        <CodeInput
          label={t('login.mfaCode')}
          length={MFA_CODE_LENGTH}
          large
          autoFocus
          value={code}
          onValue={setCode}
          error={message(fieldError)}
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

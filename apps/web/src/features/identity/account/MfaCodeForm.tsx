import { Button, Group } from '@mantine/core';
import { MFA_CODE_LENGTH, mfaCodeSchema } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/forms/useMessage';
import { validate } from '../../../shared/forms/validate';
import { CodeInput } from '../../../shared/ui/CodeInput';

/** A 6-digit authenticator code and one action button. */
export function MfaCodeForm({
  submitLabel,
  color,
  pending,
  serverError,
  onSubmit,
}: {
  submitLabel: string;
  color?: string;
  pending: boolean;
  serverError?: string;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(mfaCodeSchema, code.trim());
    setError(result.errors._);
    if (result.success) onSubmit(result.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm">
        <CodeInput
          label={t('twoFactor.code')}
          length={MFA_CODE_LENGTH}
          value={code}
          onValue={(digits) => {
            setCode(digits);
            setError(undefined);
          }}
          error={message(error) ?? serverError}
          w={200}
        />
        <Button type="submit" loading={pending} color={color} mt={25}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { identityEndpoints } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../../shared/api';
import { useMessage } from '../../../shared/forms/useMessage';
import { validate } from '../../../shared/forms/validate';
import { useRequestOtp } from './useRequestOtp';

/** Asks for the email or the phone number the reset code goes to. */
export function RequestOtpForm({ channel }: { channel: 'email' | 'phone' }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const requestOtp = useRequestOtp();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = channel === 'email' ? { channel, email: value } : { channel, phone: value };
    const result = validate(identityEndpoints.forgotPassword.body!, body);
    setFieldError(result.errors.email ?? result.errors.phone);
    if (!result.success) return;
    requestOtp.mutate(result.data, { onSuccess: () => void navigate('/reset/otp-verification') });
  };

  const serverField = requestOtp.error ? Object.values(fieldErrorsOf(requestOtp.error))[0] : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {requestOtp.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(requestOtp.error)}
          </Alert>
        ) : null}
        {channel === 'email' ? (
          <TextInput
            label={t('reset.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoFocus
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={message(fieldError ?? serverField)}
          />
        ) : (
          <TextInput
            label={t('reset.phone')}
            description={t('reset.phoneHint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            autoFocus
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={message(fieldError ?? serverField)}
          />
        )}
        <Button type="submit" loading={requestOtp.isPending} fullWidth size="md">
          {t('reset.sendCode')}
        </Button>
        <Anchor
          component={Link}
          to={channel === 'email' ? '/reset/phone' : '/forgot-password'}
          size="sm"
          ta="center"
        >
          {channel === 'email' ? t('reset.usePhone') : t('reset.useEmail')}
        </Anchor>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('notAvailable.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}

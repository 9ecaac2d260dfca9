import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { SIGN_UP_OTP_LENGTH, type SignUpState, signupEndpoints } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { formatSeconds, useCountdown } from '../../shared/hooks/useCountdown';
import { CodeInput } from '../../shared/ui/CodeInput';
import { SIGN_UP_PATHS, useSignUpStep } from './api';
import { SignUpFrame } from './SignUpFrame';
import { clearSignUpToken } from './signUpToken';

/** /sign-up/otp: the code sent by WhatsApp, with the resend countdown (001 §2, §9). */
export function OtpStep() {
  const { t } = useTranslation();
  return (
    <SignUpFrame page="otp" title={t('signUp.otpTitle')}>
      {(state) => <OtpForm state={state!} />}
    </SignUpFrame>
  );
}

function OtpForm({ state }: { state: SignUpState }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const secondsLeft = useCountdown(state.otp?.resendAt ?? null);
  const verify = useSignUpStep('verifyCode');
  const resend = useSignUpStep('resendCode', { follow: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(signupEndpoints.verifyCode.body!, { token: state.token, otp: otp.trim() });
    setFieldError(result.errors.otp);
    if (result.success) verify.mutate(result.data);
  };
  const error = verify.error ?? resend.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('signUp.otpSent', { phone: `+${state.phone}` })}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <CodeInput
          label={t('signUp.otp')}
          length={SIGN_UP_OTP_LENGTH}
          large
          autoFocus
          value={otp}
          onValue={setOtp}
          error={message(fieldError)}
        />
        <Button type="submit" loading={verify.isPending} fullWidth size="md">
          {t('signUp.verify')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('signUp.noCode')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={secondsLeft > 0}
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(
                { token: state.token },
                {
                  onSuccess: () => {
                    setOtp('');
                    verify.reset();
                  },
                },
              )
            }
          >
            {secondsLeft > 0
              ? t('signUp.resendIn', { time: formatSeconds(secondsLeft) })
              : t('signUp.resend')}
          </Button>
        </Group>
        <Anchor component={Link} to={SIGN_UP_PATHS.account} size="sm" ta="center" onClick={clearSignUpToken}>
          {t('signUp.changeNumber')}
        </Anchor>
      </Stack>
    </form>
  );
}

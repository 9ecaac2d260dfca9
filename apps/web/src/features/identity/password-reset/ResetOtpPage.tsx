import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { identityEndpoints, RESET_OTP_LENGTH, resetOtpSchema } from '@sapa/contracts';
import { IconMailbox } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAppInfo } from '../../../app/appInfo';
import { errorMessage, request } from '../../../shared/api';
import { useMessage } from '../../../shared/forms/useMessage';
import { validate } from '../../../shared/forms/validate';
import { formatSeconds, useCountdown } from '../../../shared/hooks/useCountdown';
import { CodeInput } from '../../../shared/ui/CodeInput';
import { PublicLayout } from '../../../shared/ui/PublicLayout';
import { outboxRecipient, readResetState, writeResetState } from './resetState';
import { useRequestOtp } from './useRequestOtp';

/** /reset/otp-verification: the 5-digit code, with a resend countdown (001 §2, §5). */
export function ResetOtpPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const info = useAppInfo();
  const navigate = useNavigate();
  const [state, setState] = useState(readResetState);
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const secondsLeft = useCountdown(state?.resendAt ?? null);
  const resend = useRequestOtp();

  const verify = useMutation({
    mutationFn: (body: { resetId: string; otp: string }) =>
      request(identityEndpoints.verifyResetOtp, { body, auth: false }),
    onSuccess: ({ resetToken }) => {
      const current = readResetState();
      if (current) writeResetState({ ...current, resetToken });
      void navigate('/reset/change-password');
    },
  });

  if (!state) return <Navigate to="/forgot-password" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(resetOtpSchema, otp.trim());
    setFieldError(result.errors._);
    if (result.success) verify.mutate({ resetId: state.resetId, otp: result.data });
  };

  const sendAgain = () => {
    const body =
      state.channel === 'email'
        ? { channel: 'email' as const, email: state.target }
        : { channel: 'phone' as const, phone: state.target };
    resend.mutate(body, {
      onSuccess: () => {
        setState(readResetState());
        setOtp('');
        verify.reset();
      },
    });
  };

  const error = verify.error ?? resend.error;
  return (
    <PublicLayout
      title={t('reset.otpTitle')}
      subtitle={t(state.channel === 'email' ? 'reset.otpSentEmail' : 'reset.otpSentPhone', {
        target: state.target,
      })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" role="alert">
              {errorMessage(error)}
            </Alert>
          ) : null}
          <CodeInput
            label={t('reset.otp')}
            length={RESET_OTP_LENGTH}
            large
            autoFocus
            value={otp}
            onValue={setOtp}
            error={message(fieldError)}
          />
          <Button type="submit" loading={verify.isPending} fullWidth size="md">
            {t('reset.verify')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('reset.noCode')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={secondsLeft > 0}
              loading={resend.isPending}
              onClick={sendAgain}
            >
              {secondsLeft > 0
                ? t('reset.resendIn', { time: formatSeconds(secondsLeft) })
                : t('reset.resend')}
            </Button>
          </Group>
          {info.demo ? (
            <Alert
              color="blue"
              variant="light"
              role="note"
              icon={<IconMailbox aria-hidden />}
              title={t('demo.title')}
            >
              <Stack gap={4}>
                <Text size="sm">{t('demo.outboxExplain')}</Text>
                <Anchor
                  component={Link}
                  to={`/demo/outbox?${new URLSearchParams({ recipient: outboxRecipient(state) })}`}
                >
                  {t('demo.openOutbox')}
                </Anchor>
              </Stack>
            </Alert>
          ) : null}
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            {t('reset.startOver')}
          </Anchor>
        </Stack>
      </form>
    </PublicLayout>
  );
}

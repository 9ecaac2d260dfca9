import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { identityEndpoints } from '@sapa/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError, errorMessage, fieldErrorsOf, request } from '../../../shared/api';
import { useMessage } from '../../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../../shared/forms/validate';
import { PasswordField } from '../../../shared/ui/PasswordField';
import { PublicLayout } from '../../../shared/ui/PublicLayout';
import { clearResetState, readResetState } from './resetState';

/** /reset/change-password: the new password and its confirmation (001 §5 password rules). */
export function ResetChangePasswordPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [state] = useState(readResetState);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const reset = useMutation({
    mutationFn: (body: { resetToken: string; newPassword: string; confirmPassword: string }) =>
      request(identityEndpoints.resetPassword, { body, auth: false }),
    onSuccess: () => {
      clearResetState();
      void navigate('/reset/successfully', { replace: true });
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });

  if (!state?.resetToken) return <Navigate to="/forgot-password" replace />;
  const resetToken = state.resetToken;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(identityEndpoints.resetPassword.body!, {
      resetToken,
      newPassword,
      confirmPassword,
    });
    setErrors(result.errors);
    if (result.success) reset.mutate(result.data);
  };

  return (
    <PublicLayout title={t('reset.newPasswordTitle')} subtitle={t('password.rules')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {reset.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(reset.error)}{' '}
              {reset.error instanceof ApiError && reset.error.body.code === 'reset.sessionExpired' ? (
                <Anchor component={Link} to="/forgot-password" size="sm">
                  {t('reset.startOver')}
                </Anchor>
              ) : null}
            </Alert>
          ) : null}
          <PasswordField
            label={t('password.new')}
            autoComplete="new-password"
            autoFocus
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            error={message(errors.newPassword)}
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            error={message(errors.confirmPassword)}
          />
          <Button type="submit" loading={reset.isPending} fullWidth size="md">
            {t('reset.savePassword')}
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}

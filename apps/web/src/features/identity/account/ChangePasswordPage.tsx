import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { accountEndpoints } from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { clearSession, errorMessage, fieldErrorsOf, request } from '../../../shared/api';
import { useMessage } from '../../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../../shared/forms/validate';
import { translateMessage } from '../../../shared/i18n';
import { PasswordField } from '../../../shared/ui/PasswordField';

type Body = { currentPassword: string; newPassword: string; confirmPassword: string };

/**
 * /setting/self-change-password (001 §5: current, new and confirm; new = confirm; min 8, letters and
 * digits; not recently used). The server revokes every session, so the user signs in again.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Body>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = useMutation({
    mutationFn: (body: Body) => request(accountEndpoints.changePassword, { body }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: translateMessage('password.changed') });
      await navigate('/login', { replace: true });
      clearSession();
      queryClient.clear();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });

  const set = (key: keyof Body, value: string) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(accountEndpoints.changePassword.body!, values);
    setErrors(result.errors);
    if (result.success) change.mutate(result.data);
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={520}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('password.rules')} {t('password.signInAgain')}
          </Text>
          {change.isError && Object.keys(fieldErrorsOf(change.error)).length === 0 ? (
            <Alert color="red" role="alert">
              {errorMessage(change.error)}
            </Alert>
          ) : null}
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(event) => set('currentPassword', event.currentTarget.value)}
            error={message(errors.currentPassword)}
          />
          <PasswordField
            label={t('password.new')}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(event) => set('newPassword', event.currentTarget.value)}
            error={message(errors.newPassword)}
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => set('confirmPassword', event.currentTarget.value)}
            error={message(errors.confirmPassword)}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/setting/account" size="sm">
              {t('common.back')}
            </Anchor>
            <Button type="submit" loading={change.isPending}>
              {t('account.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

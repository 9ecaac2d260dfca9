import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { loginBody } from '@sapa/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPage } from '../../../app/builtPages';
import { useMessage } from '../../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../../shared/forms/validate';
import { PasswordField } from '../../../shared/ui/PasswordField';

export interface Credentials {
  email: string;
  password: string;
}

const REGISTER_PATH = '/register';

/**
 * 001 §2 Login: email, password, forgot-password link, register link (only once sign-up is built: issue 16,
 * no link to "not available yet"); agreement link (000 §2).
 */
export function LoginForm({
  initialEmail,
  pending,
  error,
  serverFieldErrors,
  onSubmit,
  onEdit,
}: {
  initialEmail: string;
  pending: boolean;
  error: string | null;
  serverFieldErrors: FieldErrors;
  onSubmit: (credentials: Credentials) => void;
  /** The user changed a field or tries again: the last attempt's error no longer applies (issue 16 §9). */
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onEdit();
    const result = validate(loginBody, { email, password });
    setErrors(result.errors);
    if (result.success) onSubmit({ email: result.data.email, password });
  };

  const shown = { ...serverFieldErrors, ...errors };
  return (
    <form onSubmit={submit} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        {error ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            onEdit();
          }}
          error={message(shown.email)}
          autoFocus={!initialEmail}
        />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            onEdit();
          }}
          error={message(shown.password)}
          autoFocus={Boolean(initialEmail)}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" loading={pending} fullWidth size="md">
          {t('login.submit')}
        </Button>
        {hasPage(REGISTER_PATH) ? (
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={REGISTER_PATH}>
              {t('login.register')}
            </Anchor>
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" ta="center">
          {t('login.agreementPrefix')}{' '}
          <Anchor component={Link} to="/pp.html" size="xs">
            {t('login.agreementLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

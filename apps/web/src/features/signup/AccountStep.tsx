import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { signUpAccountBody } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { PasswordField } from '../../shared/ui/PasswordField';
import { useSignUpStep } from './api';
import { SignUpFrame } from './SignUpFrame';

/** /register and /sign-up/account: phone, email, password and its confirmation, optional referral code (001 §5). */
export function AccountStep() {
  const { t } = useTranslation();
  return (
    <SignUpFrame page="account" title={t('signUp.accountTitle')} subtitle={t('signUp.accountExplain')}>
      {() => <AccountForm />}
    </SignUpFrame>
  );
}

/**
 * The account fields. Sign-up via Shopify prefills the shop owner's email and sends the install with them (the
 * sign-up then carries it to the end, where the store is connected).
 */
export function AccountForm({ email = '', shopifyInstall }: { email?: string; shopifyInstall?: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [values, setValues] = useState({
    phone: '',
    email,
    password: '',
    confirmPassword: '',
    referralCode: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const start = useSignUpStep('start');
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
    error: message(errors[name]),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(signUpAccountBody, {
      ...values,
      referralCode: values.referralCode || undefined,
      shopifyInstall,
    });
    setErrors(result.errors);
    if (result.success) start.mutate(result.data, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {start.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(start.error)}
          </Alert>
        ) : null}
        <TextInput
          label={t('signUp.phone')}
          description={t('signUp.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...field('phone')}
        />
        <TextInput label={t('signUp.email')} type="email" autoComplete="email" {...field('email')} />
        <PasswordField
          label={t('signUp.password')}
          description={t('password.rules')}
          autoComplete="new-password"
          {...field('password')}
        />
        <PasswordField
          label={t('signUp.confirmPassword')}
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <TextInput
          label={t('signUp.referralCode')}
          description={t('signUp.optional')}
          autoComplete="off"
          {...field('referralCode')}
        />
        <Button type="submit" loading={start.isPending} fullWidth size="md">
          {t('signUp.sendCode')}
        </Button>
        <Text size="sm" ta="center">
          {t('signUp.haveAccount')}{' '}
          <Anchor component={Link} to="/login">
            {t('signUp.signIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

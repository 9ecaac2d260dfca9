import { Alert, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getSession } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { SignUpFrame } from './SignUpFrame';
import { readNextPath, readNotice } from './SubscriptionStep';
import { clearSignUpToken } from './signUpToken';

/** /sign-up/success: the business is open and its owner signed in; on to the dashboard (or the plan page). */
export function SuccessStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const message = useMessage();
  const notice = readNotice();
  return (
    <SignUpFrame page="success" title={t('signUp.successTitle')}>
      {(state) => {
        const next = getSession() ? readNextPath() : '/login';
        return (
          <Stack gap="md" align="center">
            <ThemeIcon color="green" size={56} radius="xl" variant="light">
              <IconCircleCheck size={36} aria-hidden />
            </ThemeIcon>
            <Text ta="center">{t('signUp.successBody', { email: state?.email ?? '' })}</Text>
            {notice ? (
              <Alert color="yellow" role="alert" w="100%">
                {message(notice)}
              </Alert>
            ) : null}
            <Button
              size="md"
              fullWidth
              onClick={() => {
                clearSignUpToken();
                void navigate(next, { replace: true });
              }}
            >
              {next.startsWith('/setting/plan-and-pricing')
                ? t('signUp.goToPlans')
                : next === '/login'
                  ? t('signUp.signIn')
                  : next === '/shopify'
                    ? t('signUp.goToShopify')
                    : t('signUp.goToDashboard')}
            </Button>
          </Stack>
        );
      }}
    </SignUpFrame>
  );
}

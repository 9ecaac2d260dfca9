import { Alert, Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_PRICE_BOOK,
  FREE_TRIAL_DAYS,
  offeredPackages,
  PRICE_BOOKS,
  type SelfServePackage,
  type SignUpState,
  signupEndpoints,
  VAT_PERCENT,
} from '@sapa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppInfo } from '../../app/appInfo';
import { errorMessage, request, setSession } from '../../shared/api';
import { SIGN_UP_PATHS, stateKey } from './api';
import { SignUpFrame } from './SignUpFrame';

const NEXT_KEY = 'sapa.signUpNext';
const NOTICE_KEY = 'sapa.signUpNotice';

const readSession = (key: string) => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

/** Where success sends the new owner (the dashboard, the Shopify page, or the plan page for a paid plan). */
export function readNextPath(): string {
  return readSession(NEXT_KEY) ?? '/dashboard';
}

/** What did not finish at completion (000 §8 'shopify.signUpFailed'), for the success page to tell. */
export function readNotice(): string | null {
  return readSession(NOTICE_KEY);
}

/**
 * /sign-up/subscription: the plans with their prices (VAT on top, 001 §9) — the packages the partner offers
 * (000 §4 "multiple package subscription"). The 30-day free trial starts here; a paid package opens the business
 * and then its order (period, payment method, terms) on the plan page, paid on the gateway's page.
 */
export function SubscriptionStep() {
  const { t } = useTranslation();
  return (
    <SignUpFrame
      page="subscription"
      width={820}
      title={t('signUp.subscriptionTitle')}
      subtitle={t('signUp.subscriptionExplain')}
    >
      {(state) => <Plans state={state!} />}
    </SignUpFrame>
  );
}

function Plans({ state }: { state: SignUpState }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { partner } = useAppInfo();
  const rupiah = (n: number) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-ID' : 'id-ID', {
      style: 'currency',
      currency: 'IDR',
      maximumFractionDigits: 0,
    }).format(n);
  const complete = useMutation({
    mutationFn: (choice: 'FREE_TRIAL' | SelfServePackage) =>
      request(signupEndpoints.complete, {
        body:
          choice === 'FREE_TRIAL'
            ? { token: state.token, plan: choice }
            : { token: state.token, plan: 'PAID', package: choice },
        auth: false,
      }),
    onSuccess: ({ tokens, next, notice }) => {
      setSession({ ...tokens, email: state.email });
      queryClient.setQueryData(stateKey(state.token), { ...state, step: 'success' });
      try {
        sessionStorage.setItem(NEXT_KEY, next);
        if (notice) sessionStorage.setItem(NOTICE_KEY, notice);
        else sessionStorage.removeItem(NOTICE_KEY);
      } catch {
        // ignore: success then offers the dashboard
      }
      void navigate(SIGN_UP_PATHS.success);
    },
  });
  const book = PRICE_BOOKS[DEFAULT_PRICE_BOOK];
  const paid = offeredPackages(partner.featureFlags).map((pkg) => ({ pkg, monthly: book.monthly[pkg] }));
  return (
    <Stack gap="md">
      {complete.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(complete.error)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Card withBorder padding="md" radius="md">
          <Stack gap="xs" h="100%">
            <Badge color="green" variant="light">
              {t('signUp.recommended')}
            </Badge>
            <Title order={2} size="h4">
              {t('signUp.freeTrial')}
            </Title>
            <Text size="sm">{t('signUp.freeTrialBody', { days: FREE_TRIAL_DAYS })}</Text>
            <Text fw={700}>{rupiah(0)}</Text>
            <Button
              mt="auto"
              loading={complete.isPending && complete.variables === 'FREE_TRIAL'}
              onClick={() => complete.mutate('FREE_TRIAL')}
            >
              {t('signUp.startTrial')}
            </Button>
          </Stack>
        </Card>
        {paid.map(({ pkg, monthly }) => (
          <Card key={pkg} withBorder padding="md" radius="md">
            <Stack gap="xs" h="100%">
              <Title order={2} size="h4">
                {t(`signUp.package.${pkg}`)}
              </Title>
              <Text size="sm">{t(`signUp.packageBody.${pkg}`)}</Text>
              <Text fw={700}>{t('signUp.perMonth', { price: rupiah(monthly) })}</Text>
              <Text size="xs" c="dimmed">
                {t('signUp.vatExcluded', { vat: VAT_PERCENT })}
              </Text>
              <Button
                mt="auto"
                variant="light"
                loading={complete.isPending && complete.variables === pkg}
                disabled={complete.isPending}
                onClick={() => complete.mutate(pkg)}
              >
                {t('signUp.choosePaid')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('signUp.paidLater')}
      </Text>
    </Stack>
  );
}

import { Alert, Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { shopifyEndpoints } from '@sapa/contracts';
import { IconCircleCheck, IconShoppingBagExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorMessage, request } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { AccountForm } from './AccountStep';
import { SIGN_UP_PATHS, useSignUpState } from './api';
import { SignUpStepper } from './SignUpFrame';

/**
 * /sign-up-shopify (000 §2 "Sign-up via Shopify shows progress steps"): where Sapa's callback sends a merchant
 * who installed Sapa from Shopify. The install (`?install=<token>`) names the verified shop; the account step
 * starts with the shop owner's email, and the sign-up carries the install through the usual steps to the end,
 * where the store is connected. A failed, used or expired install (`?error=<key>`, or a 410) says so and how
 * to start again.
 */
export function ShopifySignUp() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const install = params.get('install') ?? '';
  const error = params.get('error');
  // The subtitle says the store is verified: not over a failed or expired install.
  const frame = (content: ReactNode, verified = true) => (
    <PublicLayout
      title={t('signUp.shopifyTitle')}
      subtitle={verified ? t('signUp.shopifyExplain') : undefined}
      width={640}
    >
      <SignUpStepper page="account" shopify />
      {content}
    </PublicLayout>
  );
  if (error || !install) return frame(<StartAgain error={error ?? 'shopify.installExpired'} />, false);
  return <InstallSummary install={install} frame={frame} />;
}

function InstallSummary({
  install,
  frame,
}: {
  install: string;
  frame: (content: ReactNode, verified?: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const signUp = useSignUpState();
  const summary = useQuery({
    queryKey: ['shopifyInstall', install],
    retry: false,
    queryFn: () => request(shopifyEndpoints.installSummary, { body: { install }, auth: false }),
  });
  if (summary.isLoading || signUp.isLoading) return frame(<PageLoader />);
  if (summary.isError) return frame(<StartAgain error={errorMessage(summary.error)} />, false);
  const shop = summary.data!;
  // This browser already signs up with this shop: on to where that sign-up is.
  const current = signUp.data;
  if (current?.shopify?.shopDomain === shop.shopDomain && current.step !== 'success')
    return <Navigate to={SIGN_UP_PATHS[current.step]} replace />;
  return frame(
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm" data-testid="shopify-verified-store">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" variant="light" radius="xl" size="lg">
            <IconCircleCheck size={22} aria-hidden />
          </ThemeIcon>
          <div>
            <Text fw={600}>{shop.shopName}</Text>
            <Text size="sm" c="dimmed">
              {t('signUp.shopifyVerified', { domain: shop.shopDomain })}
            </Text>
          </div>
        </Group>
      </Paper>
      <AccountForm email={shop.email} shopifyInstall={install} />
    </Stack>,
  );
}

/** A failed, used or expired install: what happened and the ways to start again. */
function StartAgain({ error }: { error: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <Stack gap="md">
      <Alert color="yellow" role="alert" icon={<IconShoppingBagExclamation size={18} aria-hidden />}>
        {message(error)}
      </Alert>
      <Text size="sm">{t('signUp.shopifyStartAgain')}</Text>
      <Group gap="lg">
        <Anchor component={Link} to={SIGN_UP_PATHS.account}>
          {t('signUp.shopifyWithoutShopify')}
        </Anchor>
        <Anchor component={Link} to="/login">
          {t('signUp.signIn')}
        </Anchor>
      </Group>
    </Stack>
  );
}

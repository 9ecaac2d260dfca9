import { Alert, Anchor, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SignUpState, SignUpStep } from '@sapa/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { errorMessage } from '../../shared/api';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { SIGN_UP_PATHS, useSignUpState } from './api';

/** 001 §2: the stepper shows account info, store info, connect WABA, premium subscription, success. */
const STEPPER: (SignUpStep | 'account')[][] = [
  ['account', 'otp'],
  ['store'],
  ['waba'],
  ['subscription'],
  ['success'],
];
const STEP_LABELS = [
  'signUp.stepAccount',
  'signUp.stepStore',
  'signUp.stepWaba',
  'signUp.stepSubscription',
  'signUp.stepSuccess',
] as const;

function stepperIndex(page: SignUpStep | 'account'): number {
  return STEPPER.findIndex((group) => group.includes(page));
}

/**
 * The progress steps. A sign-up via Shopify (000 §2) starts with its store verified by Shopify: one more step,
 * done before the account.
 */
export function SignUpStepper({ page, shopify }: { page: SignUpStep | 'account'; shopify: boolean }) {
  const { t } = useTranslation();
  // On a phone only the current step is named: five labels do not fit in one row.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const labels = shopify ? (['signUp.stepShopify', ...STEP_LABELS] as const) : STEP_LABELS;
  const active = stepperIndex(page) + (shopify ? 1 : 0);
  return (
    <Stepper active={active} size="xs" allowNextStepsSelect={false} aria-label={t('signUp.progress')}>
      {labels.map((label, index) => (
        <Stepper.Step
          key={label}
          label={narrow && index !== active ? undefined : t(label)}
          aria-label={t(label)}
        />
      ))}
    </Stepper>
  );
}

/**
 * One sign-up page: the stepper over the step's card. Pages after the account need a sign-up in progress and
 * show the step the server says it is at (a reload or a typed URL lands on the right step).
 */
export function SignUpFrame({
  page,
  title,
  subtitle,
  children,
  width = 640,
}: {
  page: SignUpStep | 'account';
  /** The card's width (the plans need more room than a form). */
  width?: number;
  title: string;
  subtitle?: ReactNode;
  children: (state: SignUpState | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const query = useSignUpState();
  const frame = (content: ReactNode) => (
    <PublicLayout title={title} subtitle={subtitle} width={width}>
      <SignUpStepper page={page} shopify={!!query.data?.shopify} />
      {content}
    </PublicLayout>
  );

  if (query.isLoading) return frame(<PageLoader />);
  if (query.isError)
    return frame(
      <Alert color="red" role="alert">
        {errorMessage(query.error)}
      </Alert>,
    );
  const state = query.data ?? null;
  if (page === 'account') {
    if (state && state.step !== 'success') return <Navigate to={SIGN_UP_PATHS[state.step]} replace />;
    return frame(children(null));
  }
  if (!state)
    return frame(
      <Stack>
        <Alert color="yellow" role="alert">
          {t('signUp.expired')}
        </Alert>
        <Anchor component={Link} to={SIGN_UP_PATHS.account}>
          {t('signUp.startAgain')}
        </Anchor>
      </Stack>,
    );
  if (state.step !== page) return <Navigate to={SIGN_UP_PATHS[state.step]} replace />;
  return frame(children(state));
}

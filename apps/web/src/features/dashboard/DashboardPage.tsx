import { Grid, Stack } from '@mantine/core';
import { useMe } from '../../shared/api';
import { PageLoader } from '../../shared/ui/PageLoader';
import { isConsentDue } from '../activity/ConsentDialog';
import { ProductListWidget } from '../catalogue';
import { TransactionSummaryWidget } from '../orders';
import { useSubscription } from '../subscriptions';
import { AccountSummary } from './AccountSummary';
import { CoachMarks } from './CoachMarks';
import { FeatureShortcuts } from './FeatureShortcuts';
import { Greeting } from './Greeting';
import { SetupSteps } from './SetupSteps';

/** /dashboard (001 §2): greeting, setup steps, feature shortcuts, the business at a glance. */
export function DashboardPage() {
  const me = useMe();
  const subscription = useSubscription();
  if (!me.data) return <PageLoader />;
  return (
    <Stack gap="lg" maw={1200}>
      <Greeting me={me.data} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <SetupSteps me={me.data} />
            <FeatureShortcuts me={me.data} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <AccountSummary me={me.data} />
            <TransactionSummaryWidget me={me.data} />
            <ProductListWidget me={me.data} />
          </Stack>
        </Grid.Col>
      </Grid>
      {/* The tour waits until the consent dialog is answered. */}
      <CoachMarks
        userId={me.data.user.id}
        enabled={!isConsentDue(me.data.consent, Date.now()) && subscription.isSuccess}
        freeTrial={subscription.data?.tier === 'FREE_TRIAL'}
      />
    </Stack>
  );
}

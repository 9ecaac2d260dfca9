import { Alert, Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSubscription } from './api';
import { bannerKind } from './plan-state';

/**
 * 000 §6 subscription banner: an expiring, expired or trial subscription asks the owner to renew or upgrade;
 * anyone else is told to contact the owner.
 */
export function SubscriptionBanner({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const s = subscription.data;
  const kind = s ? bannerKind(s) : null;
  if (!s || !kind) return null;
  return (
    <Alert
      color={kind === 'expired' ? 'red' : 'yellow'}
      mb="md"
      data-testid="subscription-banner"
      data-tour="subscription"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{t(`plans.banner.${kind}`, { count: s.daysLeft ?? 0 })}</Text>
        {isOwner ? (
          <Anchor component={Link} to="/setting/plan-and-pricing" size="sm" fw={600}>
            {t(kind === 'trial' ? 'plans.banner.upgrade' : 'plans.banner.renew')}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {t('plans.contactOwner')}
          </Text>
        )}
      </Group>
    </Alert>
  );
}

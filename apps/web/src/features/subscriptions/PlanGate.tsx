import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Permission } from '@sapa/contracts';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../shared/i18n';
import { useSubscription } from './api';
import { pageRefusal } from './plan-state';

/**
 * 000 §2, 001 §1, §6: the free-account overlay. A page the plan does not give shows the overlay instead of its
 * content (the server refuses its calls anyway): the owner is offered to subscribe, others to contact the owner.
 */
export function PlanGate({
  permission,
  isOwner,
  children,
}: {
  permission: Permission | null;
  isOwner: boolean;
  children: ReactNode;
}) {
  const subscription = useSubscription();
  const refusal = subscription.data ? pageRefusal(subscription.data, permission) : null;
  if (!refusal) return <>{children}</>;
  return <FreeAccountOverlay refusal={refusal} isOwner={isOwner} />;
}

function FreeAccountOverlay({ refusal, isOwner }: { refusal: string; isOwner: boolean }) {
  // Re-rendered on a language change (translateMessage reads the current language).
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl" data-testid="free-account-overlay">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t(refusal === 'subscription.whatsappNeedsPro' ? 'plans.overlay.proTitle' : 'plans.overlay.title')}
        </Title>
        <Text c="dimmed">{translateMessage(refusal)}</Text>
        {isOwner ? (
          <Button component={Link} to="/setting/plan-and-pricing">
            {t('plans.overlay.upgrade')}
          </Button>
        ) : (
          <Text fw={500}>{t('plans.contactOwner')}</Text>
        )}
      </Stack>
    </Paper>
  );
}

import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AccountStatus, Me } from '@sapa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chatCreditQuery } from '../../shared/api';
import { formatNumber } from '../../shared/time';

const STATUS_KEYS: Record<AccountStatus, string> = {
  Free: 'dashboard.status.free',
  'Free Trial': 'dashboard.status.freeTrial',
  Active: 'dashboard.status.active',
  Expired: 'dashboard.status.expired',
};

/** 000 §4 account status in the UI language; an unknown value is shown as it is. */
function accountStatusLabel(t: (key: string) => string, status: string): string {
  return status in STATUS_KEYS ? t(STATUS_KEYS[status as AccountStatus]) : status;
}

/** The business at a glance: package, status, chat credit (001 §2 Dashboard subscription alerts). */
export function AccountSummary({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const credit = useQuery({ ...chatCreditQuery, staleTime: Number.POSITIVE_INFINITY });
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: t('dashboard.summary.business'), value: me.client.name },
    {
      label: t('dashboard.summary.package'),
      value: <Badge variant="light">{me.client.subscriptionPackage ?? t('dashboard.summary.free')}</Badge>,
    },
    { label: t('dashboard.summary.status'), value: accountStatusLabel(t, me.client.accountStatus) },
    {
      label: t('dashboard.summary.chatCredit'),
      value: credit.data ? formatNumber(credit.data.balance, i18n.language) : '—',
    },
    {
      label: t('dashboard.summary.bonusCredit'),
      value: credit.data ? formatNumber(credit.data.balanceBonus, i18n.language) : '—',
    },
  ];
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('dashboard.summary.title')}
        </Title>
        {rows.map((row) => (
          <Group key={row.label} justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {row.label}
            </Text>
            <Text size="sm" fw={500} component="div" ta="right">
              {row.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

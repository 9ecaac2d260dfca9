import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { can, type Me, TRANSACTION_STATUSES } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accessSubjectOf } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatRupiah } from '../payments';
import { useTransactionSummary } from './api';

/** 001 §2 dashboard transaction summary: the last 30 days per status and the done orders' takings. */
export function TransactionSummaryWidget({ me }: { me: Me }) {
  if (!can(accessSubjectOf(me), 'TRANSACTION', 'READ')) return null;
  return <Widget />;
}

function Widget() {
  const { t, i18n } = useTranslation();
  const summary = useTransactionSummary();
  return (
    <Paper withBorder p="md" radius="md" data-testid="transaction-summary">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('orders.summary.title')}</Text>
          <Anchor component={Link} to="/transaction" size="sm">
            {t('catalogue.seeAll')}
          </Anchor>
        </Group>
        <QueryState query={summary} loading={<SkeletonRows count={2} height={40} />}>
          {(data) => (
            <>
              <SimpleGrid cols={{ base: 3, sm: 5, lg: 3 }} spacing="xs">
                {TRANSACTION_STATUSES.map((s) => (
                  <Anchor key={s} component={Link} to={`/transaction?tab=${s}`} underline="never" c="inherit">
                    <Stack gap={0} align="center">
                      <Text fw={700} size="lg">
                        {data.counts[s] ?? 0}
                      </Text>
                      <Text size="xs" c="dimmed" ta="center">
                        {t(`orders.status.${s}`)}
                      </Text>
                    </Stack>
                  </Anchor>
                ))}
              </SimpleGrid>
              <Text size="sm">
                {t('orders.summary.revenue', { amount: formatRupiah(data.revenueDone, i18n.language) })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('orders.summary.period')}
              </Text>
            </>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}

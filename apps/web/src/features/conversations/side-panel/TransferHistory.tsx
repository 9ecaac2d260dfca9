import { Badge, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import type { TicketSummary, TicketTransfer } from '@sapa/contracts';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/time';
import { QueryState } from '../../../shared/ui/QueryState';
import { useTransfers } from './panelApi';

/** The chat's transfer history: who handed it from whom to whom, when, by hand or automatically. */
export function TransferHistory({ ticket }: { ticket: TicketSummary }) {
  const { t, i18n } = useTranslation();
  const transfers = useTransfers(ticket.id, ticket.updatedAt);
  const items = transfers.data ?? [];
  const to = (x: TicketTransfer) =>
    x.toUserName ??
    (x.toGroupName ? t('teams.transfers.group', { name: x.toGroupName }) : t('teams.transfers.nobody'));
  return (
    <QueryState
      query={transfers}
      loading={<Skeleton height={48} aria-label={t('common.loading')} />}
      isEmpty={items.length === 0}
      empty={
        <Text size="sm" c="dimmed">
          {t('teams.transfers.empty')}
        </Text>
      }
    >
      <Timeline bulletSize={18} lineWidth={2} aria-label={t('teams.transfers.title')}>
        {items.map((x) => (
          <Timeline.Item key={x.id} bullet={<IconArrowsExchange size={11} aria-hidden />}>
            <Stack gap={2}>
              <Text size="sm">
                {x.fromUserName
                  ? t('teams.transfers.fromTo', { from: x.fromUserName, to: to(x) })
                  : t('teams.transfers.to', { to: to(x) })}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(x.at, i18n.language)} ·{' '}
                {x.byUserName ? t('teams.transfers.by', { name: x.byUserName }) : t('teams.transfers.system')}{' '}
                <Badge size="xs" variant="light" color={x.source === 'manual' ? 'gray' : 'grape'}>
                  {t(`teams.source.${x.source}`)}
                </Badge>
              </Text>
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    </QueryState>
  );
}

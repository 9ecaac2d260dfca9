import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { BROADCAST_STATUSES, type Broadcast, type BroadcastStatus } from '@sapa/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatNumber } from '../../shared/time';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadMoreButton } from '../../shared/ui/LoadMore';
import { QueryState } from '../../shared/ui/QueryState';
import { ApprovalPanel } from './ApprovalPanel';
import { useBroadcastProgress, useBroadcastRole, useBroadcasts } from './api';
import { CreateBroadcastModal } from './CreateBroadcastModal';
import { BroadcastStatusBadge, categoryLabel } from './labels';
import { detailPath } from './paths';

/**
 * /broadcast/whatsapp (001 §2 broadcast tab and history): the history (campaign code, date, template, totals,
 * sender, status, category, subcategory), create for Makers, and the approval panel for Checkers when
 * maker/checker is on (001 §4, §6).
 */
export function BroadcastsPage() {
  const { t, i18n } = useTranslation();
  const role = useBroadcastRole();
  const [status, setStatus] = useState<BroadcastStatus | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [creating, setCreating] = useState(false);
  const history = useBroadcasts({ status: status ?? undefined, search: debounced || undefined });
  useBroadcastProgress();
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const maker = role.data?.maker ?? false;
  return (
    <Stack gap="md">
      {role.data?.makerCheckerEnabled && role.data.checker ? <ApprovalPanel /> : null}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="md" align="flex-end">
          <div>
            <Title order={2} size="h4">
              {t('broadcasts.history')}
            </Title>
            <Text size="sm" c="dimmed">
              {role.data?.makerCheckerEnabled ? t('broadcasts.introChecked') : t('broadcasts.intro')}
            </Text>
          </div>
          <Tooltip label={t('broadcasts.notMaker')} disabled={maker || role.isLoading}>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={!maker}
              onClick={() => setCreating(true)}
            >
              {t('broadcasts.create')}
            </Button>
          </Tooltip>
        </Group>
        <Group gap="sm" mb="md" grow preventGrowOverflow={false}>
          <TextInput
            leftSection={<IconSearch size={16} aria-hidden />}
            placeholder={t('broadcasts.searchPlaceholder')}
            aria-label={t('broadcasts.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maw={360}
          />
          <Select
            aria-label={t('broadcasts.statusFilter')}
            placeholder={t('broadcasts.allStatuses')}
            clearable
            data={BROADCAST_STATUSES.map((s) => ({ value: s, label: t(`broadcasts.status.${s}`) }))}
            value={status}
            onChange={(v) => setStatus(v as BroadcastStatus | null)}
            maw={240}
          />
        </Group>
        <QueryState
          query={history}
          isEmpty={items.length === 0}
          empty={
            <EmptyState title={debounced || status ? t('broadcasts.noMatch') : t('broadcasts.empty')}>
              {maker ? t('broadcasts.emptyHint') : null}
            </EmptyState>
          }
        >
          <HistoryTable items={items} language={i18n.language} />
          <LoadMoreButton pages={history} mt="md" />
        </QueryState>
      </Paper>
      {creating ? <CreateBroadcastModal onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}

function HistoryTable({ items, language }: { items: Broadcast[]; language: string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('broadcasts.history')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('broadcasts.campaignCode')}</Table.Th>
            <Table.Th>{t('broadcasts.date')}</Table.Th>
            <Table.Th>{t('broadcasts.template')}</Table.Th>
            <Table.Th ta="right">{t('broadcasts.recipients')}</Table.Th>
            <Table.Th ta="right">{t('broadcasts.delivered')}</Table.Th>
            <Table.Th ta="right">{t('broadcasts.read')}</Table.Th>
            <Table.Th ta="right">{t('broadcasts.failed')}</Table.Th>
            <Table.Th>{t('broadcasts.sender')}</Table.Th>
            <Table.Th>{t('broadcasts.statusLabel')}</Table.Th>
            <Table.Th>{t('broadcasts.category')}</Table.Th>
            <Table.Th>{t('broadcasts.subCategory')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>
                <Anchor component={Link} to={detailPath(b.id)} fw={600} size="sm">
                  {b.campaignCode}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(b.scheduledAt ?? b.createdAt, language)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{b.template.name}</Text>
              </Table.Td>
              <Table.Td ta="right">{formatNumber(b.totals.recipients, language)}</Table.Td>
              <Table.Td ta="right">{formatNumber(b.totals.delivered, language)}</Table.Td>
              <Table.Td ta="right">{formatNumber(b.totals.read, language)}</Table.Td>
              <Table.Td ta="right">{formatNumber(b.totals.failed, language)}</Table.Td>
              <Table.Td>
                <Text size="sm">{b.sender.name}</Text>
                {b.createdBy ? (
                  <Text size="xs" c="dimmed">
                    {b.createdBy.name}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <BroadcastStatusBadge status={b.status} />
              </Table.Td>
              <Table.Td>{categoryLabel(b.category)}</Table.Td>
              <Table.Td>{b.subCategory ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { can } from '@sapa/contracts';
import { IconCash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, useMe } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatRupiah } from '../payments';
import { PAGE_SIZE, useWallet, useWalletMutations, useWalletPending } from './api';
import { WithdrawDialog } from './WithdrawDialog';

/** /wallet (001 §2 wallet: the balance, tabs Mutation and Pending; §8 withdrawals temporarily off). */
export function WalletPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('wallet.title')}
      </Title>
      <BalanceCard />
      <Tabs defaultValue="mutation" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="mutation">{t('wallet.tabMutation')}</Tabs.Tab>
          <Tabs.Tab value="pending">{t('wallet.tabPending')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mutation" pt="md">
          <MutationTab />
        </Tabs.Panel>
        <Tabs.Panel value="pending" pt="md">
          <PendingTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function BalanceCard() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const wallet = useWallet();
  const [open, setOpen] = useState(false);
  const canWithdraw = me.data ? can(accessSubjectOf(me.data), 'WALLET', 'CREATE') : false;
  const rupiah = (n: number) => formatRupiah(n, i18n.language);
  return (
    <Paper withBorder radius="md" p="lg">
      <QueryState query={wallet} loading={<SkeletonRows count={1} height={56} />}>
        {(data) => (
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end">
              <div>
                <Text size="sm" c="dimmed">
                  {t('wallet.balance')}
                </Text>
                <Text size="xl" fw={700} data-testid="wallet-balance">
                  {rupiah(data.balance)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('wallet.availableHeld', { available: rupiah(data.available), held: rupiah(data.held) })}
                </Text>
              </div>
              {canWithdraw && (
                <Button
                  leftSection={<IconCash size={16} />}
                  disabled={data.withdrawalsOff}
                  onClick={() => setOpen(true)}
                >
                  {t('wallet.withdraw')}
                </Button>
              )}
            </Group>
            {data.withdrawalsOff && (
              <Alert color="yellow" role="status">
                {t('wallet.withdrawalsOff')}
              </Alert>
            )}
            {open && <WithdrawDialog wallet={data} onClose={() => setOpen(false)} />}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}

function Pages({ page, total, onChange }: { page: number; total: number; onChange: (p: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <Pagination
      mt="sm"
      size="sm"
      value={page}
      onChange={onChange}
      total={pages}
      getControlProps={(control) => ({ 'aria-label': t(`wallet.page.${control}`) })}
    />
  );
}

/** A tab's page of rows: loading, error and empty states, the table, and its pages. */
function PagedTable<T extends { total: number }>({
  query,
  page,
  onPage,
  empty,
  head,
  rows,
}: {
  query: UseQueryResult<T>;
  page: number;
  onPage: (p: number) => void;
  empty: ReactNode;
  head: ReactNode;
  rows: (data: T) => ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <QueryState
        query={query}
        loading={<SkeletonRows count={4} height={32} />}
        isEmpty={(d) => d.total === 0}
        empty={empty}
      >
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table>
                <Table.Thead>
                  <Table.Tr>{head}</Table.Tr>
                </Table.Thead>
                <Table.Tbody>{rows(data)}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pages page={page} total={data.total} onChange={onPage} />
          </>
        )}
      </QueryState>
    </Paper>
  );
}

function MutationTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      query={useWalletMutations(page)}
      page={page}
      onPage={setPage}
      empty={<EmptyState title={t('wallet.emptyMutation')}>{t('wallet.emptyMutationHint')}</EmptyState>}
      head={
        <>
          <Table.Th>{t('wallet.time')}</Table.Th>
          <Table.Th>{t('wallet.description')}</Table.Th>
          <Table.Th ta="right">{t('wallet.amount')}</Table.Th>
          <Table.Th ta="right">{t('wallet.balanceAfter')}</Table.Th>
        </>
      }
      rows={(data) =>
        data.items.map((m) => (
          <Table.Tr key={m.id}>
            <Table.Td>{new Date(m.createdAt).toLocaleString(i18n.language)}</Table.Td>
            <Table.Td>{t(`wallet.kind.${m.kind}`, { reference: m.reference })}</Table.Td>
            <Table.Td ta="right">
              <Text size="sm" c={m.amount < 0 ? 'red' : 'green'}>
                {`${m.amount > 0 ? '+' : ''}${formatRupiah(m.amount, i18n.language)}`}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{formatRupiah(m.balanceAfter, i18n.language)}</Table.Td>
          </Table.Tr>
        ))
      }
    />
  );
}

function PendingTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      query={useWalletPending(page)}
      page={page}
      onPage={setPage}
      empty={<EmptyState title={t('wallet.emptyPending')}>{t('wallet.emptyPendingHint')}</EmptyState>}
      head={
        <>
          <Table.Th>{t('wallet.time')}</Table.Th>
          <Table.Th>{t('wallet.destination')}</Table.Th>
          <Table.Th>{t('wallet.status')}</Table.Th>
          <Table.Th>{t('wallet.estimated')}</Table.Th>
          <Table.Th ta="right">{t('wallet.amount')}</Table.Th>
        </>
      }
      rows={(data) =>
        data.items.map((w) => (
          <Table.Tr key={w.id}>
            <Table.Td>{new Date(w.createdAt).toLocaleString(i18n.language)}</Table.Td>
            <Table.Td>{w.destination}</Table.Td>
            <Table.Td>
              <Badge variant="light" color="blue">
                {t('wallet.inProcess')}
              </Badge>
            </Table.Td>
            <Table.Td>{new Date(w.estimatedDisbursementAt).toLocaleString(i18n.language)}</Table.Td>
            <Table.Td ta="right">{formatRupiah(w.amount, i18n.language)}</Table.Td>
          </Table.Tr>
        ))
      }
    />
  );
}

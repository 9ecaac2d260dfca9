import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Timeline,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  can,
  DELIVERY_METHODS,
  type DeliveryMethod,
  nextTransactionStatus,
  TRANSACTION_STATUSES,
  type Transaction,
  type TransactionStatus,
  type TransactionSummary,
} from '@sapa/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accessSubjectOf, errorMessage, useMe } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadMoreButton } from '../../shared/ui/LoadMore';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatRupiah } from '../payments';
import { useChangeStatus, useNoticeTemplates, useTransaction, useTransactions } from './api';

const STATUS_COLOR: Record<TransactionStatus, string> = {
  new_order: 'blue',
  prepared: 'yellow',
  ready: 'teal',
  done: 'green',
  cancelled: 'gray',
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`orders.status.${status}`)}
    </Badge>
  );
}

const isStatus = (v: string | null): v is TransactionStatus =>
  (TRANSACTION_STATUSES as readonly string[]).includes(v ?? '');

/**
 * /transaction (001 §2 Transactions): tabs New Order, Prepared, Ready, Done, Cancelled; search by number or
 * customer name; service type filter; keyset "load more"; the detail with items, customer, delivery, timeline
 * and the next status step. The tab and the open order are in the address.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TransactionStatus = isStatus(tabParam) ? tabParam : 'new_order';
  const openId = params.get('id');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [delivery, setDelivery] = useState<DeliveryMethod | null>(null);
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: key === 'tab' },
    );
  return (
    <Stack gap="md">
      <Title order={2}>{t('orders.page.title')}</Title>
      <Tabs value={tab} onChange={(v) => set('tab', v)}>
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {TRANSACTION_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`orders.status.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('orders.page.search')}
          placeholder={t('orders.page.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label={t('orders.page.serviceType')}
          placeholder={t('orders.page.allServices')}
          data={DELIVERY_METHODS.map((d) => ({ value: d, label: t(`orders.delivery.${d}`) }))}
          value={delivery}
          onChange={(v) => setDelivery(v as DeliveryMethod | null)}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      <TransactionList
        filters={{
          status: tab,
          ...(debounced ? { search: debounced } : {}),
          ...(delivery ? { delivery } : {}),
        }}
        onOpen={(id) => set('id', id)}
      />
      <TransactionDrawer id={openId} onClose={() => set('id', null)} />
    </Stack>
  );
}

/** A list of orders (the page's tab, or a contact's history). */
export function TransactionList({
  filters,
  onOpen,
}: {
  filters: Parameters<typeof useTransactions>[0];
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const list = useTransactions(filters);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <QueryState
      query={list}
      keepDataOnError
      loading={<SkeletonRows count={5} height={64} />}
      isEmpty={items.length === 0}
      empty={<EmptyState title={t('orders.page.empty')}>{t('orders.page.emptyHint')}</EmptyState>}
    >
      <Stack gap="xs" data-testid="transaction-list">
        {items.map((tx) => (
          <TransactionRow key={tx.id} tx={tx} onOpen={() => onOpen(tx.id)} />
        ))}
        <LoadMoreButton pages={list} />
      </Stack>
    </QueryState>
  );
}

function TransactionRow({ tx, onOpen }: { tx: TransactionSummary; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton onClick={onOpen} data-testid="transaction-row">
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{tx.number}</Text>
              <TransactionStatusBadge status={tx.status} />
              {tx.paid ? (
                <Badge color="green" variant="outline">
                  {t('orders.page.paid')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" truncate>
              {tx.customerName}
            </Text>
            <Text size="xs" c="dimmed">
              {new Date(tx.createdAt).toLocaleString(i18n.language)} ·{' '}
              {tx.delivery === 'courier'
                ? (tx.courierName ?? t('orders.delivery.courier'))
                : t('orders.delivery.pickup')}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text fw={700}>{formatRupiah(tx.total, i18n.language)}</Text>
            <Text size="xs" c="dimmed">
              {t('orders.page.items', { count: tx.itemCount })}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** The detail of one order in a drawer. */
export function TransactionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true);
  const detail = useTransaction(id);
  return (
    <Drawer
      opened={Boolean(id)}
      onClose={onClose}
      position="right"
      size={wide ? 520 : '100%'}
      title={
        <Title order={2} size="h4">
          {detail.data?.number ?? t('orders.page.detail')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {id ? (
        <QueryState
          query={detail}
          errorFrame={() => <Alert color="red">{t('orders.page.detailFailed')}</Alert>}
        >
          {(tx) => <TransactionDetail tx={tx} />}
        </QueryState>
      ) : null}
    </Drawer>
  );
}

function TransactionDetail({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const money = (n: number) => formatRupiah(n, i18n.language);
  const a = tx.address;
  return (
    <Stack gap="md" data-testid="transaction-detail">
      <Group gap="xs">
        <TransactionStatusBadge status={tx.status} />
        {tx.paid ? <Badge color="green">{t('orders.page.paid')}</Badge> : null}
      </Group>
      {tx.paymentUrl ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('orders.page.paymentLink')}{' '}
          <Anchor href={tx.paymentUrl} target="_blank" rel="noreferrer">
            {tx.paymentUrl}
          </Anchor>
        </Text>
      ) : null}
      <StatusActions tx={tx} />
      <section>
        <Title order={3} size="h6" mb={4}>
          {t('orders.page.customer')}
        </Title>
        <Text size="sm">{tx.customerName}</Text>
        {tx.customerPhone ? (
          <Text size="sm" c="dimmed">
            {tx.customerPhone}
          </Text>
        ) : null}
      </section>
      <section>
        <Title order={3} size="h6" mb={4}>
          {t('orders.fields.delivery')}
        </Title>
        <Text size="sm">
          {tx.delivery === 'courier'
            ? `${tx.courierName ?? ''}${tx.courierEstimate ? ` · ${tx.courierEstimate}` : ''}`
            : t('orders.delivery.pickup')}
        </Text>
        {a ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {`${a.fullAddress}, ${a.district}, ${a.city}, ${a.province} ${a.postalCode}`}
          </Text>
        ) : null}
        {tx.note ? <Text size="sm">{t('orders.page.noteLine', { note: tx.note })}</Text> : null}
      </section>
      <section>
        <Title order={3} size="h6" mb={4}>
          {t('orders.page.itemsTitle')}
        </Title>
        <Stack gap={6}>
          {tx.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's items never change; their position is their key.
            <Group key={i} justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text size="sm">
                  {item.name} × {item.quantity}
                </Text>
                {item.variants.length ? (
                  <Text size="xs" c="dimmed">
                    {item.variants.map((v) => v.optionName).join(', ')}
                  </Text>
                ) : null}
                {item.note ? (
                  <Text size="xs" c="dimmed">
                    {item.note}
                  </Text>
                ) : null}
              </div>
              <Text size="sm">{money(item.subtotal)}</Text>
            </Group>
          ))}
        </Stack>
        <Divider my="xs" />
        <Group justify="space-between">
          <Text size="sm">{t('orders.fields.shippingFee')}</Text>
          <Text size="sm">{money(tx.shippingFee)}</Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>{t('orders.fields.total')}</Text>
          <Text fw={700}>{money(tx.total)}</Text>
        </Group>
      </section>
      <section>
        <Title order={3} size="h6" mb="xs">
          {t('orders.page.timeline')}
        </Title>
        <Timeline active={tx.timeline.length - 1} bulletSize={14} lineWidth={2}>
          {tx.timeline.map((e) => (
            <Timeline.Item key={`${e.status}-${e.at}`} title={t(`orders.status.${e.status}`)}>
              <Text size="xs" c="dimmed">
                {new Date(e.at).toLocaleString(i18n.language)}
                {e.byName ? ` · ${e.byName}` : ''}
                {e.notified ? ` · ${t('orders.page.customerTold')}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </section>
    </Stack>
  );
}

/** 001 §4 status steps: the next one forward, or cancel; optionally telling the customer in the chat. */
function StatusActions({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  const me = useMe();
  const change = useChangeStatus();
  const [notify, setNotify] = useState(true);
  // Outside the chat's 24-hour window the notice goes as an approved template (issue 19 §3), when one is chosen.
  const [templateId, setTemplateId] = useState<string | null>(null);
  const templates = useNoticeTemplates(notify && tx.ticketId !== null);
  const next = nextTransactionStatus(tx.status);
  const mayUpdate = me.data ? can(accessSubjectOf(me.data), 'TRANSACTION', 'UPDATE') : false;
  if (!mayUpdate || tx.status === 'done' || tx.status === 'cancelled') return null;
  const move = (status: TransactionStatus) =>
    change.mutate(
      {
        id: tx.id,
        status,
        notify: notify && tx.ticketId !== null,
        templateId,
        variables: [tx.number, t(`orders.status.${status}`)].slice(
          0,
          templates.data?.find((x) => x.id === templateId)?.variables.length ?? 0,
        ),
      },
      {
        onSuccess: (res) =>
          notifications.show({
            color: res.notified || !notify ? 'green' : 'yellow',
            message:
              notify && !res.notified
                ? t('orders.page.movedNotTold')
                : res.notifiedBy === 'template'
                  ? t('orders.page.movedByTemplate', { status: t(`orders.status.${status}`) })
                  : t('orders.page.moved', { status: t(`orders.status.${status}`) }),
          }),
      },
    );
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        {tx.ticketId ? (
          <Checkbox
            label={t('orders.page.tellCustomer')}
            checked={notify}
            onChange={(e) => setNotify(e.currentTarget.checked)}
          />
        ) : null}
        {tx.ticketId && notify ? (
          <Select
            label={t('orders.page.noticeTemplate')}
            description={t('orders.page.noticeTemplateHint')}
            placeholder={t('orders.page.noTemplate')}
            data={(templates.data ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.language})` }))}
            value={templateId}
            onChange={setTemplateId}
            clearable
            data-testid="notice-template"
          />
        ) : null}
        <Group gap="xs">
          {next ? (
            <Button onClick={() => move(next)} loading={change.isPending} data-testid="next-status">
              {t(`orders.page.moveTo.${next}`)}
            </Button>
          ) : null}
          <Button variant="light" color="red" onClick={() => move('cancelled')} disabled={change.isPending}>
            {t('orders.page.cancel')}
          </Button>
        </Group>
        {change.error ? (
          <Alert color="red" role="alert">
            {errorMessage(change.error)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

import { Alert, Badge, Button, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type Bill, can } from '@sapa/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, useMe } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatRupiah } from '../payments';
import { HISTORY_PAGE_SIZE, openDocument, useActiveBills, useBillHistory } from './api';
import { ConfirmUsageDialog, PayBillDialog } from './BillDialogs';

/** 001 §2 /setting/finance: active bills grouped (000 §3), history, usage confirmation, payment, downloads. */
export function FinancePage() {
  const { t } = useTranslation();
  const active = useActiveBills();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('finance.title')}
      </Title>
      {active.data?.blocked && (
        <Alert color="red" role="alert" data-testid="finance-blocked">
          {t('finance.blocked')}
        </Alert>
      )}
      <QueryState query={active} loading={<SkeletonRows count={3} height={64} />}>
        {(data) =>
          data.overdue.length + data.pendingConfirmation.length + data.pendingPayment.length === 0 ? (
            <EmptyState title={t('finance.emptyActive')}>{t('finance.emptyActiveHint')}</EmptyState>
          ) : (
            <Stack gap="md">
              <BillGroup title={t('finance.group.overdue')} bills={data.overdue} />
              <BillGroup title={t('finance.group.pendingConfirmation')} bills={data.pendingConfirmation} />
              <BillGroup title={t('finance.group.pendingPayment')} bills={data.pendingPayment} />
            </Stack>
          )
        }
      </QueryState>
      <Title order={2} size="h4">
        {t('finance.history')}
      </Title>
      <History />
    </Stack>
  );
}

function BillGroup({ title, bills }: { title: string; bills: Bill[] }) {
  if (bills.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {title}
      </Title>
      {bills.map((b) => (
        <BillCard key={b.id} bill={b} />
      ))}
    </Stack>
  );
}

const STATUS_COLOR: Partial<Record<Bill['status'], string>> = {
  OVERDUE: 'red',
  PENDING_CONFIRMATION: 'yellow',
  REJECT_CONFIRMATION: 'orange',
  PAID: 'green',
  MANUAL_RELEASE: 'teal',
};

function StatusBadge({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[bill.status] ?? 'blue'} variant="light">
      {t(`finance.status.${bill.status}`, { days: bill.overdueDays ?? 0 })}
    </Badge>
  );
}

function Downloads({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {bill.documents
          .filter((d) => d.kind !== 'PAYMENT_PROOF_IMAGE')
          .map((d) => (
            <Button
              key={d.kind}
              size="compact-sm"
              variant="subtle"
              leftSection={<IconDownload size={14} />}
              onClick={() => openDocument(bill.id, d.kind).catch((err) => setError(errorMessage(err)))}
            >
              {t(`finance.document.${d.kind}`)}
            </Button>
          ))}
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function BillCard({ bill }: { bill: Bill }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [dialog, setDialog] = useState<'confirm' | 'pay' | null>(null);
  const canAct = me.data ? can(accessSubjectOf(me.data), 'SETTING_FINANCE', 'UPDATE') : false;
  const payable = bill.status === 'WAITING_PAYMENT' || bill.status === 'OVERDUE';
  return (
    <Paper withBorder radius="md" p="md" data-testid={`bill-${bill.number}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>{t('finance.period', { period: bill.period, number: bill.number })}</Text>
            <Text size="sm" c="dimmed">
              {bill.paymentDueDate
                ? t('finance.payBy', { date: bill.paymentDueDate })
                : t('finance.confirmBy', { date: bill.confirmationDueDate })}
            </Text>
          </div>
          <Group gap="sm">
            <Text fw={700}>{formatRupiah(bill.total, i18n.language)}</Text>
            <StatusBadge bill={bill} />
          </Group>
        </Group>
        <Downloads bill={bill} />
        {canAct && (
          <Group gap="sm">
            {bill.status === 'PENDING_CONFIRMATION' && (
              <Button onClick={() => setDialog('confirm')}>{t('finance.confirmUsage')}</Button>
            )}
            {payable && <Button onClick={() => setDialog('pay')}>{t('finance.pay')}</Button>}
            {bill.status === 'PAYMENT_PROCESS' && bill.checkoutUrl && (
              <Button component="a" href={bill.checkoutUrl} target="_blank" rel="noopener" variant="light">
                {t('finance.continuePayment')}
              </Button>
            )}
          </Group>
        )}
        {bill.status === 'PAYMENT_PROCESS' && !bill.checkoutUrl && (
          <Text size="sm" c="dimmed">
            {t('finance.proofInReview')}
          </Text>
        )}
      </Stack>
      {dialog === 'confirm' && <ConfirmUsageDialog bill={bill} onClose={() => setDialog(null)} />}
      {dialog === 'pay' && <PayBillDialog bill={bill} onClose={() => setDialog(null)} />}
    </Paper>
  );
}

function History() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useBillHistory(page);
  return (
    <QueryState query={history} loading={<SkeletonRows count={3} height={32} />}>
      {(data) =>
        data.total === 0 ? (
          <EmptyState title={t('finance.emptyHistory')}>{t('finance.emptyHistoryHint')}</EmptyState>
        ) : (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('finance.col.period')}</Table.Th>
                    <Table.Th>{t('finance.col.amount')}</Table.Th>
                    <Table.Th>{t('finance.col.status')}</Table.Th>
                    <Table.Th>{t('finance.col.documents')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((b) => (
                    <Table.Tr key={b.id}>
                      <Table.Td>{t('finance.period', { period: b.period, number: b.number })}</Table.Td>
                      <Table.Td>{formatRupiah(b.total, i18n.language)}</Table.Td>
                      <Table.Td>
                        <StatusBadge bill={b} />
                      </Table.Td>
                      <Table.Td>
                        <Downloads bill={b} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.total > HISTORY_PAGE_SIZE && (
              <Pagination
                size="sm"
                value={page}
                onChange={setPage}
                total={Math.ceil(data.total / HISTORY_PAGE_SIZE)}
              />
            )}
          </Stack>
        )
      }
    </QueryState>
  );
}

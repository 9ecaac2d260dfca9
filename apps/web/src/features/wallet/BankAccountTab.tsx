import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { type BankAccount, can, WALLET_BANKS, type WalletBankCode } from '@sapa/contracts';
import { IconRefresh, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, useMe } from '../../shared/api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import {
  useAddBankAccount,
  useBankAccounts,
  useCheckBankAccount,
  useDeleteBankAccount,
  useMakePrimaryBankAccount,
} from './api';

const STATUS_COLOR: Record<BankAccount['inquiryStatus'], string> = {
  VERIFIED: 'green',
  PENDING: 'yellow',
  FAILED: 'red',
};

/** Business settings › Bank account (001 §2, §3; 000 §6 store bank, ID only): accounts checked by the gateway. */
export function BankAccountTab() {
  const { t } = useTranslation();
  const me = useMe();
  const subject = me.data ? accessSubjectOf(me.data) : null;
  const canRead = subject ? can(subject, 'STORE_BANK', 'READ') : false;
  const accounts = useBankAccounts(canRead);
  const check = useCheckBankAccount();
  const primary = useMakePrimaryBankAccount();
  const remove = useDeleteBankAccount();
  const [deleting, setDeleting] = useState<BankAccount | null>(null);
  if (!canRead) return <Alert color="gray">{t('wallet.bank.noAccess')}</Alert>;
  const canCreate = subject ? can(subject, 'STORE_BANK', 'CREATE') : false;
  const canUpdate = subject ? can(subject, 'STORE_BANK', 'UPDATE') : false;
  const canDelete = subject ? can(subject, 'STORE_BANK', 'DELETE') : false;
  const rowError = check.error ?? primary.error;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('wallet.bank.intro')}
      </Text>
      {rowError && (
        <Alert color="red" role="alert">
          {errorMessage(rowError)}
        </Alert>
      )}
      <QueryState
        query={accounts}
        loading={<SkeletonRows count={2} height={36} />}
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyState title={t('wallet.bank.empty')}>{t('wallet.bank.emptyHint')}</EmptyState>}
      >
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('wallet.bank.bank')}</Table.Th>
                  <Table.Th>{t('wallet.bank.accountNo')}</Table.Th>
                  <Table.Th>{t('wallet.bank.holder')}</Table.Th>
                  <Table.Th>{t('wallet.bank.inquiry')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      {a.bank}{' '}
                      {a.isPrimary && (
                        <Badge size="xs" variant="light">
                          {t('wallet.bank.primary')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{a.accountNo}</Table.Td>
                    <Table.Td>{a.accountHolder}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOR[a.inquiryStatus]}>
                        {t(`wallet.bank.status.${a.inquiryStatus}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {canUpdate && a.inquiryStatus !== 'VERIFIED' && (
                          <Tooltip label={t('wallet.bank.recheck')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('wallet.bank.recheck')}
                              loading={check.isPending && check.variables === a.id}
                              onClick={() => check.mutate(a.id)}
                            >
                              <IconRefresh size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {canUpdate && !a.isPrimary && (
                          <Tooltip label={t('wallet.bank.makePrimary')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('wallet.bank.makePrimary')}
                              onClick={() => primary.mutate(a.id)}
                            >
                              <IconStar size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {canDelete && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('wallet.bank.delete')}
                            onClick={() => {
                              remove.reset();
                              setDeleting(a);
                            }}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {canCreate && (accounts.data?.items.length ?? 0) < (accounts.data?.max ?? 0) && <AddBankAccount />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('wallet.bank.deleteTitle')}
        confirmLabel={t('wallet.bank.delete')}
        loading={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        {deleting ? t('wallet.bank.deleteText', { account: `${deleting.bank} ${deleting.accountNo}` }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

function AddBankAccount() {
  const { t } = useTranslation();
  const add = useAddBankAccount();
  const [bank, setBank] = useState<WalletBankCode | null>(null);
  const [accountNo, setAccountNo] = useState('');
  const [accountHolder, setAccountHolder] = useState('');
  const submit = () => {
    if (!bank) return;
    add.mutate(
      { bank, accountNo, accountHolder },
      {
        onSuccess: () => {
          setAccountNo('');
          setAccountHolder('');
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t('wallet.bank.add')}</Text>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('wallet.bank.bank')}
            data={WALLET_BANKS.map((b) => ({ value: b.code, label: b.name }))}
            value={bank}
            onChange={(v) => setBank(v as WalletBankCode | null)}
            miw={200}
          />
          <TextInput
            label={t('wallet.bank.accountNo')}
            value={accountNo}
            inputMode="numeric"
            onChange={(e) => setAccountNo(e.currentTarget.value)}
            miw={180}
          />
          <TextInput
            label={t('wallet.bank.holder')}
            value={accountHolder}
            onChange={(e) => setAccountHolder(e.currentTarget.value)}
            miw={200}
          />
        </Group>
        {add.error && (
          <Alert color="red" role="alert">
            {errorMessage(add.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button loading={add.isPending} disabled={!bank || !accountNo || !accountHolder} onClick={submit}>
            {t('wallet.bank.addAndCheck')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Alert, Anchor, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { type ResponseOf, WITHDRAWAL_MAX, WITHDRAWAL_MIN, type walletEndpoints } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api';
import { formatRupiah } from '../payments';
import { useWithdraw } from './api';

type Wallet = ResponseOf<typeof walletEndpoints.wallet>;

/** The withdraw dialog: destination and amount, then a confirmation of both before the money leaves. */
export function WithdrawDialog({ wallet, onClose }: { wallet: Wallet; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const primary = wallet.destinations.find((d) => d.isPrimary) ?? wallet.destinations[0];
  const [accountId, setAccountId] = useState<string | null>(primary?.id ?? null);
  const [amount, setAmount] = useState<number | ''>('');
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdraw();
  const rupiah = (n: number) => formatRupiah(n, i18n.language);
  const destination = wallet.destinations.find((d) => d.id === accountId);
  const label = (d: Wallet['destinations'][number]) => `${d.bank} ••${d.accountNoLast4} · ${d.accountHolder}`;
  const amountError =
    amount === ''
      ? null
      : amount < WITHDRAWAL_MIN || amount > WITHDRAWAL_MAX
        ? t('wallet.amountRange', { min: rupiah(WITHDRAWAL_MIN), max: rupiah(WITHDRAWAL_MAX) })
        : amount > wallet.available
          ? t('wallet.balanceShort')
          : null;
  const ready = destination && amount !== '' && !amountError;
  const submit = () => {
    if (!ready) return;
    withdraw.mutate({ amount, bankAccountId: destination.id }, { onSuccess: onClose });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('wallet.withdrawTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {wallet.destinations.length === 0 ? (
        <Stack gap="md">
          <Text>{t('wallet.noDestination')}</Text>
          <Anchor component={Link} to="/setting/store?tab=bank">
            {t('wallet.goToBankAccounts')}
          </Anchor>
        </Stack>
      ) : confirming && ready ? (
        <Stack gap="md">
          <Text>{t('wallet.confirmText', { amount: rupiah(amount), destination: label(destination) })}</Text>
          <Text size="sm" c="dimmed">
            {t('wallet.payoutWithin')}
          </Text>
          {withdraw.error && (
            <Alert color="red" role="alert">
              {errorMessage(withdraw.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.back')}
            </Button>
            <Button loading={withdraw.isPending} onClick={submit}>
              {t('wallet.confirmWithdraw')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('wallet.availableNow', { amount: rupiah(wallet.available) })}</Text>
          <Select
            label={t('wallet.destination')}
            data={wallet.destinations.map((d) => ({ value: d.id, label: label(d) }))}
            value={accountId}
            onChange={setAccountId}
            allowDeselect={false}
          />
          <NumberInput
            label={t('wallet.amount')}
            value={amount}
            onChange={(v) => setAmount(typeof v === 'number' ? v : '')}
            min={0}
            allowDecimal={false}
            thousandSeparator="."
            decimalSeparator=","
            prefix="Rp"
            error={amountError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button disabled={!ready} onClick={() => setConfirming(true)}>
              {t('wallet.continue')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

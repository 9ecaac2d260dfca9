import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { type PaymentMethodCode, TOP_UP_MAX, TOP_UP_MIN } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { usePaymentFee, usePaymentMethods, useTopUp } from './api';
import { formatRupiah } from './money';
import { PaymentMethodRadios } from './PaymentMethodRadios';

/**
 * 001 §2 payment dialog for a chat-credit top-up: the amount, the method (each with its fee; one that is off
 * is shown as temporarily off), the fee and total, then the gateway's payment page opens.
 */
export function TopUpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const methods = usePaymentMethods(opened);
  const topUp = useTopUp();
  const [amount, setAmount] = useState<number | ''>(100_000);
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const validAmount =
    typeof amount === 'number' && Number.isInteger(amount) && amount >= TOP_UP_MIN && amount <= TOP_UP_MAX
      ? amount
      : null;
  const fee = usePaymentFee(method, validAmount);
  const rupiah = (n: number) => formatRupiah(n, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (method === null || validAmount === null) return;
    topUp.mutate(
      { method, amount: validAmount },
      {
        onSuccess: (payment) => {
          if (payment.checkoutUrl) window.open(payment.checkoutUrl, '_blank', 'noopener');
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('payments.topUpTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NumberInput
            label={t('payments.amount')}
            description={t('payments.amountHint', { min: rupiah(TOP_UP_MIN), max: rupiah(TOP_UP_MAX) })}
            value={amount}
            onChange={(v) => setAmount(typeof v === 'number' ? v : '')}
            min={TOP_UP_MIN}
            max={TOP_UP_MAX}
            step={10_000}
            allowDecimal={false}
            thousandSeparator="."
            decimalSeparator=","
            prefix="Rp"
            error={
              amount !== '' && validAmount === null
                ? t('payments.amountHint', { min: rupiah(TOP_UP_MIN), max: rupiah(TOP_UP_MAX) })
                : undefined
            }
            required
          />
          <QueryState query={methods} loading={<SkeletonRows count={3} height={28} />}>
            {(list) => <PaymentMethodRadios methods={list} value={method} onChange={setMethod} required />}
          </QueryState>
          {fee.data && (
            <Stack gap={2} aria-live="polite">
              <Group justify="space-between">
                <Text size="sm">{t('payments.feeWithVat')}</Text>
                <Text size="sm">{rupiah(fee.data.fee)}</Text>
              </Group>
              <Group justify="space-between">
                <Text fw={600}>{t('payments.total')}</Text>
                <Text fw={600}>{rupiah(fee.data.total)}</Text>
              </Group>
            </Stack>
          )}
          {topUp.isError && (
            <Alert color="red" role="alert">
              {errorMessage(topUp.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={topUp.isPending}
              disabled={method === null || validAmount === null}
            >
              {t('payments.pay')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import {
  type OrderKind,
  type PaymentMethodCode,
  type SelfServePackage,
  SUBSCRIPTION_PERIOD_MONTHS,
  type SubscriptionPeriodMonths,
} from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatRupiah, PaymentMethodRadios } from '../payments';
import { type QuoteBody, useOrderQuote, usePlaceOrder, useSubscriptionPaymentMethods } from './api';

export interface OrderChoice {
  kind: OrderKind;
  package?: SelfServePackage;
  /** The gateway's page opens in this tab (a new owner from sign-up: paid, it returns to the dashboard). */
  checkoutHere?: boolean;
}

/**
 * 001 §2 subscription: package (chosen on the page), period, payment method, summary with VAT 11% and the
 * method's fee, terms; then the gateway's payment page opens. The plan changes when the gateway confirms.
 */
export function SubscribeDialog({ choice, onClose }: { choice: OrderChoice | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const opened = choice !== null;
  const methods = useSubscriptionPaymentMethods(opened);
  const place = usePlaceOrder();
  const [months, setMonths] = useState<SubscriptionPeriodMonths>(3);
  const [extraUsers, setExtraUsers] = useState<number>(choice?.kind === 'extra_users' ? 1 : 0);
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const [terms, setTerms] = useState(false);
  const rupiah = (n: number) => formatRupiah(n, i18n.language);
  const needsPeriod = choice?.kind === 'start' || choice?.kind === 'extend';
  const body: QuoteBody | null = choice
    ? {
        kind: choice.kind,
        ...(choice.package ? { package: choice.package } : {}),
        ...(needsPeriod ? { months } : {}),
        ...(choice.kind === 'start' || choice.kind === 'extra_users' ? { extraUsers } : {}),
        ...(method ? { method } : {}),
      }
    : null;
  const quote = useOrderQuote(body);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body || !method || !terms) return;
    place.mutate(
      { ...body, method, acceptTerms: true },
      {
        onSuccess: (order) => {
          const url = order.payment.checkoutUrl;
          if (url && choice?.checkoutHere) window.location.assign(url);
          else if (url) window.open(url, '_blank', 'noopener');
          onClose();
        },
      },
    );
  };

  const title = choice
    ? t(`plans.dialog.${choice.kind}`, { package: choice.package ? t(`plans.tier.${choice.package}`) : '' })
    : '';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {needsPeriod && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="plan-period-label">
                {t('plans.period')}
              </Text>
              <SegmentedControl
                aria-labelledby="plan-period-label"
                value={String(months)}
                onChange={(v) => setMonths(Number(v) as SubscriptionPeriodMonths)}
                data={SUBSCRIPTION_PERIOD_MONTHS.map((m) => ({
                  value: String(m),
                  label: t('plans.months', { count: m }),
                }))}
              />
            </Stack>
          )}
          {(choice?.kind === 'start' || choice?.kind === 'extra_users') && (
            <NumberInput
              label={t('plans.extraUsers')}
              description={t('plans.extraUsersHint')}
              value={extraUsers}
              onChange={(v) => setExtraUsers(typeof v === 'number' ? v : 0)}
              min={choice.kind === 'extra_users' ? 1 : 0}
              max={100}
              allowDecimal={false}
            />
          )}
          <QueryState query={methods} loading={<SkeletonRows count={3} height={28} />}>
            {(list) => <PaymentMethodRadios methods={list} value={method} onChange={setMethod} required />}
          </QueryState>
          {quote.isError && (
            <Alert color="red" role="alert">
              {errorMessage(quote.error)}
            </Alert>
          )}
          {quote.data && (
            <Stack gap={2} aria-live="polite" data-testid="order-summary">
              <Text fw={600}>{t('plans.summary')}</Text>
              <SummaryLine label={t('plans.serviceFee')} value={rupiah(quote.data.price.net)} />
              <SummaryLine label={t('plans.vat')} value={rupiah(quote.data.price.vat)} />
              {method && <SummaryLine label={t('payments.feeWithVat')} value={rupiah(quote.data.fee)} />}
              <SummaryLine label={t('payments.total')} value={rupiah(quote.data.total)} strong />
              <Text size="sm" c="dimmed">
                {t('plans.validUntil', {
                  date: new Date(quote.data.endsAt).toLocaleDateString(i18n.language),
                })}
              </Text>
            </Stack>
          )}
          <Checkbox
            checked={terms}
            onChange={(e) => setTerms(e.currentTarget.checked)}
            label={t('plans.terms')}
          />
          {place.isError && (
            <Alert color="red" role="alert">
              {errorMessage(place.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={place.isPending} disabled={!method || !terms || !quote.data}>
              {t('payments.pay')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SummaryLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

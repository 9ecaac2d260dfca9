import { Radio, Stack } from '@mantine/core';
import type { PaymentMethodCode, paymentMethodSchema } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatCredits, formatRupiah } from './money';

type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * The gateway's payment methods as one radio group (top-up, plan purchase, bill payment): each method with its
 * fee, a method that is temporarily off disabled and saying so (001 §8).
 */
export function PaymentMethodRadios({
  methods,
  value,
  onChange,
  required,
}: {
  methods: PaymentMethod[];
  value: PaymentMethodCode | null;
  onChange: (code: PaymentMethodCode) => void;
  required?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const feeOf = (m: PaymentMethod) => {
    if (!m.available) return t('payments.methodOff');
    if (m.fee.flat !== null) return t('payments.feeFlat', { fee: formatRupiah(m.fee.flat, i18n.language) });
    return t('payments.feePercent', {
      percent: formatCredits((m.fee.basisPoints ?? 0) / 100, i18n.language),
    });
  };
  return (
    <Radio.Group
      label={t('payments.method')}
      value={value}
      onChange={(v) => onChange(v as PaymentMethodCode)}
      required={required}
    >
      <Stack gap={6} mt={6}>
        {methods.map((m) => (
          <Radio key={m.code} value={m.code} disabled={!m.available} label={m.name} description={feeOf(m)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

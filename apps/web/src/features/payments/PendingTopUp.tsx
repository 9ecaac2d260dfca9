import { Alert, Anchor, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayments } from './api';
import { formatRupiah } from './money';

/**
 * 001 §4 Top-up: the unpaid top-up (a new one is refused until it is paid or expires), with the gateway's payment
 * page; `onSettled` runs when a top-up shown here is paid, so the balance and mutations refresh.
 */
export function PendingTopUp({ onSettled }: { onSettled: () => void }) {
  const { t, i18n } = useTranslation();
  const payments = usePayments();
  const latest = payments.data?.pages[0]?.items.find((p) => p.purpose === 'top_up');
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (latest?.status === 'pending') watched.current = latest.id;
    else if (latest && watched.current === latest.id) {
      watched.current = null;
      onSettled();
    }
  }, [latest, onSettled]);
  if (latest?.status !== 'pending') return null;
  return (
    <Alert color="yellow" title={t('payments.pendingTitle')}>
      <Text size="sm">
        {t('payments.pendingText', {
          total: formatRupiah(latest.total, i18n.language),
          method: latest.method,
          until: new Date(latest.expiresAt).toLocaleString(i18n.language),
        })}
      </Text>
      {latest.checkoutUrl && (
        <Anchor href={latest.checkoutUrl} target="_blank" rel="noopener" size="sm">
          {t('payments.openPage')}
        </Anchor>
      )}
    </Alert>
  );
}

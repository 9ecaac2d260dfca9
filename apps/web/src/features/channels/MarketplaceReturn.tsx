import { Alert } from '@mantine/core';
import { IconAlertCircle, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMessage } from '../../shared/forms/useMessage';

/**
 * Where a marketplace's consent came back to (Shopee → Sapa's callback → this tab): `connected=SHP` says the
 * store is connected; `error=<001 §8 message key>` says why it is not (store not found, connected to another
 * business, …), translated. Closing the notice drops it from the address.
 */
export function MarketplaceReturn() {
  const { t } = useTranslation();
  const message = useMessage();
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const error = params.get('error');
  if (connected !== 'SHP' && !error) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  return connected === 'SHP' ? (
    <Alert
      color="green"
      icon={<IconPlugConnected aria-hidden />}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={close}
    >
      {t('channels.shopee.connected')}
    </Alert>
  ) : (
    <Alert
      color="red"
      role="alert"
      icon={<IconAlertCircle aria-hidden />}
      title={t('channels.shopee.failed')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={close}
    >
      {message(error)}
    </Alert>
  );
}

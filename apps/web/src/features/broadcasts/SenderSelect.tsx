import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWhatsappSenders } from './api';

/**
 * The sending WhatsApp number of a broadcast (001 §3 sender account). `value` null means the first connected
 * number, which `useSender` resolves.
 */
export function SenderSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const senders = useWhatsappSenders();
  return (
    <Select
      label={t('broadcasts.sender')}
      required
      data={(senders.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.address})` }))}
      value={value ?? senders.data?.[0]?.id ?? null}
      onChange={onChange}
      error={error}
      nothingFoundMessage={t('broadcasts.noSender')}
      allowDeselect={false}
    />
  );
}

/** The chosen sender, or the first connected number when none was chosen. */
export function useSender(chosen: string | null): string | null {
  const senders = useWhatsappSenders();
  return chosen ?? senders.data?.[0]?.id ?? null;
}

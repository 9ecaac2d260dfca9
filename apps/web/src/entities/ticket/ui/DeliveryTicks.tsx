import { Box } from '@mantine/core';
import type { MessageStatus } from '@sapa/contracts';
import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Outbound delivery state: pending clock, sent ✓, delivered ✓✓, read ✓✓ blue, failed red. */
export function DeliveryTicks({ status }: { status: MessageStatus }) {
  const { t } = useTranslation();
  if (status === 'received') return null;
  const label = t(`inbox.status.${status}`);
  const icon =
    status === 'pending' ? (
      <IconClock size={14} aria-hidden />
    ) : status === 'sent' ? (
      <IconCheck size={14} aria-hidden />
    ) : status === 'failed' ? (
      <IconAlertCircle size={14} aria-hidden />
    ) : (
      <IconChecks size={14} aria-hidden />
    );
  const color =
    status === 'read'
      ? 'var(--mantine-color-blue-6)'
      : status === 'failed'
        ? 'var(--mantine-color-red-6)'
        : 'var(--mantine-color-gray-6)';
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      c={color}
      style={{ display: 'inline-flex' }}
      data-status={status}
    >
      {icon}
    </Box>
  );
}

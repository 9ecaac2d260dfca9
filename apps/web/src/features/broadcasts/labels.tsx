import { Badge } from '@mantine/core';
import type { BroadcastRecipientStatus, BroadcastStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<BroadcastStatus, string> = {
  need_approval: 'yellow',
  rejected: 'red',
  expired: 'gray',
  scheduled: 'indigo',
  in_process: 'blue',
  sending: 'blue',
  delivered: 'teal',
  read: 'green',
  partially_failed: 'orange',
  failed: 'red',
  failed_daily_quota: 'red',
  cancelled: 'gray',
};

/** 001 §4 broadcast status, translated. */
export function BroadcastStatusBadge({ status }: { status: BroadcastStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} style={{ textTransform: 'none' }}>
      {t(`broadcasts.status.${status}`)}
    </Badge>
  );
}

const RECIPIENT_COLOR: Record<BroadcastRecipientStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'blue',
  delivered: 'teal',
  read: 'green',
  failed: 'red',
};

/** 001 §4 recipient status (sent, connected = delivered, read, failed), translated. */
export function RecipientStatusBadge({ status }: { status: BroadcastRecipientStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={RECIPIENT_COLOR[status]} style={{ textTransform: 'none' }}>
      {t(`broadcasts.recipientStatus.${status}`)}
    </Badge>
  );
}

/** A template category as the spec names it (Marketing, Utility, Authentication). */
export function categoryLabel(category: string) {
  return category ? category.charAt(0) + category.slice(1).toLowerCase() : '—';
}

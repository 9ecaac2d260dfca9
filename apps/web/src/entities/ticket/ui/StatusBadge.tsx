import { Badge } from '@mantine/core';
import type { TicketSummary } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<TicketSummary['status'], string> = {
  unassigned: 'orange',
  assigned: 'blue',
  resolved: 'green',
  expired: 'red',
};

/** A ticket's status on its colour. */
export function StatusBadge({ status }: { status: TicketSummary['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="outline" color={STATUS_COLOR[status]} style={{ flexShrink: 0 }}>
      {t(`inbox.ticketStatus.${status}`)}
    </Badge>
  );
}

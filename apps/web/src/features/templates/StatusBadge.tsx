import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  approved: 'green',
  pending: 'yellow',
  rejected: 'red',
  paused: 'orange',
  disabled: 'gray',
  in_appeal: 'blue',
};

/** 001 §4 review status of a template, translated; a status Sapa does not know yet shows as it came. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[status] ?? 'gray'}
      variant="light"
      data-testid="template-status"
      data-status={status}
    >
      {t(`waTemplates.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

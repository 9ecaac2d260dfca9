import { ActionIcon, Tooltip } from '@mantine/core';
import { can, type Me } from '@sapa/contracts';
import { IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf } from '../../shared/api';
import type { BulkSelectionState } from './useBulkSelection';

/** Turns bulk update mode on and off (000 §4); only for users who may update tickets in the inbox. */
export function BulkModeToggle({ selection, me }: { selection: BulkSelectionState; me: Me }) {
  const { t } = useTranslation();
  if (!can(accessSubjectOf(me), 'CUSTOMER_SERVICE_INBOX', 'UPDATE')) return null;
  const label = selection.active ? t('bulk.exit') : t('bulk.enter');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={selection.active ? 'filled' : 'default'}
        size="md"
        aria-label={label}
        aria-pressed={selection.active}
        data-testid="bulk-mode"
        onClick={() => selection.setActive(!selection.active)}
      >
        <IconListCheck size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

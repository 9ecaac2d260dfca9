import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Edit and delete buttons at the end of a list row. Each is shown only when its handler is given;
 * the labels name the row's item for screen readers ("Edit Budi").
 */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onEdit ? (
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip label={t('common.delete')}>
          <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

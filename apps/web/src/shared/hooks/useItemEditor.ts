import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedDelete } from './useConfirmedDelete';

/**
 * The add / edit / delete flow of a settings list: which item the form edits, the saved notification,
 * and the delete confirmation (asked first, then the mutation, then the deleted notification).
 */
export function useItemEditor<T extends { id: string; name: string }>(options: {
  remove: UseMutationResult<unknown, unknown, string>;
  /** i18n keys taking `{{name}}`. */
  messages: { created: string; updated: string; deleted: string };
}) {
  const { t } = useTranslation();
  const { remove, messages } = options;
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const deletion = useConfirmedDelete<T>(remove, messages.deleted);
  return {
    editing,
    formOpened,
    deleting: deletion.deleting,
    openForm(item: T | null) {
      setEditing(item);
      setFormOpened(true);
    },
    closeForm: () => setFormOpened(false),
    onSaved(saved: { name: string }) {
      setFormOpened(false);
      notifications.show({
        color: 'green',
        message: t(editing ? messages.updated : messages.created, { name: saved.name }),
      });
    },
    askDelete: deletion.ask,
    cancelDelete: deletion.cancel,
    confirmDelete: deletion.confirm,
  };
}

import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editing,
    formOpened,
    deleting,
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
    askDelete(item: T) {
      remove.reset();
      setDeleting(item);
    },
    cancelDelete: () => setDeleting(null),
    confirmDelete() {
      if (!deleting) return;
      remove.mutate(deleting.id, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(messages.deleted, { name: deleting.name }) });
          setDeleting(null);
        },
      });
    },
  };
}

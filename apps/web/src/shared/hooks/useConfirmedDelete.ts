import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api';

/**
 * A delete that is confirmed first: `ask(item)` opens the confirmation (clearing the last refusal), its
 * confirm runs `remove`, then shows the deleted notification (`deletedMessage`, an i18n key taking
 * `{{name}}`) and closes; a refusal stays in the dialog. `dialog` is ConfirmDialog's state.
 */
export function useConfirmedDelete<T extends { id: string; name: string }>(
  remove: UseMutationResult<unknown, unknown, string>,
  deletedMessage: string,
) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<T | null>(null);
  const cancel = () => setDeleting(null);
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t(deletedMessage, { name: deleting.name }) });
        setDeleting(null);
      },
    });
  };
  return {
    deleting,
    ask(item: T) {
      remove.reset();
      setDeleting(item);
    },
    cancel,
    confirm,
    dialog: {
      opened: deleting !== null,
      loading: remove.isPending,
      error: remove.isError ? errorMessage(remove.error) : null,
      onConfirm: confirm,
      onClose: cancel,
    },
  };
}

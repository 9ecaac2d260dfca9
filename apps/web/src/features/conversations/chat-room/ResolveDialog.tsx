import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { RESOLVE_NOTE_MAX, type TicketSummary } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api';
import { limitProps } from '../../../shared/ui/limitProps';
import { useResolve } from '../api';

/** Resolve a ticket, with an optional note (000 §7 resolve). */
export function ResolveDialog({
  ticket,
  opened,
  onClose,
}: {
  ticket: TicketSummary;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const resolve = useResolve();
  const limit = limitProps(note, RESOLVE_NOTE_MAX, t);
  const close = () => {
    resolve.reset();
    setNote('');
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('inbox.resolveTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('inbox.resolveConfirm', { name: ticket.contact.name, id: ticket.displayId })}
        </Text>
        <Textarea
          label={t('inbox.resolveNote')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          {...limit}
          autosize
          minRows={2}
          maxRows={5}
        />
        {resolve.error ? (
          <Alert color="red" role="alert">
            {errorMessage(resolve.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="green"
            loading={resolve.isPending}
            disabled={Boolean(limit.error)}
            onClick={() => resolve.mutate({ ticketId: ticket.id, note }, { onSuccess: close })}
          >
            {t('inbox.resolve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

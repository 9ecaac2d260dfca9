import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TicketSummary } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useAssign, useAssignableUsers } from './api';

/**
 * Assign (or reassign) a ticket. With READ on admin users the caller picks anyone; otherwise only
 * "assign to me" is offered.
 */
export function AssignDialog({
  ticket,
  opened,
  onClose,
  canPickUsers,
  myId,
}: {
  ticket: TicketSummary;
  opened: boolean;
  onClose: () => void;
  canPickUsers: boolean;
  myId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [userId, setUserId] = useState<string | null>(null);
  const users = useAssignableUsers(debounced, opened && canPickUsers);
  const assign = useAssign();

  const close = () => {
    assign.reset();
    setUserId(null);
    setSearch('');
    onClose();
  };
  const submit = (assigneeId: string) =>
    assign.mutate({ ticketId: ticket.id, assigneeId }, { onSuccess: close });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('inbox.assignTitle', { id: ticket.displayId })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {ticket.assigneeName ? (
          <Text size="sm" c="dimmed">
            {t('inbox.currentAssignee', { name: ticket.assigneeName })}
          </Text>
        ) : null}
        {canPickUsers ? (
          <Select
            label={t('inbox.assignTo')}
            placeholder={t('inbox.searchUser')}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            value={userId}
            onChange={setUserId}
            nothingFoundMessage={users.isFetching ? t('common.loading') : t('inbox.noUsers')}
            data={(users.data ?? []).map((user) => ({
              value: user.id,
              label: user.id === myId ? `${user.name} (${t('inbox.me')})` : `${user.name} · ${user.email}`,
            }))}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {assign.error ? (
          <Alert color="red" role="alert">
            {errorMessage(assign.error)}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button
            variant="light"
            onClick={() => submit(myId)}
            loading={assign.isPending && assign.variables?.assigneeId === myId}
          >
            {t('inbox.assignToMe')}
          </Button>
          {canPickUsers ? (
            <Group gap="xs">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                disabled={!userId}
                loading={assign.isPending && assign.variables?.assigneeId !== myId}
                onClick={() => userId && submit(userId)}
              >
                {t('inbox.assign')}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

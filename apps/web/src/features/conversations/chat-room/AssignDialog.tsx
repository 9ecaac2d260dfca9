import { Alert, Badge, Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { CsAgent, TicketSummary } from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api';
import { useAgents, useCsMe, useGroups } from '../../teams/api';
import { useAssignTo } from '../api';

type Target = 'agent' | 'group';

/**
 * 000 §2 assign to CS dialog: a supervisor (or an owner or admin without a CS position) hands the chat to
 * an agent who can be assigned (Supervisor 1 cannot) or to a group, where it waits for the automatic
 * assignment. Whoever may be assigned also gets "assign to me".
 */
export function AssignDialog({
  ticket,
  opened,
  onClose,
  myId,
}: {
  ticket: TicketSummary;
  opened: boolean;
  onClose: () => void;
  /** Kept for callers; who may pick comes from the caller's CS position. */
  canPickUsers?: boolean;
  myId: string;
}) {
  const { t } = useTranslation();
  const me = useCsMe();
  const canAssign = me.data?.capabilities.canAssign ?? false;
  const agents = useAgents(opened && canAssign);
  const groups = useGroups(opened && canAssign);
  const assign = useAssignTo();
  const [target, setTarget] = useState<Target>('agent');
  const [agentId, setAgentId] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);

  const close = () => {
    assign.reset();
    setAgentId(null);
    setGroupId(null);
    setTarget('agent');
    onClose();
  };
  const submit = (to: { assigneeId: string } | { groupId: string }) =>
    assign.mutate({ ticketId: ticket.id, to }, { onSuccess: close });
  const assignable = (agents.data ?? []).filter((a) => a.canBeAssigned && a.userId !== ticket.assigneeId);
  const agentLabel = (a: CsAgent) =>
    `${a.userId === myId ? `${a.name} (${t('inbox.me')})` : a.name} · ${t(`teams.status.${a.status}`)} · ${t(
      'teams.load',
      { open: a.openTickets, max: a.maxConcurrentChats },
    )}`;
  const currentGroup =
    groups.data?.find((g) => g.id === ticket.groupId) ?? groups.data?.find((g) => g.isDefault);
  const mayTakeIt = canAssign && (me.data?.capabilities.canBeAssigned ?? false) && ticket.assigneeId !== myId;

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
        {currentGroup ? (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('teams.currentGroup')}
            </Text>
            <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
              {currentGroup.name}
            </Badge>
          </Group>
        ) : null}
        {me.data && !canAssign ? (
          <Alert color="gray">{t('teams.cannotAssign')}</Alert>
        ) : (
          <>
            <SegmentedControl
              value={target}
              onChange={(value) => setTarget(value as Target)}
              data={[
                { value: 'agent', label: t('teams.toAgent') },
                { value: 'group', label: t('teams.toGroup') },
              ]}
              aria-label={t('teams.targetKind')}
              fullWidth
            />
            {target === 'agent' ? (
              <Select
                label={t('inbox.assignTo')}
                placeholder={t('inbox.searchUser')}
                searchable
                value={agentId}
                onChange={setAgentId}
                nothingFoundMessage={agents.isFetching ? t('common.loading') : t('inbox.noUsers')}
                data={assignable.map((a) => ({ value: a.userId, label: agentLabel(a) }))}
                comboboxProps={{ withinPortal: true }}
                data-autofocus
              />
            ) : (
              <Select
                label={t('teams.group')}
                placeholder={t('teams.pickGroup')}
                searchable
                value={groupId}
                onChange={setGroupId}
                nothingFoundMessage={groups.isFetching ? t('common.loading') : t('teams.noGroups')}
                data={(groups.data ?? []).map((g) => ({
                  value: g.id,
                  label: g.isDefault ? `${g.name} (${t('teams.default')})` : g.name,
                }))}
                description={t('teams.groupHint')}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </>
        )}
        {assign.error ? (
          <Alert color="red" role="alert">
            {errorMessage(assign.error)}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {mayTakeIt ? (
            <Button
              variant="light"
              onClick={() => submit({ assigneeId: myId })}
              loading={
                assign.isPending &&
                assign.variables?.to &&
                'assigneeId' in assign.variables.to &&
                assign.variables.to.assigneeId === myId
              }
            >
              {t('inbox.assignToMe')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            {canAssign ? (
              <Button
                disabled={target === 'agent' ? !agentId : !groupId}
                loading={assign.isPending}
                onClick={() =>
                  target === 'agent'
                    ? agentId && submit({ assigneeId: agentId })
                    : groupId && submit({ groupId })
                }
              >
                {t('inbox.assign')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

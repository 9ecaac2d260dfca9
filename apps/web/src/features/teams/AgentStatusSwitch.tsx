import { Badge, Group, Switch, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useCsMe, useSetAgentStatus } from './api';

/**
 * 000 §3 agentStatus in the inbox header: the caller's role (CS, SPV, CS-SPV) and an online/offline
 * switch (online by default). Offline agents are not handed new chats; going online hands out waiting
 * ones. Hidden for users without a CS position and for Supervisor 1.
 */
export function AgentStatusSwitch() {
  const { t } = useTranslation();
  const me = useCsMe();
  const setStatus = useSetAgentStatus();
  // Status only matters to whoever is handed chats (Supervisor 1 never is).
  if (!me.data?.csPosition || !me.data.capabilities.canBeAssigned) return null;
  const online = me.data.status === 'online';
  return (
    <Group gap={8} wrap="nowrap" mb={6}>
      {me.data.agentRole ? (
        <Tooltip label={t(`csPosition.${me.data.csPosition}`)}>
          <Badge variant="light" color="grape" size="sm">
            {me.data.agentRole}
          </Badge>
        </Tooltip>
      ) : null}
      <Switch
        size="sm"
        color="green"
        checked={online}
        disabled={setStatus.isPending}
        label={online ? t('teams.status.online') : t('teams.status.offline')}
        aria-label={t('teams.statusLabel')}
        onChange={(event) =>
          setStatus.mutate(event.currentTarget.checked ? 'online' : 'offline', {
            onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
          })
        }
      />
    </Group>
  );
}

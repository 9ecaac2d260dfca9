import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type CsAgent,
  type CsConfiguration,
  HIDE_PHONE_BIT,
  MAX_CONCURRENT_CHATS_LIMIT,
} from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { useAgents, useConfiguration, useUpdateAgent, useUpdateConfiguration } from './api';

const withBit = (flags: number, on: boolean) => (on ? flags | HIDE_PHONE_BIT : flags & ~HIDE_PHONE_BIT);

/**
 * 000 §3 customer-service configuration (§7 csplatform/configuration): automatic assignment, hiding phone
 * numbers from agents and supervisors (bit 128), chat-room display options; and each agent's maximum of
 * chats at once for the automatic assignment.
 */
export function ConfigurationTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const config = useConfiguration();
  return (
    <QueryState query={config} loading={<Skeleton height={240} aria-label={t('common.loading')} />}>
      {(initial) => (
        <Stack gap="lg">
          <ConfigurationForm key={JSON.stringify(initial)} initial={initial} canManage={canManage} />
          <AgentLimits canManage={canManage} />
        </Stack>
      )}
    </QueryState>
  );
}

function ConfigurationForm({ initial, canManage }: { initial: CsConfiguration; canManage: boolean }) {
  const { t } = useTranslation();
  const save = useUpdateConfiguration();
  const [value, setValue] = useState(initial);
  const dirty = JSON.stringify(value) !== JSON.stringify(initial);
  const toggle = (key: keyof CsConfiguration, label: string, description?: string) => (
    <Switch
      label={label}
      description={description}
      checked={Boolean(value[key])}
      disabled={!canManage}
      onChange={(event) => setValue({ ...value, [key]: event.currentTarget.checked })}
    />
  );
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={4}>{t('teams.config.title')}</Title>
        {toggle('isAutoAssignFeature', t('teams.config.autoAssign'), t('teams.config.autoAssignHint'))}
        <Checkbox
          label={t('teams.config.hidePhoneCs')}
          checked={(value.featureCs & HIDE_PHONE_BIT) !== 0}
          disabled={!canManage}
          onChange={(event) =>
            setValue({ ...value, featureCs: withBit(value.featureCs, event.currentTarget.checked) })
          }
        />
        <Checkbox
          label={t('teams.config.hidePhoneManager')}
          checked={(value.featureManager & HIDE_PHONE_BIT) !== 0}
          disabled={!canManage}
          onChange={(event) =>
            setValue({ ...value, featureManager: withBit(value.featureManager, event.currentTarget.checked) })
          }
        />
        {toggle('isDisplayChatroomEmoji', t('teams.config.emoji'))}
        {toggle('isDisplayChatroomAttachment', t('teams.config.attachment'))}
        {toggle('isDisplayChatroomCSName', t('teams.config.csName'))}
        {save.isError ? (
          <Text c="red" size="sm" role="alert">
            {errorMessage(save.error)}
          </Text>
        ) : null}
        {canManage ? (
          <Group justify="flex-end">
            <Button variant="default" disabled={!dirty} onClick={() => setValue(initial)}>
              {t('common.cancel')}
            </Button>
            <Button
              disabled={!dirty}
              loading={save.isPending}
              onClick={() =>
                save.mutate(value, {
                  onSuccess: () => notifications.show({ color: 'green', message: t('teams.config.saved') }),
                })
              }
            >
              {t('common.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function AgentLimits({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const agents = useAgents();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>{t('teams.agents.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('teams.agents.intro')}
        </Text>
        <QueryState
          query={agents}
          loading={<Skeleton height={120} aria-label={t('common.loading')} />}
          isEmpty={(items) => items.length === 0}
          empty={<EmptyState title={t('teams.agents.empty')}>{t('teams.agents.emptyHint')}</EmptyState>}
        >
          {(items) => (
            <Table.ScrollContainer minWidth={520}>
              <Table aria-label={t('teams.agents.title')} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('teams.members.name')}</Table.Th>
                    <Table.Th>{t('teams.members.position')}</Table.Th>
                    <Table.Th>{t('teams.members.status')}</Table.Th>
                    <Table.Th>{t('teams.agents.open')}</Table.Th>
                    <Table.Th w={150}>{t('teams.agents.max')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((agent) => (
                    <AgentRow key={agent.userId} agent={agent} canManage={canManage} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}

function AgentRow({ agent, canManage }: { agent: CsAgent; canManage: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateAgent();
  const [max, setMax] = useState<number | string>(agent.maxConcurrentChats);
  const commit = () => {
    const n = Number(max);
    if (!Number.isInteger(n) || n < 1 || n > MAX_CONCURRENT_CHATS_LIMIT || n === agent.maxConcurrentChats) {
      setMax(agent.maxConcurrentChats);
      return;
    }
    update.mutate(
      { userId: agent.userId, maxConcurrentChats: n },
      { onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }) },
    );
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{agent.name}</Text>
        <Text size="xs" c="dimmed">
          {agent.email}
        </Text>
      </Table.Td>
      <Table.Td>
        {agent.csPosition ? t(`csPosition.${agent.csPosition}`) : '—'}{' '}
        {agent.agentRole ? (
          <Badge size="xs" variant="light" color="grape">
            {agent.agentRole}
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="dot" color={agent.status === 'online' ? 'green' : 'gray'}>
          {t(`teams.status.${agent.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{agent.openTickets}</Table.Td>
      <Table.Td>
        {agent.canBeAssigned ? (
          <NumberInput
            size="xs"
            min={1}
            max={MAX_CONCURRENT_CHATS_LIMIT}
            clampBehavior="strict"
            allowDecimal={false}
            value={max}
            disabled={!canManage || update.isPending}
            aria-label={t('teams.agents.maxFor', { name: agent.name })}
            onChange={setMax}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit();
            }}
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t('teams.agents.notAssignable')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

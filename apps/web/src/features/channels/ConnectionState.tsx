import { ActionIcon, Badge, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import type { ChannelAccount } from '@sapa/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../shared/i18n';

/** 001 §4 channel connection states, as the channels list shows them. */
export type ConnectionStateName = 'connecting' | 'connected' | 'error' | 'webhookPending' | 'disconnected';

const COLOURS: Record<ConnectionStateName, string> = {
  connecting: 'blue',
  connected: 'green',
  error: 'red',
  webhookPending: 'yellow',
  disconnected: 'gray',
};

/**
 * An account's state: disconnected; connecting while it is being re-checked (here or elsewhere); error after
 * the provider refused it; LINE's "webhook verification pending" until LINE's call arrives; else connected.
 */
export function connectionStateOf(account: ChannelAccount, refreshing: boolean): ConnectionStateName {
  if (account.status !== 'connected') return 'disconnected';
  if (refreshing || account.connection === 'connecting') return 'connecting';
  if (account.connection === 'error') return 'error';
  return account.webhookVerification === 'pending' ? 'webhookPending' : 'connected';
}

/** The state badge, the 001 §8 message of an error, and (for owners and admins) the refresh button. */
export function ConnectionState({
  account,
  refreshing,
  onRefresh,
}: {
  account: ChannelAccount;
  refreshing: boolean;
  onRefresh?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const state = connectionStateOf(account, refreshing);
  return (
    <Stack gap={2} align="flex-start" data-testid={`connection-${account.id}`} data-state={state}>
      <Group gap={4} wrap="nowrap">
        <Badge
          style={{ overflow: 'visible' }}
          styles={{ label: { overflow: 'visible' } }}
          variant="light"
          color={COLOURS[state]}
          leftSection={state === 'connecting' ? <Loader size={10} color="blue" aria-hidden /> : undefined}
        >
          {t(`channels.state.${state}`)}
        </Badge>
        {onRefresh && account.status === 'connected' && account.refreshable ? (
          <Tooltip label={t('channels.refresh')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('channels.refreshNamed', { name: account.name })}
              onClick={onRefresh}
              disabled={state === 'connecting'}
            >
              <IconRefresh size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {state === 'error' && account.connectionError ? (
        <Text size="xs" c="red" style={{ maxWidth: 260 }}>
          {translateMessage(account.connectionError)}
        </Text>
      ) : null}
    </Stack>
  );
}

import { Badge, Box, Group, Paper, Tabs, Title } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { CHANNEL_CODES, type ChannelCode } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppInfo } from '../../app/appInfo';
import type { TicketFilters as Filters } from '../../entities/ticket';
import { applyRealtimeEvent, useUnreadCount } from '../../entities/ticket';
import { useMe } from '../../shared/api';
import { useRealtime } from '../../shared/realtime';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLoader } from '../../shared/ui/PageLoader';
import { BulkModeToggle, BulkProgress, BulkToolbar, useBulkSelection } from '../bulk';
import { LeaveChatGuard } from '../orders';
import { PlayBar, PlayStartButton, PlayWaiting, usePlayMode } from '../play';
import { AgentStatusSwitch } from '../teams';
import { ConnectionIndicator } from './ConnectionIndicator';
import { ChatRoom } from './chat-room/ChatRoom';
import { TicketFilters } from './list/TicketFilters';
import { TicketList } from './list/TicketList';
import { NotificationPermissionButton } from './notifications';
import { NewChatButton } from './templates/NewChatModal';

function filtersFrom(params: URLSearchParams): Filters {
  const channel = params.get('channel');
  const priority = Number(params.get('priority'));
  const responded = params.get('responded');
  return {
    tab: params.get('tab') === 'assigned' ? 'assigned' : 'unassigned',
    sort: params.get('sort') === 'oldest' ? 'oldest' : 'latest',
    channel:
      channel && (CHANNEL_CODES as readonly string[]).includes(channel)
        ? (channel as ChannelCode)
        : undefined,
    priority: priority === 1 || priority === 2 || priority === 3 ? priority : undefined,
    tag: params.get('tag') || undefined,
    responded: responded === 'true' || responded === 'false' ? responded : undefined,
    search: params.get('q') || undefined,
    groupId: UUID.test(params.get('group') ?? '') ? (params.get('group') ?? undefined) : undefined,
  };
}

const PARAM_OF: Record<keyof Filters, string> = {
  tab: 'tab',
  sort: 'sort',
  channel: 'channel',
  priority: 'priority',
  tag: 'tag',
  responded: 'responded',
  search: 'q',
  groupId: 'group',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /customer-service/inbox (000 §2 Inbox): the ticket list with its tabs and filters on the left, the chat
 * room of `?referenceId=` on the right (one pane at a time on small screens). Tabs, filters and the open
 * ticket live in the URL. Real-time events update the caches in place.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const me = useMe();
  const info = useAppInfo();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const selectedId = params.get('referenceId');
  const wide = useMediaQuery('(min-width: 62em)', true);
  const unread = useUnreadCount();
  const [search, setSearch] = useState(filters.search ?? '');
  const bulk = useBulkSelection(JSON.stringify(filters));

  useRealtime((event) => applyRealtimeEvent(queryClient, event));

  const update = (patch: Partial<Filters>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch) as [keyof Filters, unknown][]) {
          const name = PARAM_OF[key];
          const text = value === undefined || value === null ? '' : String(value);
          const isDefault = (key === 'tab' && text === 'unassigned') || (key === 'sort' && text === 'latest');
          if (!text || isDefault) next.delete(name);
          else next.set(name, text);
        }
        return next;
      },
      { replace: true },
    );
  const debouncedSearch = useDebouncedCallback(
    (value: string) => update({ search: value.trim() || undefined }),
    350,
  );

  const openRoom = useCallback(
    (id: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('referenceId', id);
        else next.delete('referenceId');
        return next;
      }),
    [setParams],
  );
  // Auto Assign: the room follows the current ticket; opening another chat asks to stop first.
  const play = usePlayMode({ myId: me.data?.user.id, selectedId, open: openRoom });
  const select = play.select;

  // A new chat is assigned to its creator: show it in the Assigned tab.
  const openNewChat = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('tab', 'assigned');
      next.set('referenceId', id);
      return next;
    });

  if (!me.data) return <PageLoader />;
  const channels = info.partner.allowedChannels;
  const showList = wide || (!selectedId && !play.state);
  const showRoom = wide || !!selectedId || !!play.state;

  return (
    <Paper
      withBorder
      radius="md"
      data-testid="inbox"
      style={{
        display: 'flex',
        overflow: 'hidden',
        height: 'calc(100dvh - var(--app-shell-header-offset, 60px) - 2 * var(--mantine-spacing-md))',
        minHeight: 420,
      }}
    >
      {showList ? (
        <Box
          w={wide ? 360 : '100%'}
          style={{
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
            flexShrink: 0,
            borderRight: wide ? '1px solid var(--mantine-color-gray-3)' : undefined,
          }}
        >
          <Box px="sm" pt="sm" pb={6}>
            {/* The actions go under the title when they do not fit beside it: nothing is cut (issue 16 §7). */}
            <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
              <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
                {t('inbox.title')}
              </Title>
              <Group gap={4} wrap="nowrap" ml="auto">
                <BulkModeToggle selection={bulk} me={me.data} />
                <NewChatButton onCreated={openNewChat} />
                <ConnectionIndicator />
                <NotificationPermissionButton />
              </Group>
            </Group>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <AgentStatusSwitch />
              {me.data ? <PlayStartButton me={me.data} channels={info.partner.allowedChannels} /> : null}
            </Group>
            <Tabs
              value={filters.tab}
              onChange={(value) => update({ tab: value === 'assigned' ? 'assigned' : 'unassigned' })}
            >
              <Tabs.List grow mb={6}>
                {(['unassigned', 'assigned'] as const).map((tab) => {
                  const count = unread.data?.[tab] ?? 0;
                  return (
                    <Tabs.Tab
                      key={tab}
                      value={tab}
                      rightSection={
                        count > 0 ? (
                          <Badge
                            size="xs"
                            circle={count < 10}
                            variant="filled"
                            aria-hidden
                            data-testid={`unread-${tab}`}
                          >
                            {count > 99 ? '99+' : count}
                          </Badge>
                        ) : null
                      }
                    >
                      {t(`inbox.tabs.${tab}`)}
                    </Tabs.Tab>
                  );
                })}
              </Tabs.List>
            </Tabs>
            <TicketFilters
              filters={filters}
              search={search}
              onSearch={(value) => {
                setSearch(value);
                debouncedSearch(value);
              }}
              onChange={update}
              channels={channels}
            />
          </Box>
          {bulk.active ? <BulkToolbar filters={filters} selection={bulk} me={me.data} /> : null}
          <BulkProgress />
          <Box
            style={{
              flex: 1,
              minHeight: 0,
              overflowY: 'auto',
              borderTop: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <TicketList filters={filters} selectedId={selectedId} onSelect={select} selection={bulk} />
          </Box>
        </Box>
      ) : null}
      {showRoom ? (
        <Box style={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          {play.state ? <PlayBar state={play.state} /> : null}
          {play.state && !play.state.current ? (
            <PlayWaiting waiting={play.state.waiting} />
          ) : selectedId ? (
            <ChatRoom key={selectedId} ticketId={selectedId} me={me.data} onBack={() => select(null)} />
          ) : (
            <Box m="auto">
              <EmptyState title={t('inbox.selectChat')}>{t('inbox.selectChatHint')}</EmptyState>
            </Box>
          )}
        </Box>
      ) : null}
      {play.dialog}
      <LeaveChatGuard ticketId={selectedId} />
    </Paper>
  );
}

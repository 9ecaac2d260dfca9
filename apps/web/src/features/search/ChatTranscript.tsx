import { Button, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { can, searchEndpoints } from '@sapa/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flattenMessages, MessageBubble, ticketInboxPath } from '../../entities/ticket';
import { accessSubjectOf, request, useMe } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { findKeys } from './api';

export interface TranscriptTarget {
  id: string;
  displayId: string;
  name: string;
  /** Which list it came from: each has its own permission (ADVANCE_SEARCH or CUSTOMER_SERVICE_HISTORY). */
  source: 'ticketList' | 'chatHistory';
}

const noRetry = () => undefined;

/**
 * A found chat, read-only, for a user who may search but not open the inbox: GET /api/ticket-list/:id/messages
 * or /api/chat-history/:id/messages, newest page first, older pages on demand.
 */
function ChatTranscript({ target, onClose }: { target: TranscriptTarget | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const messages = useInfiniteQuery({
    queryKey: [...findKeys.all, 'messages', target?.source, target?.id],
    queryFn: ({ pageParam, signal }) =>
      request(
        target?.source === 'chatHistory'
          ? searchEndpoints.chatHistoryMessages
          : searchEndpoints.ticketListMessages,
        { params: { id: target?.id ?? '' }, query: { before: pageParam ?? undefined, limit: 50 }, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: target !== null,
  });
  const list = flattenMessages(messages.data);
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={target ? t('ticketList.transcript', { id: target.displayId, name: target.name }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <QueryState
        query={messages}
        loading={
          <Center py="xl">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        }
        isEmpty={list.length === 0}
        empty={<EmptyState title={t('ticketList.noMessages')} />}
      >
        <Stack gap={6} data-testid="transcript">
          {messages.hasNextPage ? (
            <Group justify="center">
              <Button
                size="xs"
                variant="subtle"
                loading={messages.isFetchingNextPage}
                onClick={() => void messages.fetchNextPage()}
              >
                {t('ticketList.olderMessages')}
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="dimmed" ta="center">
              {t('inbox.historyStart')}
            </Text>
          )}
          {list.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              language={i18n.language}
              onRetry={noRetry}
              retrying={false}
            />
          ))}
        </Stack>
      </QueryState>
    </Drawer>
  );
}

/**
 * Opening a found chat: into the inbox for a user who may read it (as saved views do), otherwise its
 * read-only transcript here.
 */
export function useOpenFoundChat(source: TranscriptTarget['source']) {
  const navigate = useNavigate();
  const me = useMe();
  const [target, setTarget] = useState<TranscriptTarget | null>(null);
  const inbox = me.data ? can(accessSubjectOf(me.data), 'CUSTOMER_SERVICE_INBOX', 'READ') : false;
  const open = (chat: Omit<TranscriptTarget, 'source'>) => {
    if (inbox) void navigate(ticketInboxPath(chat.id));
    else setTarget({ ...chat, source });
  };
  return { open, transcript: <ChatTranscript target={target} onClose={() => setTarget(null)} /> };
}

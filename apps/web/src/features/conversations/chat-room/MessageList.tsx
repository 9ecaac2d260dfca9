import { Box, Center, Divider, Loader, Skeleton, Stack, Text } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { Fragment, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dayKey, dayLabel, flattenMessages, MessageBubble, useMessages } from '../../../entities/ticket';
import { QueryState } from '../../../shared/ui/QueryState';
import { useCsMe } from '../../teams/api';
import { useRetryMessage } from '../api';

const LOAD_OLDER_AT_PX = 80;
const STICK_TO_BOTTOM_PX = 80;

/**
 * The chat history, newest at the bottom. Scrolling near the top loads the older page, keeping the
 * scroll position; new messages keep the view at the bottom when it was there.
 */
export function MessageList({
  ticketId,
  failureAction,
}: {
  ticketId: string;
  /** What a failed message offers besides Retry (a follow-up template after WhatsApp's 131047). */
  failureAction?: (message: Message) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const query = useMessages(ticketId);
  const retry = useRetryMessage();
  const showCsName = useCsMe().data?.chatroom.csName ?? true;
  const messages = flattenMessages(query.data);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const stick = useRef(true);
  const previousFirst = useRef<string | undefined>(undefined);
  const previousLast = useRef<string | undefined>(undefined);
  const firstId = messages[0]?.id;
  const last = messages[messages.length - 1];

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const firstChanged = firstId !== previousFirst.current;
    const lastChanged = last?.id !== previousLast.current;
    previousFirst.current = firstId;
    previousLast.current = last?.id;
    if (firstChanged && anchor.current && !lastChanged) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
      return;
    }
    if (lastChanged && (stick.current || (last?.direction === 'out' && last.status === 'pending'))) {
      el.scrollTop = el.scrollHeight;
      stick.current = true;
    }
  }, [firstId, last]);

  // A first page that does not fill the view cannot be scrolled: load the older one at once.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when the list grows
  useEffect(() => {
    const el = scroller.current;
    if (el && hasNextPage && !isFetchingNextPage && el.scrollHeight <= el.clientHeight + 10) {
      anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, messages.length]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
    if (el.scrollTop < LOAD_OLDER_AT_PX && query.hasNextPage && !query.isFetchingNextPage) {
      anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      void query.fetchNextPage();
    }
  };

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label={t('inbox.history')}
      aria-live="polite"
      tabIndex={0}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', background: 'var(--mantine-color-gray-0)' }}
    >
      <QueryState
        query={query}
        loading={
          <Stack gap="sm" p="md" aria-busy>
            {[60, 40, 70, 50].map((width, i) => (
              <Box key={width} style={{ display: 'flex', justifyContent: i % 2 ? 'flex-end' : 'flex-start' }}>
                <Skeleton height={44} width={`${width}%`} radius="md" />
              </Box>
            ))}
          </Stack>
        }
        errorFrame={(error) => <Box p="md">{error}</Box>}
        isEmpty={messages.length === 0}
        empty={
          <Center h="100%">
            <Text c="dimmed" size="sm">
              {t('inbox.noMessages')}
            </Text>
          </Center>
        }
      >
        <Stack gap={6} p="sm">
          {query.isFetchingNextPage ? (
            <Center py="xs">
              <Loader size="xs" aria-label={t('common.loading')} />
            </Center>
          ) : query.hasNextPage ? null : (
            <Text size="xs" c="dimmed" ta="center" py={4}>
              {t('inbox.historyStart')}
            </Text>
          )}
          {messages.map((message: Message, i) => {
            const previous = messages[i - 1];
            const newDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
            return (
              <Fragment key={message.id}>
                {newDay ? (
                  <Divider
                    my={4}
                    labelPosition="center"
                    label={<Text size="xs">{dayLabel(message.createdAt, i18n.language)}</Text>}
                  />
                ) : null}
                <MessageBubble
                  message={message}
                  language={i18n.language}
                  onRetry={(m) => retry.mutate(m)}
                  retrying={retry.isPending && retry.variables?.id === message.id}
                  failureAction={failureAction}
                  showCsName={showCsName}
                />
              </Fragment>
            );
          })}
        </Stack>
      </QueryState>
    </Box>
  );
}

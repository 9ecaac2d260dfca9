import type { Message } from '@sapa/contracts';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MessagePages } from './cache';
import { ticketKeys } from './keys';
import { applyMessageToCaches } from './updates';

const TICKET = '00000000-0000-4000-8000-000000000001';

function photo(media: Message['media']): Message {
  return {
    id: '00000000-0000-4000-8000-000000000002',
    ticketId: TICKET,
    direction: 'in',
    visibility: 'public',
    type: 'image',
    text: 'Yang warna ini ada?',
    media,
    payload: { mediaId: 'm1' },
    status: 'received',
    error: null,
    senderUserId: null,
    senderName: null,
    replyToId: null,
    createdAt: 1000,
  };
}

/**
 * The chat room's history, answered from what the "server" holds when each request starts; the first
 * answer is held back until the test lets it go.
 */
function openChatRoom(server: { message: Message }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const releases: (() => void)[] = [];
  let requests = 0;
  const observer = new InfiniteQueryObserver(queryClient, {
    queryKey: ticketKeys.messages(TICKET),
    queryFn: ({ signal }) => {
      requests += 1;
      const snapshot = server.message;
      const page = { items: [snapshot], nextCursor: null };
      if (requests > 1) return Promise.resolve(page);
      return new Promise<typeof page>((resolve, reject) => {
        releases.push(() => resolve(page));
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: () => null,
  });
  const unsubscribe = observer.subscribe(() => {});
  return {
    queryClient,
    releaseFirstAnswer: () => releases.shift()?.(),
    requests: () => requests,
    shown: () => queryClient.getQueryData<MessagePages>(ticketKeys.messages(TICKET))?.pages[0]?.items[0],
    close: unsubscribe,
  };
}

describe('a message changed while its chat room loads (the customer photo stored as the agent opens the chat)', () => {
  it('fetches the history again, so the room shows the change instead of the older answer', async () => {
    const server = { message: photo(null) };
    const room = openChatRoom(server);
    await expect.poll(room.requests).toBe(1);

    const stored = photo({ url: '/api/media/x', mime: 'image/png', filename: null, size: 120 });
    server.message = stored;
    applyMessageToCaches(room.queryClient, stored);
    room.releaseFirstAnswer();

    await expect.poll(() => room.shown()?.media?.url).toBe('/api/media/x');
    expect(room.requests()).toBe(2);
    room.close();
  });

  it('places the change in a loaded history without fetching it again', async () => {
    const server = { message: photo(null) };
    const room = openChatRoom(server);
    room.releaseFirstAnswer();
    await expect.poll(() => room.shown()?.id).toBe(server.message.id);

    applyMessageToCaches(
      room.queryClient,
      photo({ url: '/api/media/y', mime: 'image/png', filename: null, size: 1 }),
    );
    expect(room.shown()?.media?.url).toBe('/api/media/y');
    expect(room.requests()).toBe(1);
    room.close();
  });
});

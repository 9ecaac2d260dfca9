import type { ServerResponse } from 'node:http';
import { createChatFeed } from '../chat-feed.js';
import type { ChatEntry } from './state.js';

const STORY_LABELS = { reply: 'Replied to your story', mention: 'Mentioned you in their story' } as const;

/** What the customer page shows of a chat entry (a file as a link to the simulator's copy). */
export function pageEntryOf(entry: ChatEntry) {
  const story = entry.story ? `(${STORY_LABELS[entry.story]})` : '';
  return {
    id: `${entry.direction}:${entry.id}`,
    direction: entry.direction,
    at: entry.at,
    text: [story, entry.text ?? ''].filter(Boolean).join(' '),
    ...(entry.mime
      ? {
          fileUrl: `media/${entry.id}/${encodeURIComponent(entry.filename ?? 'file')}`,
          mime: entry.mime,
          filename: entry.filename ?? '',
        }
      : {}),
    // Quick replies go once the chat moves on (Messenger dismisses them).
    ...(entry.sent?.quickReplies
      ? {
          buttons: entry.sent.quickReplies.map((q) => ({ id: q.payload, title: q.title })),
          buttonsOnce: true,
        }
      : {}),
  };
}

/** The customer pages' live feeds (server-sent events), one per account and customer. */
export function createCustomerFeed() {
  const feed = createChatFeed(pageEntryOf);
  const keyOf = (accountId: string, customerId: string) => `${accountId}\n${customerId}`;
  return {
    publish: (accountId: string, customerId: string, entry: ChatEntry) =>
      feed.publish(keyOf(accountId, customerId), entry),
    subscribe: (accountId: string, customerId: string, res: ServerResponse) =>
      feed.subscribe(keyOf(accountId, customerId), res),
    endAll: feed.endAll,
  };
}

export type CustomerFeed = ReturnType<typeof createCustomerFeed>;

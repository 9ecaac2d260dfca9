import type { ServerResponse } from 'node:http';
import { createChatFeed } from '../chat-feed.js';
import type { ChatEntry } from './state.js';

/** What the customer page shows of a chat entry (a file as a link to the simulator's own copy). */
export function pageEntryOf(entry: ChatEntry) {
  return {
    id: `${entry.direction}:${entry.id}`,
    direction: entry.direction,
    at: entry.at,
    text: entry.text ?? (entry.type === 'sticker' ? '(sticker)' : ''),
    ...(entry.mime
      ? { fileUrl: `customer/content/${entry.id}`, mime: entry.mime, filename: entry.filename ?? '' }
      : {}),
    // Quick reply buttons go once the chat moves on (LINE shows them under the newest message only).
    ...(entry.quickReply
      ? {
          buttons: entry.quickReply.map((q, i) => ({ id: String(i), title: q.label })),
          buttonsOnce: true,
        }
      : {}),
  };
}

/** The customer pages' live feeds (server-sent events), one per channel and user. */
export function createCustomerFeed() {
  const feed = createChatFeed(pageEntryOf);
  const keyOf = (basicId: string, userId: string) => `${basicId}\n${userId}`;
  return {
    publish: (basicId: string, userId: string, entry: ChatEntry) =>
      feed.publish(keyOf(basicId, userId), entry),
    subscribe: (basicId: string, userId: string, res: ServerResponse) =>
      feed.subscribe(keyOf(basicId, userId), res),
    endAll: feed.endAll,
  };
}

export type CustomerFeed = ReturnType<typeof createCustomerFeed>;

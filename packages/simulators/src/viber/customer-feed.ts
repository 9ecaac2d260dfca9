import type { ServerResponse } from 'node:http';
import { createChatFeed } from '../chat-feed.js';
import type { ChatEntry } from './state.js';

/** What the customer page shows of a chat entry (a file as a link to the simulator's own copy). */
export function pageEntryOf(entry: ChatEntry) {
  return {
    id: `${entry.direction}:${entry.messageToken}`,
    direction: entry.direction,
    at: entry.at,
    text: entry.text ?? '',
    ...(entry.fileId
      ? { fileUrl: `customer/files/${entry.fileId}`, mime: entry.mime ?? '', filename: entry.filename ?? '' }
      : {}),
    // The keyboard of the newest message replaces the phone's keyboard until the next message.
    ...(entry.sent?.keyboard
      ? { buttons: entry.sent.keyboard.map((k) => ({ id: k.actionBody, title: k.text })), buttonsOnce: true }
      : {}),
  };
}

/** The customer pages' live feeds (server-sent events), one per bot (its URI) and user. */
export function createCustomerFeed() {
  const feed = createChatFeed(pageEntryOf);
  const keyOf = (uri: string, userId: string) => `${uri}\n${userId}`;
  return {
    publish: (uri: string, userId: string, entry: ChatEntry) => feed.publish(keyOf(uri, userId), entry),
    subscribe: (uri: string, userId: string, res: ServerResponse) => feed.subscribe(keyOf(uri, userId), res),
    endAll: feed.endAll,
  };
}

export type CustomerFeed = ReturnType<typeof createCustomerFeed>;

import type { ServerResponse } from 'node:http';
import { createChatFeed } from '../chat-feed.js';
import type { ChatEntry } from './state.js';

/** What the buyer page shows of a chat entry (an image as a link to the simulator's own copy). */
export function pageEntryOf(entry: ChatEntry) {
  return {
    id: `${entry.direction}:${entry.id}`,
    direction: entry.direction,
    at: entry.at,
    text: entry.text ?? '',
    ...(entry.mime
      ? { fileUrl: `files/${entry.fileId ?? entry.id}`, mime: entry.mime, filename: 'photo' }
      : {}),
  };
}

/** The buyer pages' live feeds (server-sent events), one per shop and buyer. */
export function createBuyerFeed() {
  const feed = createChatFeed(pageEntryOf);
  const keyOf = (shopId: number, buyerId: number) => `${shopId}\n${buyerId}`;
  return {
    publish: (shopId: number, buyerId: number, entry: ChatEntry) =>
      feed.publish(keyOf(shopId, buyerId), entry),
    subscribe: (shopId: number, buyerId: number, res: ServerResponse) =>
      feed.subscribe(keyOf(shopId, buyerId), res),
    endAll: feed.endAll,
  };
}

export type BuyerFeed = ReturnType<typeof createBuyerFeed>;

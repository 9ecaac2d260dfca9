import type { CustomerFeed } from './customer-feed.js';
import { type ChatEntry, type SimState, ulid } from './state.js';
import type { LineCustomer, LineCustomerMessage } from './types.js';
import type { WebhookPusher } from './webhook-pusher.js';

/** The LINE message type of a file a customer sends, by its mime type. */
const fileTypeOf = (mime: string) =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('video/')
      ? 'video'
      : mime.startsWith('audio/')
        ? 'audio'
        : 'file';

/**
 * A customer's messages to an Official Account: kept in the chat, shown on the page, delivered as one signed
 * webhook with one `message` event each (a new customer's `follow` event first), each with its own reply token.
 */
export function createCustomerSends(deps: { state: SimState; feed: CustomerFeed; pusher: WebhookPusher }) {
  return async function customerSends(args: {
    accessToken: string;
    from: LineCustomer;
    messages: LineCustomerMessage[];
  }): Promise<{ eventIds: string[]; messageIds: string[] }> {
    const channel = deps.state.channels.get(args.accessToken);
    if (!channel) throw new Error('unknown channel');
    const { chat, isNew } = deps.state.chatOf(channel, args.from);
    const source = { type: 'user', userId: args.from.userId };
    const common = () => ({ mode: 'active', timestamp: Date.now(), webhookEventId: ulid(), source });
    const events: Record<string, unknown>[] = isNew
      ? [
          {
            type: 'follow',
            ...common(),
            replyToken: deps.state.newReplyToken(args.accessToken, args.from.userId),
            follow: { isUnblocked: false },
          },
        ]
      : [];
    const messageIds: string[] = [];
    for (const m of args.messages) {
      if ('postback' in m) {
        // A quick reply's postback: the display text shows as the customer's message; the event has no message.
        if (m.postback.displayText) {
          const shown: ChatEntry = {
            id: deps.state.newMessageId(),
            direction: 'in',
            at: Date.now(),
            type: 'text',
            text: m.postback.displayText,
          };
          chat.entries.push(shown);
          deps.feed.publish(channel.basicId, args.from.userId, shown);
        }
        events.push({
          type: 'postback',
          ...common(),
          replyToken: deps.state.newReplyToken(args.accessToken, args.from.userId),
          postback: { data: m.postback.data },
        });
        continue;
      }
      const id = deps.state.newMessageId();
      messageIds.push(id);
      let message: Record<string, unknown>;
      const entry: ChatEntry = { id, direction: 'in', at: Date.now(), type: 'text' };
      if ('text' in m) {
        message = { id, type: 'text', text: m.text, quoteToken: `q${id}` };
        Object.assign(entry, { text: m.text });
      } else if ('file' in m) {
        const type = fileTypeOf(m.file.mime);
        deps.state.contents.set(id, { bytes: m.file.bytes, mime: m.file.mime });
        message = {
          id,
          type,
          contentProvider: { type: 'line' },
          ...(type === 'file' ? { fileName: m.file.filename, fileSize: m.file.bytes.length } : {}),
          ...(type === 'video' || type === 'audio' ? { duration: 1000 } : {}),
          ...(type === 'image' ? { quoteToken: `q${id}` } : {}),
        };
        Object.assign(entry, { type, mime: m.file.mime, filename: m.file.filename });
      } else {
        message = { id, type: 'sticker', ...m.sticker, stickerResourceType: 'STATIC', keywords: ['Hello'] };
        Object.assign(entry, { type: 'sticker' });
      }
      chat.entries.push(entry);
      deps.feed.publish(channel.basicId, args.from.userId, entry);
      events.push({
        type: 'message',
        ...common(),
        replyToken: deps.state.newReplyToken(args.accessToken, args.from.userId),
        message,
      });
    }
    deps.pusher.push(channel, events);
    return { eventIds: events.map((e) => String(e.webhookEventId)), messageIds };
  };
}

export type CustomerSends = ReturnType<typeof createCustomerSends>;

import type { CustomerFeed } from './customer-feed.js';
import type { ChatEntry, MetaAccount, SimState } from './state.js';
import type { MetaCustomer, MetaCustomerMessage } from './types.js';
import type { WebhookPusher } from './webhook-pusher.js';

/** The attachment type of a file a customer sends, by its mime type. */
const fileTypeOf = (mime: string) =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('video/')
      ? 'video'
      : mime.startsWith('audio/')
        ? 'audio'
        : 'file';

/**
 * A customer's messages to a Page or Instagram account: kept in the chat (their time opens the window),
 * shown on the page, delivered as one signed webhook with one `messaging[]` event each. Files are served at
 * the simulator's media URLs, as Meta's CDN serves them.
 */
export function createCustomerSends(deps: {
  state: SimState;
  feed: CustomerFeed;
  pusher: WebhookPusher;
  url: () => string;
}) {
  const storeFile = (entry: ChatEntry, file: { bytes: Buffer; mime: string; filename: string }) => {
    deps.state.files.set(entry.id, { bytes: file.bytes, mime: file.mime });
    Object.assign(entry, { mime: file.mime, filename: file.filename });
    return `${deps.url()}/media/${encodeURIComponent(entry.id)}/${encodeURIComponent(file.filename)}`;
  };

  function messageOf(
    account: MetaAccount,
    m: MetaCustomerMessage,
    entry: ChatEntry,
  ): Record<string, unknown> {
    const mid = entry.id;
    if ('text' in m) {
      entry.text = m.text;
      return { mid, text: m.text };
    }
    if ('quickReply' in m) {
      // The tapped quick reply's title is posted to the conversation; its payload comes with it.
      entry.text = m.quickReply.title;
      return { mid, text: m.quickReply.title, quick_reply: { payload: m.quickReply.payload } };
    }
    if ('file' in m) {
      const url = storeFile(entry, m.file);
      return { mid, attachments: [{ type: fileTypeOf(m.file.mime), payload: { url } }] };
    }
    if ('storyReply' in m) {
      Object.assign(entry, { text: m.storyReply.text, story: 'reply' });
      const story = `${deps.url()}/stories/${account.id}`;
      return { mid, text: m.storyReply.text, reply_to: { story: { url: story, id: `1800${Date.now()}` } } };
    }
    entry.story = 'mention';
    const url = storeFile(entry, { ...m.storyMention, filename: 'story.jpg' });
    return { mid, attachments: [{ type: 'story_mention', payload: { url } }] };
  }

  return async function customerSends(args: {
    accountId: string;
    from: MetaCustomer;
    messages: MetaCustomerMessage[];
  }): Promise<{ mids: string[] }> {
    const account = deps.state.accounts.get(args.accountId);
    if (!account) throw new Error('unknown account');
    const chat = deps.state.chatOf(account, args.from);
    const events: Record<string, unknown>[] = [];
    for (const m of args.messages) {
      const at = Date.now();
      const entry: ChatEntry = { id: deps.state.newMid(account.platform), direction: 'in', at };
      const message = messageOf(account, m, entry);
      chat.entries.push(entry);
      chat.lastCustomerAt = at;
      deps.feed.publish(account.id, args.from.id, entry);
      events.push({ sender: { id: args.from.id }, recipient: { id: account.id }, timestamp: at, message });
    }
    deps.pusher.push(account, events);
    return { mids: events.map((e) => String((e.message as { mid: string }).mid)) };
  };
}

export type CustomerSends = ReturnType<typeof createCustomerSends>;

/**
 * The customer reads the chat: Messenger reports a `read` with a `watermark` (everything sent before it was
 * read), Instagram a `messaging_seen` naming the last message read. Nothing when no business message is newer
 * than the last read reported.
 */
export function createCustomerReads(deps: { state: SimState; pusher: WebhookPusher }) {
  const lastRead = new Map<string, number>();
  return function customerReads(args: { accountId: string; customerId: string }): { read: boolean } {
    const account = deps.state.accounts.get(args.accountId);
    const chat = account?.chats.get(args.customerId);
    const last = chat?.entries.filter((e) => e.direction === 'out').at(-1);
    const key = `${args.accountId}\n${args.customerId}`;
    if (!account || !last || last.at <= (lastRead.get(key) ?? 0)) return { read: false };
    const now = Math.max(Date.now(), last.at);
    lastRead.set(key, last.at);
    const read = account.platform === 'messenger' ? { watermark: now } : { mid: last.id };
    deps.pusher.push(account, [
      { sender: { id: args.customerId }, recipient: { id: account.id }, timestamp: now, read },
    ]);
    return { read: true };
  };
}

export type CustomerReads = ReturnType<typeof createCustomerReads>;

import type { CustomerFeed } from './customer-feed.js';
import type { ChatEntry, SimState } from './state.js';
import type { ViberCustomer, ViberCustomerMessage } from './types.js';
import type { WebhookPusher } from './webhook-pusher.js';

/** The Viber message type of a file a customer sends, by its mime type. */
const typeOf = (mime: string) =>
  /^image\/(jpeg|png|gif)$/.test(mime) ? 'picture' : mime.startsWith('video/') ? 'video' : 'file';

/**
 * A customer's message to a bot: kept in the chat, shown on the page, and sent to the webhook as a signed
 * `message` callback (a file as a URL on the simulator, like Viber's media host). Writing to a bot
 * (re)subscribes the user, as on Viber.
 */
export function createCustomerSends(deps: {
  state: SimState;
  feed: CustomerFeed;
  pusher: WebhookPusher;
  baseUrl: () => string;
}) {
  return async function customerSends(args: {
    token: string;
    from: ViberCustomer;
    message: ViberCustomerMessage;
  }): Promise<{ messageToken: string }> {
    const bot = deps.state.bots.get(args.token);
    if (!bot) throw new Error('unknown bot');
    const chat = deps.state.chatOf(bot, args.from);
    chat.subscribed = true;
    const messageToken = deps.state.newToken();
    const entry: ChatEntry = { direction: 'in', messageToken, at: Date.now() };
    let message: Record<string, unknown>;
    const m = args.message;
    if ('text' in m) {
      message = { type: 'text', text: m.text };
      entry.text = m.text;
    } else if ('keyboardReply' in m) {
      const r = m.keyboardReply;
      message = {
        type: 'text',
        text: r.actionBody,
        ...(r.trackingData ? { tracking_data: r.trackingData } : {}),
      };
      entry.text = r.shown;
    } else {
      const type = typeOf(m.file.mime);
      const fileId = deps.state.storeFile({ bytes: m.file.bytes, mime: m.file.mime, name: m.file.filename });
      const media = `${deps.baseUrl()}/media/${fileId}`;
      message = {
        type,
        media,
        ...(type === 'picture' ? { text: m.caption ?? '', thumbnail: media } : {}),
        ...(type === 'video' ? { size: m.file.bytes.length, duration: 1 } : {}),
        ...(type === 'file' ? { size: m.file.bytes.length, file_name: m.file.filename } : {}),
      };
      Object.assign(entry, { fileId, mime: m.file.mime, filename: m.file.filename });
      if (type === 'picture' && m.caption) entry.text = m.caption;
    }
    chat.entries.push(entry);
    deps.feed.publish(bot.uri, args.from.id, entry);
    deps.pusher.push(bot, {
      event: 'message',
      timestamp: entry.at,
      message_token: messageToken,
      sender: {
        id: args.from.id,
        name: args.from.name,
        avatar: '',
        language: 'id',
        country: 'ID',
        api_version: 10,
      },
      message,
      silent: false,
    });
    // Viber gives videos and files no text: a caption goes as its own message after the file.
    if ('file' in m && m.caption && !('text' in message)) {
      await customerSends({ token: args.token, from: args.from, message: { text: m.caption } });
    }
    return { messageToken };
  };
}

export type CustomerSends = ReturnType<typeof createCustomerSends>;

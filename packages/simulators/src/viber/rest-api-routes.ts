import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerFeed } from './customer-feed.js';
import { type Bot, type ChatEntry, type SimState, viberJson } from './state.js';
import type { ViberSentMessage } from './types.js';
import type { WebhookPusher } from './webhook-pusher.js';

/** Viber's answer statuses (REST bot API "Errors"). */
const STATUS = {
  ok: [0, 'ok'],
  invalidUrl: [1, 'invalidUrl'],
  invalidAuthToken: [2, 'invalidAuthToken'],
  badData: [3, 'badData'],
  missingData: [4, 'missingData'],
  receiverNotRegistered: [5, 'receiverNotRegistered'],
  receiverNotSubscribed: [6, 'receiverNotSubscribed'],
  tooManyRequests: [12, 'tooManyRequests'],
} as const;

type Status = keyof typeof STATUS;
/** Viber shows a picture's text up to 512 characters, a text message's up to 7,000. */
const PICTURE_TEXT_MAX = 512;
const TEXT_MAX = 7000;
const SENDER_NAME_MAX = 28;

/** Viber answers HTTP 200 with a status in the body, for errors too. */
const answer = (reply: FastifyReply, status: Status, extra: Record<string, unknown> = {}) =>
  reply
    .type('application/json')
    .send(viberJson({ status: STATUS[status][0], status_message: STATUS[status][1], ...extra }));

type Body = Record<string, unknown>;
const bodyOf = (req: FastifyRequest): Body =>
  req.body && typeof req.body === 'object' ? (req.body as Body) : {};
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The REST bot API methods Sapa calls, under `/pa/`: `get_account_info`, `set_webhook` (with its signed
 * `webhook` check callback: a URL that does not answer 200 is refused), `send_message` (text, picture, video,
 * file; a per-user send rate answered `tooManyRequests`; an unsubscribed user `receiverNotSubscribed`; the
 * media URL fetched like Viber does, a failed fetch reported by a `failed` callback) and `get_user_details`.
 */
export function registerRestApiRoutes(
  app: FastifyInstance,
  deps: {
    state: SimState;
    feed: CustomerFeed;
    pusher: WebhookPusher;
    stats: { sends: number; throttled: number };
    userRatePerSecond: number;
  },
) {
  const { state } = deps;
  const botOf = (req: FastifyRequest) => state.bots.get(str(req.headers['x-viber-auth-token']));

  app.post('/pa/get_account_info', async (req, reply) => {
    const bot = botOf(req);
    if (!bot) return answer(reply, 'invalidAuthToken');
    return answer(reply, 'ok', {
      id: bot.id,
      name: bot.name,
      uri: bot.uri,
      icon: '',
      category: 'Shopping',
      country: 'ID',
      webhook: bot.webhook?.url ?? '',
      event_types: bot.webhook?.eventTypes ?? [],
      subscribers_count: [...bot.chats.values()].filter((c) => c.subscribed).length,
    });
  });

  app.post('/pa/set_webhook', async (req, reply) => {
    const bot = botOf(req);
    if (!bot) return answer(reply, 'invalidAuthToken');
    const b = bodyOf(req);
    const url = str(b.url);
    if (url === '') {
      bot.webhook = null;
      return answer(reply, 'ok');
    }
    if (!/^https?:\/\//.test(url)) return answer(reply, 'invalidUrl');
    const eventTypes = Array.isArray(b.event_types)
      ? b.event_types.filter((e): e is string => typeof e === 'string')
      : ['delivered', 'seen', 'failed', 'subscribed', 'unsubscribed', 'conversation_started'];
    const checked = await deps.pusher.check(bot, url, state.newToken());
    if (checked !== 200)
      return reply
        .type('application/json')
        .send({ status: 1, status_message: `Result[HttpResponse(${checked})] Failed to verify the webhook` });
    bot.webhook = { url, eventTypes };
    return answer(reply, 'ok', { event_types: eventTypes });
  });

  app.post('/pa/get_user_details', async (req, reply) => {
    const bot = botOf(req);
    if (!bot) return answer(reply, 'invalidAuthToken');
    const chat = bot.chats.get(str(bodyOf(req).id));
    if (!chat) return answer(reply, 'receiverNotRegistered');
    return answer(reply, 'ok', {
      user: { id: chat.user.id, name: chat.user.name, language: 'id', country: 'ID' },
    });
  });

  app.post('/pa/send_message', async (req, reply) => {
    const bot = botOf(req);
    if (!bot) return answer(reply, 'invalidAuthToken');
    const b = bodyOf(req);
    const chat = bot.chats.get(str(b.receiver));
    if (!chat) return answer(reply, 'receiverNotRegistered');
    const refusal = refusalOf(b);
    if (refusal) return answer(reply, refusal);
    if (!chat.subscribed) return answer(reply, 'receiverNotSubscribed');
    if (!takeToken(chat.bucket, deps.userRatePerSecond)) {
      deps.stats.throttled++;
      return answer(reply, 'tooManyRequests');
    }
    deps.stats.sends++;
    const sent: ViberSentMessage = {
      messageToken: state.newToken(),
      type: str(b.type),
      senderName: str((b.sender as Body).name),
      ...(str(b.text) ? { text: str(b.text) } : {}),
      ...(str(b.media) ? { media: str(b.media) } : {}),
      ...(str(b.file_name) ? { fileName: str(b.file_name) } : {}),
      ...(typeof b.size === 'number' ? { size: b.size } : {}),
      ...keyboardOf(b),
    };
    void deliver(bot, chat.user.id, sent);
    return answer(reply, 'ok', {
      message_token: sent.messageToken,
      chat_hostname: 'SN-SIM_',
      billing_status: 0,
    });
  });

  /** The message reaches the user (its media fetched from the bot's URL first): `delivered`, else `failed`. */
  async function deliver(bot: Bot, userId: string, sent: ViberSentMessage) {
    const chat = bot.chats.get(userId);
    if (!chat) return;
    const entry: ChatEntry = { direction: 'out', messageToken: sent.messageToken, at: Date.now(), sent };
    if (sent.text !== undefined) entry.text = sent.text;
    if (sent.media) {
      const file = await fetchMedia(sent.media);
      if (!file) {
        deps.pusher.push(bot, failedEvent(sent.messageToken, userId, 'Failed to download the media'));
        return;
      }
      sent.fileId = state.storeFile({ ...file, name: sent.fileName ?? 'file' });
      Object.assign(entry, { fileId: sent.fileId, mime: file.mime, filename: sent.fileName ?? '' });
    }
    chat.entries.push(entry);
    deps.feed.publish(bot.uri, userId, entry);
    deps.pusher.push(bot, {
      event: 'delivered',
      timestamp: Date.now(),
      message_token: sent.messageToken,
      user_id: userId,
    });
  }
}

const failedEvent = (messageToken: string, userId: string, desc: string) => ({
  event: 'failed',
  timestamp: Date.now(),
  message_token: messageToken,
  user_id: userId,
  desc,
});

/** A send's keyboard (`reply` buttons with Text and ActionBody) and `tracking_data` (≤ 4096), as kept. */
function keyboardOf(b: Body): Pick<ViberSentMessage, 'keyboard' | 'trackingData'> {
  const buttons = (b.keyboard as { Buttons?: unknown } | undefined)?.Buttons;
  const keyboard = Array.isArray(buttons)
    ? buttons
        .map((x) => x as { ActionType?: unknown; ActionBody?: unknown; Text?: unknown })
        .filter((x) => (x.ActionType ?? 'reply') === 'reply' && str(x.ActionBody))
        .map((x) => ({ text: str(x.Text) || str(x.ActionBody), actionBody: str(x.ActionBody) }))
    : [];
  return {
    ...(keyboard.length ? { keyboard } : {}),
    ...(str(b.tracking_data) ? { trackingData: str(b.tracking_data) } : {}),
  };
}

/** What Viber refuses in a `send_message` body before looking at the receiver's state. */
function refusalOf(b: Body): Status | null {
  const sender = b.sender as Body | undefined;
  if (!sender || !str(sender.name)) return 'missingData';
  if (str(sender.name).length > SENDER_NAME_MAX) return 'badData';
  if (str(b.tracking_data).length > 4096) return 'badData';
  const buttons = (b.keyboard as { Buttons?: unknown } | undefined)?.Buttons;
  if (b.keyboard !== undefined && (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 24))
    return 'badData';
  const text = str(b.text);
  switch (b.type) {
    case 'text':
      return !text ? 'missingData' : text.length > TEXT_MAX ? 'badData' : null;
    case 'picture':
      return !str(b.media) ? 'missingData' : text.length > PICTURE_TEXT_MAX ? 'badData' : null;
    case 'video':
      return !str(b.media) || typeof b.size !== 'number' ? 'missingData' : null;
    case 'file':
      return !str(b.media) || typeof b.size !== 'number' || !str(b.file_name) ? 'missingData' : null;
    default:
      return 'badData';
  }
}

async function fetchMedia(url: string): Promise<{ bytes: Buffer; mime: string } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) return null;
    return {
      bytes: Buffer.from(await res.arrayBuffer()),
      mime: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}

/** A token bucket of `rate` a second (capacity `rate`); false: none left now. */
function takeToken(bucket: { tokens: number; at: number }, rate: number): boolean {
  const now = Date.now();
  bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 1000) * rate);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

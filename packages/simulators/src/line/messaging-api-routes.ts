import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerFeed } from './customer-feed.js';
import type { ChatEntry, LineChannel, SimState } from './state.js';
import type { LineSentMessage } from './types.js';
import type { WebhookPusher } from './webhook-pusher.js';

/**
 * The Messaging API endpoints Sapa calls (developers.line.biz/en/reference/messaging-api): bot info, the
 * webhook endpoint (set, read, test: the test sends LINE's empty, signed verification call), reply (a token
 * serves once, within `replyTokenTtlMs`), push (`X-Line-Retry-Key`: a repeated key answers 409 with the first
 * answer) and content downloads. Errors are `{ message, details? }` with LINE's statuses; a channel sending
 * faster than `sendRatePerSecond` gets 429.
 */

const TEXT_MAX = 5000;

class LineApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: { message: string; property: string }[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const invalid = (property: string, message: string) =>
  new LineApiError(400, 'The request body has 1 error(s)', [{ message, property }]);

const bodyOf = (req: FastifyRequest) =>
  (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;

/**
 * A message's quick reply, checked like LINE checks it: 1 to 13 items of `type: action`, each a postback action
 * (label ≤ 20, data ≤ 300, displayText ≤ 300) or a message action (label ≤ 20, text ≤ 300).
 */
function quickReplyOf(raw: unknown, at: string): NonNullable<ChatEntry['quickReply']> {
  const items = (raw as { items?: unknown } | null)?.items;
  if (!Array.isArray(items) || items.length < 1 || items.length > 13)
    throw invalid(`${at}.items`, 'Size must be between 1 and 13');
  return items.map((item, i) => {
    const where = `${at}.items[${i}]`;
    const it = (item ?? {}) as { type?: unknown; action?: Record<string, unknown> };
    const a = it.action ?? {};
    if (it.type !== 'action') throw invalid(`${where}.type`, 'Must be one of the following values: [action]');
    const label = typeof a.label === 'string' ? a.label : '';
    if (!label || [...label].length > 20)
      throw invalid(`${where}.action.label`, 'Length must be between 1 and 20');
    const short = (v: unknown, field: string) => {
      if (v === undefined) return undefined;
      if (typeof v !== 'string' || !v || v.length > 300)
        throw invalid(`${where}.action.${field}`, 'Length must be between 1 and 300');
      return v;
    };
    if (a.type === 'postback') {
      const data = short(a.data, 'data');
      if (!data) throw invalid(`${where}.action.data`, 'May not be empty');
      const displayText = short(a.displayText, 'displayText');
      return { label, type: 'postback' as const, data, ...(displayText ? { displayText } : {}) };
    }
    if (a.type === 'message') {
      const text = short(a.text, 'text');
      if (!text) throw invalid(`${where}.action.text`, 'May not be empty');
      return { label, type: 'message' as const, text };
    }
    throw invalid(`${where}.action.type`, 'Invalid action type');
  });
}

/** A message object Sapa sent, checked like LINE checks it; answers its entry (without id). */
function entryOf(m: unknown, n: number): Omit<ChatEntry, 'id' | 'at' | 'via'> & { url?: string } {
  const o = (m && typeof m === 'object' ? m : {}) as Record<string, unknown>;
  const at = `messages[${n}]`;
  const url = (field: string) => {
    const v = o[field];
    if (typeof v !== 'string' || !/^https?:\/\//.test(v) || v.length > 2000)
      throw invalid(`${at}.${field}`, 'Must be a valid HTTPS URL');
    return v;
  };
  switch (o.type) {
    case 'text': {
      const text = typeof o.text === 'string' ? o.text : '';
      if (!text) throw invalid(`${at}.text`, 'May not be empty');
      if (text.length > TEXT_MAX) throw invalid(`${at}.text`, `Length must be between 0 and ${TEXT_MAX}`);
      const quickReply =
        o.quickReply === undefined ? undefined : quickReplyOf(o.quickReply, `${at}.quickReply`);
      return { direction: 'out', type: 'text', text, ...(quickReply ? { quickReply } : {}) };
    }
    case 'image':
    case 'video':
      url('previewImageUrl');
      return { direction: 'out', type: o.type, url: url('originalContentUrl') };
    case 'audio':
      if (typeof o.duration !== 'number' || o.duration <= 0)
        throw invalid(`${at}.duration`, 'Must be positive');
      return { direction: 'out', type: 'audio', url: url('originalContentUrl') };
    default:
      throw invalid(`${at}.type`, 'Invalid message type');
  }
}

export function registerMessagingApiRoutes(
  app: FastifyInstance,
  deps: {
    state: SimState;
    feed: CustomerFeed;
    pusher: WebhookPusher;
    replyTokenTtlMs: number;
    sendRatePerSecond: number;
    stats: { sends: number; throttled: number };
  },
) {
  const { state, feed, stats } = deps;

  function channelOf(req: FastifyRequest): LineChannel {
    const auth = String(req.headers.authorization ?? '');
    const channel = auth.startsWith('Bearer ') ? state.channels.get(auth.slice(7)) : undefined;
    if (!channel)
      throw new LineApiError(
        401,
        'Authentication failed. Confirm that the access token in the authorization header is valid.',
      );
    return channel;
  }

  function throttle(channel: LineChannel) {
    const now = Date.now();
    const rate = deps.sendRatePerSecond;
    channel.bucket.tokens = Math.min(rate, channel.bucket.tokens + ((now - channel.bucket.at) / 1000) * rate);
    channel.bucket.at = now;
    if (channel.bucket.tokens < 1) {
      stats.throttled++;
      throw new LineApiError(429, 'The API rate limit has been exceeded. Try again later.');
    }
    channel.bucket.tokens -= 1;
  }

  /**
   * Keeps a file the bot sent: LINE downloads it from its URL (in the background, like LINE); the page is
   * shown the entry again, with its file, once the bytes are here (before, without one: never a broken file).
   */
  async function fetchContent(entry: ChatEntry, url: string, shown: () => void) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (!res.ok) return;
      const mime = res.headers.get('content-type') ?? 'application/octet-stream';
      state.contents.set(entry.id, { bytes: Buffer.from(await res.arrayBuffer()), mime });
      entry.mime = mime;
      shown();
    } catch {
      // LINE shows a broken file; so does the page.
    }
  }

  /** Checks a send's messages (1 to 5), then keeps them in the chat and shows them on the page. */
  function send(channel: LineChannel, userId: string, messages: unknown, via: 'reply' | 'push') {
    if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5)
      throw invalid('messages', 'Size must be between 1 and 5');
    const checked = messages.map(entryOf);
    const chat = channel.chats.get(userId);
    if (!chat) throw invalid('to', "The property, 'to', in the request body is invalid");
    throttle(channel);
    const sentMessages = checked.map(({ url, ...e }, n) => {
      const id = state.newMessageId();
      const entry: ChatEntry = {
        ...e,
        id,
        at: Date.now(),
        via,
        sent: { ...(messages[n] as Record<string, unknown>), type: e.type, id } as LineSentMessage,
      };
      const show = () => feed.publish(channel.basicId, userId, entry);
      if (url) void fetchContent(entry, url, show);
      chat.entries.push(entry);
      stats.sends++;
      show();
      return { id, quoteToken: `q${id}` };
    });
    return { sentMessages };
  }

  const routes: Record<string, (req: FastifyRequest, channel: LineChannel) => Promise<unknown> | unknown> = {
    'GET /v2/bot/info': (_req, c) => ({
      userId: c.botUserId,
      basicId: c.basicId,
      displayName: c.displayName,
      chatMode: 'bot',
      markAsReadMode: 'manual',
    }),
    'PUT /v2/bot/channel/webhook/endpoint': (req, c) => {
      const endpoint = bodyOf(req).endpoint;
      if (typeof endpoint !== 'string' || !/^https?:\/\//.test(endpoint) || endpoint.length > 500)
        throw invalid('endpoint', 'Must be a valid HTTPS URL');
      c.webhook = { endpoint, verified: false };
      return {};
    },
    'GET /v2/bot/channel/webhook/endpoint': (_req, c) => ({
      endpoint: c.webhook?.endpoint ?? '',
      active: !!c.webhook,
    }),
    'POST /v2/bot/channel/webhook/test': async (req, c) => {
      const given = bodyOf(req).endpoint;
      const endpoint = typeof given === 'string' && given ? given : c.webhook?.endpoint;
      if (!endpoint) throw new LineApiError(400, 'The webhook URL is not set');
      const status = await deps.pusher.verify(c, endpoint);
      const success = status >= 200 && status < 300;
      if (success && c.webhook?.endpoint === endpoint) c.webhook.verified = true;
      return {
        success,
        timestamp: new Date().toISOString(),
        statusCode: status,
        reason: success ? 'OK' : status ? 'ERROR_STATUS_CODE' : 'COULD_NOT_CONNECT',
        detail: String(status),
      };
    },
    'POST /v2/bot/message/reply': (req, c) => {
      const b = bodyOf(req);
      const token = typeof b.replyToken === 'string' ? state.replyTokens.get(b.replyToken) : undefined;
      if (!token || token.accessToken !== c.accessToken || token.used)
        throw new LineApiError(400, 'Invalid reply token');
      if (Date.now() - token.issuedAt > deps.replyTokenTtlMs)
        throw new LineApiError(400, 'Invalid reply token');
      const answer = send(c, token.userId, b.messages, 'reply');
      token.used = true;
      return answer;
    },
    'POST /v2/bot/message/push': (req, c) => {
      const b = bodyOf(req);
      const key = req.headers['x-line-retry-key'];
      if (key !== undefined && (typeof key !== 'string' || !/^[0-9a-f-]{36}$/i.test(key)))
        throw invalid('X-Line-Retry-Key', 'Must be a UUID');
      const seen = key ? state.retryKeys.get(`${c.accessToken}:${key}`) : undefined;
      if (seen) throw new LineApiError(409, 'The retry key is already accepted', undefined, seen);
      const answer = send(c, String(b.to ?? ''), b.messages, 'push');
      if (key) state.retryKeys.set(`${c.accessToken}:${key}`, answer);
      return answer;
    },
  };

  const answerError = (reply: FastifyReply, err: LineApiError) =>
    reply.code(err.status).send({
      message: err.message,
      ...(err.details ? { details: err.details } : {}),
      ...(err.extra ?? {}),
    });

  for (const key of Object.keys(routes)) {
    const [method, url] = key.split(' ') as ['GET' | 'PUT' | 'POST', string];
    app.route({
      method,
      url,
      handler: async (req, reply) => {
        try {
          return await routes[key]!(req, channelOf(req));
        } catch (err) {
          if (err instanceof LineApiError) return answerError(reply, err);
          throw err;
        }
      },
    });
  }

  app.get<{ Params: { id: string } }>('/v2/bot/message/:id/content', async (req, reply) => {
    let channel: LineChannel;
    try {
      channel = channelOf(req);
    } catch (err) {
      return answerError(reply, err as LineApiError);
    }
    const content = state.contents.get(req.params.id);
    const mine = [...channel.chats.values()].some((chat) => chat.entries.some((e) => e.id === req.params.id));
    if (!content || !mine) return answerError(reply, new LineApiError(404, 'Not found'));
    return reply.header('content-type', content.mime).send(content.bytes);
  });
}

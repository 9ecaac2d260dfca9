import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerFeed } from './customer-feed.js';
import type { Chat, ChatEntry, MetaAccount, SimState } from './state.js';
import type { MetaSentMessage } from './types.js';
import type { WebhookPusher } from './webhook-pusher.js';

/**
 * The Graph API endpoints Sapa calls (developers.facebook.com/docs/messenger-platform/reference/send-api):
 * `GET /{id}` (the account, or a customer's profile: the User Profile API), `POST /{id}/subscribed_apps` and
 * the Send API `POST /{id}/messages` (messages, and the `mark_seen` / typing sender actions), with the Page
 * token as a bearer or `access_token`. The Send API enforces the window: `RESPONSE` within 24 hours of the customer's last
 * message, `MESSAGE_TAG` + `HUMAN_AGENT` within 7 days, otherwise error 10 / 2018278. Errors are Graph's
 * `{ error: { message, type, code, error_subcode, fbtrace_id } }`. Each send is echoed (`is_echo`, its
 * `metadata`) and followed by a delivery receipt, as Meta does.
 */

export const GRAPH_VERSION = 'v25.0';
const DAY = 24 * 60 * 60 * 1000;
const TEXT_MAX = 2000;
const APP_ID = 1234567890123456;

class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number,
    readonly subcode?: number,
  ) {
    super(message);
  }
}

const invalid = (message: string, subcode?: number) => new GraphError(400, `(#100) ${message}`, 100, subcode);
const OUTSIDE_WINDOW = () =>
  new GraphError(400, '(#10) This message is sent outside of allowed window.', 10, 2018278);

const bodyOf = (req: FastifyRequest) =>
  (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;

function tokenOf(req: FastifyRequest): string {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7);
  return String((req.query as { access_token?: string }).access_token ?? '');
}

/** The account a call acts for: its token must be the one of the node named (or `me`). */
function accountOf(state: SimState, req: FastifyRequest, node: string): MetaAccount {
  const account = state.byToken(tokenOf(req));
  if (!account) throw new GraphError(400, 'Invalid OAuth access token - Cannot parse access token', 190);
  if (node !== 'me' && node !== account.id)
    throw new GraphError(400, `(#100) The token does not belong to object ${node}`, 100, 33);
  return account;
}

function answerError(reply: FastifyReply, err: unknown) {
  if (!(err instanceof GraphError)) throw err;
  return reply.code(err.status).send({
    error: {
      message: err.message,
      type: err.code === 190 ? 'OAuthException' : 'OAuthException',
      code: err.code,
      ...(err.subcode ? { error_subcode: err.subcode } : {}),
      fbtrace_id: `A${Date.now().toString(36)}`,
    },
  });
}

/** The window rule of the Send API for this message to this chat. */
function checkWindow(body: Record<string, unknown>, lastCustomerAt: number) {
  const type = body.messaging_type;
  if (type !== 'RESPONSE' && type !== 'UPDATE' && type !== 'MESSAGE_TAG')
    throw invalid('messaging_type must be one of RESPONSE, UPDATE, MESSAGE_TAG');
  const since = Date.now() - lastCustomerAt;
  if (type === 'MESSAGE_TAG') {
    if (body.tag !== 'HUMAN_AGENT') throw invalid('Param tag must be HUMAN_AGENT for this app');
    if (since > 7 * DAY) throw OUTSIDE_WINDOW();
    return;
  }
  if (since > DAY) throw OUTSIDE_WINDOW();
}

/** A message's `quick_replies`, checked like Meta: 1 to 13 `text` items, title 1–20, payload 1–1000. */
function quickRepliesOf(raw: unknown): MetaSentMessage['quickReplies'] {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > 13)
    throw invalid('param message[quick_replies] must have between 1 and 13 elements');
  return raw.map((q, i) => {
    const item = (q ?? {}) as { content_type?: unknown; title?: unknown; payload?: unknown };
    if (item.content_type !== 'text')
      throw invalid(
        `param message[quick_replies][${i}][content_type] must be one of {text, user_phone_number, user_email}`,
      );
    if (typeof item.title !== 'string' || !item.title || [...item.title].length > 20)
      throw invalid(`param message[quick_replies][${i}][title] must be between 1 and 20 characters`);
    const payload = typeof item.payload === 'number' ? String(item.payload) : item.payload;
    if (typeof payload !== 'string' || !payload || payload.length > 1000)
      throw invalid(`param message[quick_replies][${i}][payload] must be between 1 and 1000 characters`);
    return { title: item.title, payload };
  });
}

/** A Send API `message`, checked like Meta checks it. */
function sentOf(account: MetaAccount, body: Record<string, unknown>, mid: string): MetaSentMessage {
  const message = (body.message && typeof body.message === 'object' ? body.message : {}) as Record<
    string,
    unknown
  >;
  const base = {
    mid,
    messagingType: String(body.messaging_type),
    ...(typeof body.tag === 'string' ? { tag: body.tag } : {}),
    ...(typeof message.metadata === 'string' ? { metadata: message.metadata } : {}),
  };
  if (typeof message.text === 'string') {
    if (!message.text) throw invalid('param message[text] must be non-empty');
    if (message.text.length > TEXT_MAX)
      throw invalid(`param message[text] must be at most ${TEXT_MAX} characters`);
    const quickReplies = quickRepliesOf(message.quick_replies);
    return { ...base, text: message.text, ...(quickReplies ? { quickReplies } : {}) };
  }
  const attachment = (message.attachment ?? {}) as { type?: string; payload?: { url?: string } };
  const types =
    account.platform === 'instagram' ? ['image', 'video', 'audio'] : ['image', 'video', 'audio', 'file'];
  if (!attachment.type || !types.includes(attachment.type))
    throw invalid('Attachment type is not supported', 2018047);
  const url = attachment.payload?.url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url))
    throw invalid('param message[attachment][payload][url] must be a URL');
  return { ...base, attachment: { type: attachment.type, url } };
}

/**
 * The User Profile API: a customer who wrote to the account, read with the account's token (Messenger
 * `first_name`, `last_name`, `name`; Instagram `name`, `username`). Undefined: the id is no customer's.
 */
function customerProfileOf(state: SimState, req: FastifyRequest, id: string) {
  const account = state.byToken(tokenOf(req));
  const chat = account?.chats.get(id);
  if (!account || !chat) return undefined;
  const [first, ...rest] = chat.customer.name.split(' ');
  return account.platform === 'instagram'
    ? { id, name: chat.customer.name, username: chat.customer.name.toLowerCase().replace(/[^a-z0-9_.]/g, '') }
    : { id, name: chat.customer.name, first_name: first ?? '', last_name: rest.join(' ') };
}

const SENDER_ACTIONS = ['mark_seen', 'typing_on', 'typing_off'];

/** A sender action (`mark_seen`: the business read the chat, kept as `seenByBusinessAt`; typing: nothing). */
function senderAction(chat: Chat, action: unknown) {
  if (typeof action !== 'string' || !SENDER_ACTIONS.includes(action))
    throw invalid('param sender_action must be one of mark_seen, typing_on, typing_off');
  if (action === 'mark_seen') chat.seenByBusinessAt = Date.now();
  return { recipient_id: chat.customer.id };
}

export function registerGraphRoutes(
  app: FastifyInstance,
  deps: {
    state: SimState;
    feed: CustomerFeed;
    pusher: WebhookPusher;
    stats: { sends: number; refused: number };
  },
) {
  const { state, feed, pusher, stats } = deps;
  const sentBytes = new Map<string, Buffer>();

  /** Meta downloads an attachment the business names; the customer's page shows it once fetched. */
  async function fetchAttachment(entry: ChatEntry, url: string, show: () => void) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (!res.ok) return;
      const bytes = Buffer.from(await res.arrayBuffer());
      sentBytes.set(entry.id, bytes);
      state.files.set(entry.id, {
        bytes,
        mime: res.headers.get('content-type') ?? 'application/octet-stream',
      });
      entry.mime = res.headers.get('content-type') ?? 'application/octet-stream';
      entry.filename = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? 'file');
      show();
    } catch {
      // Meta shows a broken attachment; so does the page.
    }
  }

  app.get<{ Params: { version: string; id: string } }>('/:version/:id', async (req, reply) => {
    try {
      const customer = customerProfileOf(state, req, req.params.id);
      if (customer) return customer;
      const account = accountOf(state, req, req.params.id);
      return {
        id: account.id,
        name: account.name,
        ...(account.username ? { username: account.username } : {}),
      };
    } catch (err) {
      return answerError(reply, err);
    }
  });

  app.post<{ Params: { version: string; id: string } }>(
    '/:version/:id/subscribed_apps',
    async (req, reply) => {
      try {
        const account = accountOf(state, req, req.params.id);
        const fields = String(
          bodyOf(req).subscribed_fields ??
            (req.query as { subscribed_fields?: string }).subscribed_fields ??
            '',
        );
        account.subscribedFields = fields.split(',').filter(Boolean);
        return { success: true };
      } catch (err) {
        return answerError(reply, err);
      }
    },
  );

  app.post<{ Params: { version: string; id: string } }>('/:version/:id/messages', async (req, reply) => {
    try {
      const account = accountOf(state, req, req.params.id);
      const body = bodyOf(req);
      const recipient = String((body.recipient as { id?: string } | undefined)?.id ?? '');
      const chat = account.chats.get(recipient);
      if (!chat) throw invalid('No matching user found', 2018001);
      if (body.sender_action !== undefined) return senderAction(chat, body.sender_action);
      checkWindow(body, chat.lastCustomerAt);
      const mid = state.newMid(account.platform);
      const sent = sentOf(account, body, mid);
      stats.sends++;
      const entry: ChatEntry = { id: mid, direction: 'out', at: Date.now(), text: sent.text, sent };
      chat.entries.push(entry);
      const show = () => feed.publish(account.id, recipient, entry);
      show();
      if (sent.attachment) void fetchAttachment(entry, sent.attachment.url, show);
      const echo = {
        is_echo: true,
        app_id: APP_ID,
        mid,
        ...(sent.metadata ? { metadata: sent.metadata } : {}),
        ...(sent.text ? { text: sent.text } : {}),
        ...(sent.attachment
          ? { attachments: [{ type: sent.attachment.type, payload: { url: sent.attachment.url } }] }
          : {}),
      };
      const now = Date.now();
      const page = { id: account.id };
      pusher.push(account, [
        { sender: page, recipient: { id: recipient }, timestamp: now, message: echo },
        ...(account.platform === 'messenger'
          ? [
              {
                sender: { id: recipient },
                recipient: page,
                timestamp: now,
                delivery: { mids: [mid], watermark: now },
              },
            ]
          : []),
      ]);
      return { recipient_id: recipient, message_id: mid };
    } catch (err) {
      stats.refused++;
      return answerError(reply, err);
    }
  });

  return { sentBytes };
}

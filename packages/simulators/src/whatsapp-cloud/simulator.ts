import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyRequest } from 'fastify';
import { metaSignature } from '../signatures.js';
import { TokenBucket } from './limits.js';
import { customerPageHtml } from './page.js';
import type {
  BusinessMessage,
  CustomerMessage,
  CustomerSendsArgs,
  DeliveredWebhook,
  OutboundStatus,
  RegisterNumberArgs,
  WebhookErrorObject,
  WhatsappCloudSimulator,
  WhatsappCloudSimulatorOptions,
  WhatsappCloudSimulatorStats,
} from './types.js';
import {
  graphError,
  newNumericId,
  newWamid,
  REENGAGEMENT_ERROR,
  toWaId,
  UNDELIVERABLE_ERROR,
  UNSUPPORTED_INBOUND_ERROR,
  unixSeconds,
} from './wire.js';

const VERSION_RE = /^v\d+(\.\d+)?$/;
const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'] as const;
const STATUS_ORDER: OutboundStatus[] = ['accepted', 'sent', 'delivered', 'read'];

interface NumberState extends RegisterNumberArgs {
  bucket: TokenBucket;
}

interface StoredMedia {
  id: string;
  bytes: Buffer;
  mime: string;
  sha256: string;
  filename?: string;
  phoneNumberId: string;
  wabaId: string;
}

interface PageButton {
  kind: 'reply' | 'list' | 'quick_reply';
  id: string;
  title: string;
}

interface InboundEntry {
  direction: 'in';
  id: string;
  at: number;
  type: string;
  text: string;
  mediaId?: string;
  mime?: string;
  filename?: string;
  readByBusiness: boolean;
}

interface OutboundEntry {
  direction: 'out';
  message: BusinessMessage;
  fate: 'deliver' | WebhookErrorObject;
  buttons: PageButton[];
  bizOpaque?: string;
}

interface Customer {
  phoneNumberId: string;
  waId: string;
  name: string;
  lastInboundAt?: number;
  conversation?: { id: string; expiresAt: number; origin: string };
  thread: (InboundEntry | OutboundEntry)[];
}

interface WebhookJob {
  url: string;
  phoneNumberId: string;
  raw: string;
  signature: string;
  body: unknown;
}

/** Shape the customer page renders. */
interface PageEntry {
  id: string;
  direction: 'in' | 'out';
  at: number;
  type: string;
  text: string;
  mediaUrl?: string;
  mime?: string;
  filename?: string;
  status?: OutboundStatus;
  buttons?: PageButton[];
  readByBusiness?: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

class GraphFailure extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: { error: Record<string, unknown> },
  ) {
    super(String(body.error.message));
  }
}

const invalidParam = (message: string, details?: string) =>
  new GraphFailure(400, graphError(100, message, details));
const badToken = () =>
  new GraphFailure(401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
const unknownObject = (id: string, method: 'get' | 'post' | 'delete') =>
  new GraphFailure(
    400,
    graphError(
      100,
      `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      undefined,
      'GraphMethodException',
    ),
  );

/**
 * Start a WhatsApp Cloud API simulator (Graph endpoints, signed webhooks, limits, customer phone page).
 * See types.ts for the options and the returned handle.
 */
export async function startWhatsappCloudSimulator(
  options: WhatsappCloudSimulatorOptions = {},
): Promise<WhatsappCloudSimulator> {
  const host = options.host ?? '127.0.0.1';
  const throughput = options.throughputPerSecond ?? 80;
  const pair = options.pairLimit ?? { perSeconds: 6, burst: 45 };
  const windowMs = (options.windowHours ?? 24) * 3600 * 1000;
  const retry = options.webhookRetry ?? { attempts: 8, baseDelayMs: 200 };
  const delays = options.statusDelaysMs ?? { sent: 10, delivered: 30 };
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
  const logLimit = options.webhookLogLimit ?? 10_000;
  const graphVersion = options.graphVersion ?? 'v21.0';
  const mediaUrlTtlMs = options.mediaUrlTtlMs ?? 5 * 60 * 1000;
  const urlKey = randomBytes(32);

  const numbers = new Map<string, NumberState>();
  /** access token → phone number ids registered with it */
  const tokens = new Map<string, Set<string>>();
  const customers = new Map<string, Customer>();
  const pairBuckets = new Map<string, TokenBucket>();
  const undeliverable = new Set<string>();
  const media = new Map<string, StoredMedia>();
  const messageIndex = new Map<string, { customer: Customer; entry: InboundEntry | OutboundEntry }>();
  const subscribers = new Map<string, Set<ServerResponse>>();
  const chains = new Map<string, Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const delivered: DeliveredWebhook[] = [];
  const abort = new AbortController();
  let pendingWebhooks = 0;
  let closed = false;
  const stats: WhatsappCloudSimulatorStats = {
    messagesAccepted: 0,
    customerMessages: 0,
    webhooksDelivered: 0,
    webhookAttempts: 0,
    webhookRetries: 0,
    webhooksAbandoned: 0,
    throughputErrors: 0,
    pairLimitErrors: 0,
    authErrors: 0,
    failedByCode: {},
  };

  const key = (phoneNumberId: string, waId: string) => `${phoneNumberId}:${waId}`;

  function later(ms: number, fn: () => void): void {
    if (closed) return;
    const t = setTimeout(() => {
      timers.delete(t);
      if (!closed) fn();
    }, ms);
    timers.add(t);
  }

  function getCustomer(phoneNumberId: string, waId: string): Customer {
    const k = key(phoneNumberId, waId);
    let c = customers.get(k);
    if (!c) {
      c = { phoneNumberId, waId, name: '', thread: [] };
      customers.set(k, c);
    }
    return c;
  }

  // ---------------------------------------------------------------- webhooks

  function enqueueWebhook(num: NumberState, recipient: string, body: unknown): void {
    if (closed) return;
    const raw = JSON.stringify(body);
    const job: WebhookJob = {
      url: num.webhookUrl,
      phoneNumberId: num.phoneNumberId,
      raw,
      signature: metaSignature(num.appSecret, raw),
      body,
    };
    pendingWebhooks++;
    // First attempts are chained per (number, recipient) so the happy path arrives in order; retries are
    // scheduled independently, so a failing delivery does not hold the others back (no ordering promise).
    const chainKey = key(num.phoneNumberId, recipient);
    const next = (chains.get(chainKey) ?? Promise.resolve()).then(() => attempt(job, 1));
    chains.set(chainKey, next);
    void next.finally(() => {
      if (chains.get(chainKey) === next) chains.delete(chainKey);
    });
  }

  async function attempt(job: WebhookJob, n: number): Promise<void> {
    if (closed) {
      pendingWebhooks--;
      return;
    }
    stats.webhookAttempts++;
    if (n > 1) stats.webhookRetries++;
    let ok = false;
    try {
      const res = await fetch(job.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': job.signature,
          'user-agent': 'facebookexternalua',
        },
        body: job.raw,
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(webhookTimeoutMs)]),
      });
      await res.arrayBuffer().catch(() => undefined);
      ok = res.status >= 200 && res.status < 300;
    } catch {
      ok = false;
    }
    if (ok) {
      stats.webhooksDelivered++;
      delivered.push({
        url: job.url,
        phoneNumberId: job.phoneNumberId,
        rawBody: job.raw,
        signature: job.signature,
        body: job.body,
        attempts: n,
        deliveredAt: Date.now(),
      });
      if (delivered.length > logLimit) delivered.splice(0, delivered.length - logLimit);
      pendingWebhooks--;
    } else if (n < retry.attempts && !closed) {
      later(retry.baseDelayMs * 2 ** (n - 1), () => void attempt(job, n + 1));
      if (closed) pendingWebhooks--;
    } else {
      stats.webhooksAbandoned++;
      pendingWebhooks--;
    }
  }

  function metadata(num: NumberState) {
    return { display_phone_number: num.displayPhoneNumber, phone_number_id: num.phoneNumberId };
  }

  function envelope(num: NumberState, value: Obj) {
    return {
      object: 'whatsapp_business_account',
      entry: [{ id: num.wabaId, changes: [{ value, field: 'messages' }] }],
    };
  }

  // ---------------------------------------------------------------- SSE

  function pageEntry(e: InboundEntry | OutboundEntry): PageEntry {
    if (e.direction === 'in') {
      return {
        id: e.id,
        direction: 'in',
        at: e.at,
        type: e.type,
        text: e.text,
        ...(e.mediaId ? { mediaUrl: `/customer/media/${e.mediaId}` } : {}),
        ...(e.mime ? { mime: e.mime } : {}),
        ...(e.filename ? { filename: e.filename } : {}),
        readByBusiness: e.readByBusiness,
      };
    }
    const m = e.message;
    const mediaUrl = m.media?.id ? `/customer/media/${m.media.id}` : m.media?.link;
    return {
      id: m.id,
      direction: 'out',
      at: m.acceptedAt,
      type: m.type,
      text: m.text,
      ...(mediaUrl ? { mediaUrl } : {}),
      ...(m.media?.mime ? { mime: m.media.mime } : {}),
      ...(m.media?.filename ? { filename: m.media.filename } : {}),
      status: m.status,
      buttons: e.buttons,
    };
  }

  function visible(e: InboundEntry | OutboundEntry): boolean {
    return e.direction === 'in' || e.fate === 'deliver';
  }

  function publish(c: Customer, e: InboundEntry | OutboundEntry): void {
    if (!visible(e)) return;
    const subs = subscribers.get(key(c.phoneNumberId, c.waId));
    if (!subs) return;
    const data = `data: ${JSON.stringify(pageEntry(e))}\n\n`;
    for (const res of subs) res.write(data);
  }

  // ---------------------------------------------------------------- outbound statuses

  function pricing(m: BusinessMessage) {
    return m.type === 'template'
      ? { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' }
      : { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' };
  }

  function statusObject(c: Customer, e: OutboundEntry, status: string, error?: WebhookErrorObject): Obj {
    const m = e.message;
    const s: Obj = { id: m.id, status, timestamp: unixSeconds(), recipient_id: c.waId };
    if (e.bizOpaque !== undefined) s.biz_opaque_callback_data = e.bizOpaque;
    if (status === 'sent' || status === 'delivered') {
      const now = Date.now();
      const origin = m.type === 'template' ? 'utility' : 'service';
      if (!c.conversation || c.conversation.expiresAt <= now) {
        c.conversation = { id: newNumericId(32).slice(0, 32), expiresAt: now + 24 * 3600 * 1000, origin };
      }
      const conv: Obj = { id: c.conversation.id, origin: { type: c.conversation.origin } };
      if (status === 'sent') conv.expiration_timestamp = unixSeconds(c.conversation.expiresAt);
      s.conversation = conv;
      s.pricing = pricing(m);
    }
    if (error) s.errors = [error];
    return s;
  }

  function emitStatus(c: Customer, e: OutboundEntry, status: Exclude<OutboundStatus, 'accepted'>): void {
    const num = numbers.get(c.phoneNumberId);
    const error = status === 'failed' && e.fate !== 'deliver' ? e.fate : undefined;
    e.message.status = status;
    e.message.statuses.push({ status, at: Date.now(), ...(error ? { error } : {}) });
    if (error) {
      e.message.error = error;
      stats.failedByCode[String(error.code)] = (stats.failedByCode[String(error.code)] ?? 0) + 1;
    }
    if (num) {
      enqueueWebhook(
        num,
        c.waId,
        envelope(num, {
          messaging_product: 'whatsapp',
          metadata: metadata(num),
          statuses: [statusObject(c, e, status, error)],
        }),
      );
    }
    publish(c, e);
  }

  function advance(c: Customer, e: OutboundEntry, target: 'sent' | 'delivered' | 'read'): void {
    if (e.fate !== 'deliver' || e.message.status === 'failed') return;
    while (STATUS_ORDER.indexOf(e.message.status) < STATUS_ORDER.indexOf(target)) {
      const next = STATUS_ORDER[STATUS_ORDER.indexOf(e.message.status) + 1] as 'sent' | 'delivered' | 'read';
      emitStatus(c, e, next);
    }
  }

  function customerReads(phoneNumberId: string, waId: string): void {
    const c = customers.get(key(phoneNumberId, toWaId(waId)));
    if (!c) return;
    for (const e of c.thread) if (e.direction === 'out') advance(c, e, 'read');
  }

  // ---------------------------------------------------------------- outbound send

  function summarize(type: string, content: Obj): { text: string; buttons: PageButton[] } {
    const buttons: PageButton[] = [];
    if (type === 'text') return { text: str(content.body) ?? '', buttons };
    if ((MEDIA_TYPES as readonly string[]).includes(type))
      return { text: str(content.caption) ?? '', buttons };
    if (type === 'location') {
      const parts = [str(content.name), str(content.address), `${content.latitude},${content.longitude}`];
      return { text: parts.filter(Boolean).join(' — '), buttons };
    }
    if (type === 'reaction') return { text: `Reacted ${str(content.emoji) ?? ''}`, buttons };
    if (type === 'interactive') {
      const body = isObj(content.body) ? (str(content.body.text) ?? '') : '';
      const header = isObj(content.header) ? (str(content.header.text) ?? '') : '';
      const action = isObj(content.action) ? content.action : {};
      if (Array.isArray(action.buttons)) {
        for (const b of action.buttons) {
          if (isObj(b) && isObj(b.reply)) {
            buttons.push({ kind: 'reply', id: str(b.reply.id) ?? '', title: str(b.reply.title) ?? '' });
          }
        }
      }
      if (Array.isArray(action.sections)) {
        for (const s of action.sections) {
          if (!isObj(s) || !Array.isArray(s.rows)) continue;
          for (const r of s.rows) {
            if (isObj(r)) buttons.push({ kind: 'list', id: str(r.id) ?? '', title: str(r.title) ?? '' });
          }
        }
      }
      return { text: [header, body].filter(Boolean).join('\n'), buttons };
    }
    if (type === 'template') {
      const lang = isObj(content.language) ? str(content.language.code) : undefined;
      const params: string[] = [];
      if (Array.isArray(content.components)) {
        for (const comp of content.components) {
          if (!isObj(comp) || !Array.isArray(comp.parameters)) continue;
          for (const p of comp.parameters) {
            if (!isObj(p)) continue;
            if (comp.type === 'button' && p.type === 'payload') {
              const payload = str(p.payload) ?? '';
              buttons.push({ kind: 'quick_reply', id: payload, title: payload });
            } else if (p.type === 'text' && str(p.text)) params.push(str(p.text) as string);
            else if (p.type === 'currency' && isObj(p.currency))
              params.push(str(p.currency.fallback_value) ?? '');
            else if (p.type === 'date_time' && isObj(p.date_time)) {
              params.push(str(p.date_time.fallback_value) ?? '');
            }
          }
        }
      }
      const head = `Template ${str(content.name) ?? ''}${lang ? ` (${lang})` : ''}`;
      return { text: params.length ? `${head}: ${params.join(', ')}` : head, buttons };
    }
    return { text: `[${type}]`, buttons };
  }

  function validateSend(
    num: NumberState,
    body: Obj,
  ): { type: string; content: Obj; mediaInfo?: BusinessMessage['media'] } {
    const type = str(body.type) ?? 'text';
    const content = body[type];
    if (!isObj(content)) throw invalidParam(`(#100) The parameter ${type} is required.`);
    if (type === 'text') {
      if (!str(content.body)) throw invalidParam("(#100) The parameter text['body'] is required.");
      return { type, content };
    }
    if ((MEDIA_TYPES as readonly string[]).includes(type)) {
      const id = str(content.id);
      const link = str(content.link);
      if (!id && !link) {
        throw invalidParam('(#100) Invalid parameter', `Param ${type}['id'] or ${type}['link'] is required.`);
      }
      if (id) {
        const m = media.get(id);
        if (!m || m.wabaId !== num.wabaId) {
          throw invalidParam(
            '(#100) Invalid parameter',
            `Param ${type}['id'] is not a valid whatsapp business account media attachment ID`,
          );
        }
        const filename = str(content.filename) ?? m.filename;
        const caption = str(content.caption);
        return {
          type,
          content,
          mediaInfo: { id, mime: m.mime, ...(filename ? { filename } : {}), ...(caption ? { caption } : {}) },
        };
      }
      const filename = str(content.filename);
      const caption = str(content.caption);
      return {
        type,
        content,
        mediaInfo: { link, ...(filename ? { filename } : {}), ...(caption ? { caption } : {}) },
      };
    }
    if (type === 'template') {
      if (!str(content.name)) throw invalidParam("(#100) The parameter template['name'] is required.");
      if (!isObj(content.language) || !str(content.language.code)) {
        throw invalidParam("(#100) The parameter template['language'] is required.");
      }
      return { type, content };
    }
    if (type === 'interactive') {
      const itype = str(content.type);
      if (!itype) throw invalidParam("(#100) The parameter interactive['type'] is required.");
      if (!isObj(content.action))
        throw invalidParam("(#100) The parameter interactive['action'] is required.");
      if (itype === 'button') {
        const buttons = content.action.buttons;
        if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 3) {
          throw invalidParam(
            '(#100) Invalid parameter',
            'Reply buttons: between 1 and 3 buttons are required.',
          );
        }
      }
      return { type, content };
    }
    if (type === 'location' || type === 'reaction' || type === 'contacts') return { type, content };
    throw invalidParam('(#100) Invalid parameter', `Unsupported message type: ${type}`);
  }

  function handleSend(num: NumberState, body: Obj): Obj {
    if (body.messaging_product !== 'whatsapp') {
      throw invalidParam('(#100) The parameter messaging_product is required.');
    }
    if (body.status === 'read' || isObj(body.typing_indicator)) {
      const messageId = str(body.message_id);
      if (!messageId) throw invalidParam('(#100) The parameter message_id is required.');
      const found = messageIndex.get(messageId);
      if (!found || found.customer.phoneNumberId !== num.phoneNumberId || found.entry.direction !== 'in') {
        throw invalidParam('(#100) Invalid parameter', `Invalid message_id: ${messageId}`);
      }
      if (body.status === 'read' && !found.entry.readByBusiness) {
        // Meta marks the message and every earlier one as read.
        for (const e of found.customer.thread) {
          if (e.direction === 'in' && e.at <= found.entry.at && !e.readByBusiness) {
            e.readByBusiness = true;
            publish(found.customer, e);
          }
        }
      }
      return { success: true };
    }
    const input = str(body.to) ?? str(body.recipient);
    if (!input) throw invalidParam('(#100) The parameter to is required.');
    const waId = toWaId(input);
    if (!waId) throw invalidParam('(#100) Invalid parameter', `Invalid recipient: ${input}`);
    const { type, content, mediaInfo } = validateSend(num, body);

    if (!num.bucket.take()) {
      stats.throughputErrors++;
      throw new GraphFailure(
        400,
        graphError(130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.'),
      );
    }
    const pairKey = key(num.phoneNumberId, waId);
    let pb = pairBuckets.get(pairKey);
    if (!pb) {
      pb = new TokenBucket(pair.burst, 1 / pair.perSeconds);
      pairBuckets.set(pairKey, pb);
    }
    if (!pb.take()) {
      stats.pairLimitErrors++;
      throw new GraphFailure(
        400,
        graphError(
          131056,
          '(#131056) (Business Account, Consumer Account) pair rate limit hit',
          'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
        ),
      );
    }

    const c = getCustomer(num.phoneNumberId, waId);
    const now = Date.now();
    const { text, buttons } = summarize(type, content);
    const message: BusinessMessage = {
      id: newWamid(),
      phoneNumberId: num.phoneNumberId,
      to: waId,
      type,
      request: body,
      text,
      ...(mediaInfo ? { media: mediaInfo } : {}),
      status: 'accepted',
      statuses: [],
      acceptedAt: now,
    };
    let fate: OutboundEntry['fate'] = 'deliver';
    if (undeliverable.has(waId)) fate = UNDELIVERABLE_ERROR();
    else if (type !== 'template' && (c.lastInboundAt === undefined || now - c.lastInboundAt > windowMs)) {
      fate = REENGAGEMENT_ERROR();
    }
    const bizOpaque = str(body.biz_opaque_callback_data);
    const entry: OutboundEntry = {
      direction: 'out',
      message,
      fate,
      buttons,
      ...(bizOpaque !== undefined ? { bizOpaque } : {}),
    };
    c.thread.push(entry);
    messageIndex.set(message.id, { customer: c, entry });
    stats.messagesAccepted++;
    publish(c, entry);
    if (fate === 'deliver') {
      later(delays.sent, () => advance(c, entry, 'sent'));
      later(delays.sent + delays.delivered, () => advance(c, entry, 'delivered'));
    } else {
      later(delays.sent, () => emitStatus(c, entry, 'failed'));
    }
    const res: Obj = {
      messaging_product: 'whatsapp',
      contacts: [{ input, wa_id: waId }],
      messages: [type === 'template' ? { id: message.id, message_status: 'accepted' } : { id: message.id }],
    };
    return res;
  }

  // ---------------------------------------------------------------- inbound (customer)

  function storeMedia(num: NumberState, bytes: Buffer, mime: string, filename?: string): StoredMedia {
    const m: StoredMedia = {
      id: newNumericId(16),
      bytes,
      mime,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      phoneNumberId: num.phoneNumberId,
      wabaId: num.wabaId,
      ...(filename ? { filename } : {}),
    };
    media.set(m.id, m);
    return m;
  }

  async function customerSends(args: CustomerSendsArgs): Promise<{ messageId: string }> {
    const num = numbers.get(args.phoneNumberId);
    if (!num) {
      throw Object.assign(new Error(`WhatsApp simulator: unknown phone number id ${args.phoneNumberId}`), {
        statusCode: 400,
      });
    }
    const from = toWaId(args.from);
    if (!from) throw new Error('WhatsApp simulator: the customer wa_id must contain digits');
    const c = getCustomer(num.phoneNumberId, from);
    c.name = args.name;
    const now = Date.now();
    c.lastInboundAt = now;
    const id = newWamid();
    const msg: Obj = { from, id, timestamp: unixSeconds(now) };
    if (args.contextMessageId)
      msg.context = { from: toWaId(num.displayPhoneNumber), id: args.contextMessageId };
    const entry: InboundEntry = {
      direction: 'in',
      id,
      at: now,
      type: args.message.type,
      text: '',
      readByBusiness: false,
    };
    const m: CustomerMessage = args.message;
    switch (m.type) {
      case 'text':
        msg.type = 'text';
        msg.text = { body: m.text };
        entry.text = m.text;
        break;
      case 'image':
      case 'video':
      case 'audio':
      case 'document':
      case 'sticker': {
        const filename = m.type === 'document' ? m.filename : undefined;
        const stored = storeMedia(num, m.bytes, m.mime, filename);
        const obj: Obj = { mime_type: stored.mime, sha256: stored.sha256, id: stored.id };
        if ((m.type === 'image' || m.type === 'video' || m.type === 'document') && m.caption) {
          obj.caption = m.caption;
          entry.text = m.caption;
        }
        if (m.type === 'document') obj.filename = m.filename;
        if (m.type === 'audio') obj.voice = m.voice ?? false;
        if (m.type === 'sticker') obj.animated = false;
        msg.type = m.type;
        msg[m.type] = obj;
        entry.mediaId = stored.id;
        entry.mime = stored.mime;
        if (filename) entry.filename = filename;
        break;
      }
      case 'location': {
        const loc: Obj = { latitude: m.latitude, longitude: m.longitude };
        if (m.name) loc.name = m.name;
        if (m.address) loc.address = m.address;
        msg.type = 'location';
        msg.location = loc;
        entry.text = [m.name, m.address, `${m.latitude},${m.longitude}`].filter(Boolean).join(' — ');
        break;
      }
      case 'reaction':
        msg.type = 'reaction';
        msg.reaction = { message_id: m.messageId, emoji: m.emoji };
        entry.text = `Reacted ${m.emoji}`;
        break;
      case 'button':
        msg.type = 'button';
        msg.button = { payload: m.payload, text: m.text };
        entry.text = m.text;
        break;
      case 'interactive':
        msg.type = 'interactive';
        if ('buttonReply' in m) {
          msg.interactive = {
            type: 'button_reply',
            button_reply: { id: m.buttonReply.id, title: m.buttonReply.title },
          };
          entry.text = m.buttonReply.title;
        } else {
          const lr: Obj = { id: m.listReply.id, title: m.listReply.title };
          if (m.listReply.description) lr.description = m.listReply.description;
          msg.interactive = { type: 'list_reply', list_reply: lr };
          entry.text = m.listReply.title;
        }
        break;
      case 'unsupported':
        msg.type = 'unsupported';
        msg.errors = [UNSUPPORTED_INBOUND_ERROR()];
        entry.text = '[unsupported message]';
        break;
      default:
        throw Object.assign(
          new Error(`WhatsApp simulator: unknown customer message type ${(m as { type?: unknown }).type}`),
          {
            statusCode: 400,
          },
        );
    }
    c.thread.push(entry);
    messageIndex.set(id, { customer: c, entry });
    stats.customerMessages++;
    publish(c, entry);
    enqueueWebhook(
      num,
      from,
      envelope(num, {
        messaging_product: 'whatsapp',
        metadata: metadata(num),
        contacts: [{ profile: { name: args.name }, wa_id: from }],
        messages: [msg],
      }),
    );
    return { messageId: id };
  }

  // ---------------------------------------------------------------- HTTP

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 110 * 1024 * 1024,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1 } });

  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof GraphFailure) return reply.code(err.httpStatus).send(err.body);
    const status = err.statusCode ?? 500;
    return reply
      .code(status >= 400 && status < 600 ? status : 500)
      .send(graphError(status < 500 ? 100 : 1, `(#${status < 500 ? 100 : 1}) ${err.message}`));
  });

  function numbersByToken(token: string | undefined): NumberState[] {
    if (token === undefined) return [];
    const ids = tokens.get(token);
    return ids ? [...ids].flatMap((id) => numbers.get(id) ?? []) : [];
  }

  function bearer(req: FastifyRequest): string | undefined {
    const h = req.headers.authorization;
    if (!h) return undefined;
    const m = /^Bearer\s+(.+)$/i.exec(h.trim());
    return m?.[1];
  }

  function authNumber(req: FastifyRequest, phoneNumberId: string, method: 'post' | 'get'): NumberState {
    const token = bearer(req);
    const num = numbers.get(phoneNumberId);
    const known = numbersByToken(token).length > 0;
    if (!known) {
      stats.authErrors++;
      throw badToken();
    }
    if (!num) throw unknownObject(phoneNumberId, method);
    if (num.accessToken !== token) {
      stats.authErrors++;
      throw badToken();
    }
    return num;
  }

  /** Media access: the token must belong to a number of the media's WABA. */
  function authMedia(req: FastifyRequest, mediaId: string, method: 'get' | 'delete'): StoredMedia {
    const token = bearer(req);
    const tokenNumbers = numbersByToken(token);
    if (tokenNumbers.length === 0) {
      stats.authErrors++;
      throw badToken();
    }
    const m = media.get(mediaId);
    if (!m || !tokenNumbers.some((n) => n.wabaId === m.wabaId)) throw unknownObject(mediaId, method);
    return m;
  }

  function checkVersion(version: string): void {
    if (!VERSION_RE.test(version)) throw new GraphFailure(404, graphError(100, 'Unknown path components'));
  }

  function mediaUrlHash(mediaId: string, ext: string): string {
    return createHmac('sha256', urlKey).update(`${mediaId}:${ext}`).digest('hex');
  }

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/messages',
    async (req) => {
      checkVersion(req.params.version);
      const num = authNumber(req, req.params.phoneNumberId, 'post');
      if (!isObj(req.body)) throw invalidParam('(#100) The parameter messaging_product is required.');
      return handleSend(num, req.body);
    },
  );

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/media',
    async (req) => {
      checkVersion(req.params.version);
      const num = authNumber(req, req.params.phoneNumberId, 'post');
      if (!req.isMultipart()) throw invalidParam('(#100) The parameter file is required.');
      const fields: Record<string, string> = {};
      let file: { bytes: Buffer; mime: string; filename: string } | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          file = { bytes, mime: part.mimetype, filename: part.filename };
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
      if (fields.messaging_product !== 'whatsapp') {
        throw invalidParam('(#100) The parameter messaging_product is required.');
      }
      if (!file) throw invalidParam('(#100) The parameter file is required.');
      const mime = fields.type || file.mime || 'application/octet-stream';
      const stored = storeMedia(num, file.bytes, mime, file.filename || undefined);
      return { id: stored.id };
    },
  );

  app.get('/whatsapp_business/attachments', async (req, reply) => {
    const q = req.query as { mid?: string; ext?: string; hash?: string };
    const token = bearer(req);
    const tokenNumbers = numbersByToken(token);
    if (tokenNumbers.length === 0) {
      stats.authErrors++;
      return reply.code(401).send(graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    }
    const m = q.mid ? media.get(q.mid) : undefined;
    const hashOk =
      !!q.mid &&
      !!q.ext &&
      !!q.hash &&
      q.hash.length === 64 &&
      timingSafeEqual(Buffer.from(q.hash), Buffer.from(mediaUrlHash(q.mid, q.ext)));
    if (
      !m ||
      !hashOk ||
      Number(q.ext) * 1000 < Date.now() ||
      !tokenNumbers.some((n) => n.wabaId === m.wabaId)
    ) {
      return reply.code(404).send(graphError(100, 'URL signature expired or media not found'));
    }
    return reply.header('content-type', m.mime).header('content-length', m.bytes.length).send(m.bytes);
  });

  function phoneNumberInfo(n: NumberState) {
    return {
      verified_name: n.businessName ?? n.displayPhoneNumber,
      display_phone_number: n.displayPhoneNumber,
      id: n.phoneNumberId,
      quality_rating: 'GREEN',
      code_verification_status: 'VERIFIED',
      platform_type: 'CLOUD_API',
      throughput: { level: 'STANDARD' },
    };
  }

  /** Owner checks for WABA-level calls: the token must belong to a number of that WABA. */
  function authWaba(req: FastifyRequest, wabaId: string, method: 'get' | 'post'): NumberState[] {
    const mine = numbersByToken(bearer(req));
    if (mine.length === 0) {
      stats.authErrors++;
      throw badToken();
    }
    const inWaba = [...numbers.values()].filter((n) => n.wabaId === wabaId);
    if (inWaba.length === 0 || !mine.some((n) => n.wabaId === wabaId)) throw unknownObject(wabaId, method);
    return inWaba;
  }

  // Phone number / WABA lookups a connector makes when an account is connected.
  app.get<{ Params: { version: string; id: string } }>('/:version/:id/phone_numbers', async (req) => {
    checkVersion(req.params.version);
    return { data: authWaba(req, req.params.id, 'get').map(phoneNumberInfo) };
  });
  app.post<{ Params: { version: string; id: string } }>('/:version/:id/subscribed_apps', async (req) => {
    checkVersion(req.params.version);
    authWaba(req, req.params.id, 'post');
    return { success: true };
  });
  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/register',
    async (req) => {
      checkVersion(req.params.version);
      authNumber(req, req.params.phoneNumberId, 'post');
      return { success: true };
    },
  );

  app.get<{ Params: { version: string; mediaId: string } }>('/:version/:mediaId', async (req) => {
    checkVersion(req.params.version);
    const phone = numbers.get(req.params.mediaId);
    if (phone) return phoneNumberInfo(authNumber(req, phone.phoneNumberId, 'get'));
    const m = authMedia(req, req.params.mediaId, 'get');
    const ext = String(Math.floor((Date.now() + mediaUrlTtlMs) / 1000));
    const url = `${baseUrl}/whatsapp_business/attachments/?mid=${m.id}&ext=${ext}&hash=${mediaUrlHash(m.id, ext)}`;
    return {
      url,
      mime_type: m.mime,
      sha256: m.sha256,
      file_size: m.bytes.length,
      id: m.id,
      messaging_product: 'whatsapp',
    };
  });

  app.delete<{ Params: { version: string; mediaId: string } }>('/:version/:mediaId', async (req) => {
    checkVersion(req.params.version);
    const m = authMedia(req, req.params.mediaId, 'delete');
    media.delete(m.id);
    return { success: true };
  });

  // ---- customer phone page

  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(customerPageHtml));

  app.get('/customer/numbers', async () =>
    [...numbers.values()].map((n) => ({
      phoneNumberId: n.phoneNumberId,
      displayPhoneNumber: n.displayPhoneNumber,
      businessName: n.businessName ?? n.displayPhoneNumber,
    })),
  );

  app.get('/customer/conversation', async (req) => {
    const q = req.query as { phoneNumberId?: string; waId?: string };
    const c = customers.get(key(q.phoneNumberId ?? '', toWaId(q.waId ?? '')));
    return { entries: c ? c.thread.filter(visible).map(pageEntry) : [] };
  });

  app.post('/customer/send', async (req, reply) => {
    const b = (isObj(req.body) ? req.body : {}) as {
      phoneNumberId?: string;
      waId?: string;
      name?: string;
      text?: string;
      image?: { base64: string; mime: string };
      caption?: string;
      buttonReply?: { id: string; title: string };
      listReply?: { id: string; title: string };
      buttonPayload?: { payload: string; text: string };
      contextMessageId?: string;
    };
    if (!b.phoneNumberId || !numbers.has(b.phoneNumberId) || !b.waId || !toWaId(b.waId)) {
      return reply
        .code(400)
        .send({ error: 'Choose a business number and enter your phone number (digits).' });
    }
    let message: CustomerMessage;
    if (b.image) {
      message = {
        type: 'image',
        bytes: Buffer.from(b.image.base64, 'base64'),
        mime: b.image.mime || 'image/jpeg',
        ...(b.caption ? { caption: b.caption } : {}),
      };
    } else if (b.buttonReply) message = { type: 'interactive', buttonReply: b.buttonReply };
    else if (b.listReply) message = { type: 'interactive', listReply: b.listReply };
    else if (b.buttonPayload) message = { type: 'button', ...b.buttonPayload };
    else if (b.text?.trim()) message = { type: 'text', text: b.text };
    else return reply.code(400).send({ error: 'Type a message or attach an image.' });
    return customerSends({
      phoneNumberId: b.phoneNumberId,
      from: b.waId,
      name: b.name ?? '',
      message,
      ...(b.contextMessageId ? { contextMessageId: b.contextMessageId } : {}),
    });
  });

  app.post('/customer/read', async (req) => {
    const b = (isObj(req.body) ? req.body : {}) as { phoneNumberId?: string; waId?: string };
    customerReads(b.phoneNumberId ?? '', b.waId ?? '');
    return { ok: true };
  });

  app.get('/customer/media/:mediaId', async (req, reply) => {
    const m = media.get((req.params as { mediaId: string }).mediaId);
    if (!m) return reply.code(404).send({ error: 'not found' });
    return reply.header('content-type', m.mime).send(m.bytes);
  });

  app.get('/customer/events', (req, reply) => {
    const q = req.query as { phoneNumberId?: string; waId?: string };
    const k = key(q.phoneNumberId ?? '', toWaId(q.waId ?? ''));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    let set = subscribers.get(k);
    if (!set) {
      set = new Set();
      subscribers.set(k, set);
    }
    set.add(res);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), 25_000);
    heartbeat.unref();
    req.raw.on('close', () => {
      clearInterval(heartbeat);
      const s = subscribers.get(k);
      s?.delete(res);
      if (s && s.size === 0) subscribers.delete(k);
    });
  });

  // ---- control API (standalone use from other processes)

  app.post('/simulator/numbers', async (req, reply) => {
    const b = req.body as RegisterNumberArgs;
    for (const f of [
      'phoneNumberId',
      'wabaId',
      'displayPhoneNumber',
      'accessToken',
      'appSecret',
      'webhookUrl',
    ] as const) {
      if (!isObj(b) || typeof b[f] !== 'string') return reply.code(400).send({ error: `${f} is required` });
    }
    registerNumber(b);
    return reply.code(201).send({ ok: true });
  });
  app.get('/simulator/stats', async () => stats);
  app.post('/simulator/undeliverable', async (req) => {
    const b = req.body as { waId: string; undeliverable?: boolean };
    setUndeliverable(b.waId, b.undeliverable ?? true);
    return { ok: true };
  });
  app.get('/simulator/conversation', async (req) => {
    const q = req.query as { phoneNumberId?: string; waId?: string };
    return conversation(q.phoneNumberId ?? '', q.waId ?? '');
  });
  app.post('/simulator/customer-sends', async (req) => {
    const b = req.body as CustomerSendsArgs & { message: CustomerMessage & { bytes?: unknown } };
    const message = { ...b.message } as CustomerMessage & { bytes?: unknown };
    if (typeof message.bytes === 'string') message.bytes = Buffer.from(message.bytes, 'base64');
    return customerSends({ ...b, message: message as CustomerMessage });
  });
  app.post('/simulator/customer-reads', async (req) => {
    const b = req.body as { phoneNumberId: string; waId: string };
    customerReads(b.phoneNumberId, b.waId);
    return { ok: true };
  });

  // ---------------------------------------------------------------- handle

  function registerNumber(args: RegisterNumberArgs): void {
    const previous = numbers.get(args.phoneNumberId);
    if (previous) tokens.get(previous.accessToken)?.delete(args.phoneNumberId);
    let ids = tokens.get(args.accessToken);
    if (!ids) {
      ids = new Set();
      tokens.set(args.accessToken, ids);
    }
    ids.add(args.phoneNumberId);
    numbers.set(args.phoneNumberId, { ...args, bucket: new TokenBucket(throughput, throughput) });
  }

  function setUndeliverable(waId: string, value = true): void {
    if (value) undeliverable.add(toWaId(waId));
    else undeliverable.delete(toWaId(waId));
  }

  function conversation(phoneNumberId: string, waId: string): BusinessMessage[] {
    const c = customers.get(key(phoneNumberId, toWaId(waId)));
    if (!c) return [];
    return c.thread.flatMap((e) =>
      e.direction === 'out' ? [{ ...e.message, statuses: [...e.message.statuses] }] : [],
    );
  }

  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const baseUrl = (options.publicUrl ?? `http://${urlHost}:${port}`).replace(/\/$/, '');

  return {
    url: baseUrl,
    graphBaseUrl: `${baseUrl}/${graphVersion}`,
    async close() {
      if (closed) return;
      closed = true;
      abort.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const set of subscribers.values()) for (const res of set) res.end();
      subscribers.clear();
      await app.close();
    },
    registerNumber,
    customerSends,
    customerReads,
    conversation,
    setUndeliverable,
    deliveredWebhooks: () => [...delivered],
    stats: () => ({ ...stats, failedByCode: { ...stats.failedByCode } }),
    async idle() {
      while (!closed && (pendingWebhooks > 0 || timers.size > 0)) {
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}

import { createHash } from 'node:crypto';
import type { MessageType } from '@sapa/contracts';
import type { InboundMessage, InboundStatus } from '../../../conversations/index.js';
import { emptyParsedDelivery, type ParsedDelivery, type StoredDelivery } from '../connector.js';
import { timeOf } from '../provider-time.js';
import { type MetaPlatform, SAPA_METADATA_PREFIX } from './platform.js';
import type {
  MetaAttachment,
  MetaEntry,
  MetaMessage,
  MetaMessagingEvent,
  MetaWebhookBody,
} from './webhook-types.js';

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * The key an event is stored under, so that a redelivery stores nothing however Meta batches it: a message
 * (or its echo) by its `mid`, a deletion and a postback by theirs, anything else (delivery, read, reaction)
 * by the sha256 of the event (a redelivered event is the same JSON).
 */
function eventKeyOf(event: MetaMessagingEvent): string {
  const mid = event?.message?.mid;
  if (typeof mid === 'string' && mid) return `${event.message?.is_deleted ? 'deleted' : 'mid'}:${mid}`;
  const postback = event?.postback?.mid;
  if (typeof postback === 'string' && postback) return `postback:${postback}`;
  return `sha256:${sha256(event)}`;
}

/**
 * A delivery split into its events (every `entry`, every `messaging[]` item), each stored on its own as
 * `{ object, entry: [{ id, time, messaging: [event] }] }`. Null: not this platform's delivery (stored whole,
 * parsed to nothing).
 */
export function metaEventsOf(platform: MetaPlatform) {
  return (body: unknown): { key: string; body: MetaWebhookBody }[] | null => {
    const { object, entry } = (body ?? {}) as MetaWebhookBody;
    if (object !== platform.object || !Array.isArray(entry)) return null;
    return entry.flatMap((e: MetaEntry) =>
      (Array.isArray(e?.messaging) ? e.messaging : []).map((event) => ({
        key: eventKeyOf(event),
        body: { object, entry: [{ id: e.id, time: e.time, messaging: [event] }] },
      })),
    );
  };
}

/** Sapa's message type of each attachment type Meta sends (others: `unsupported`, their URL kept). */
const MEDIA_TYPES: Readonly<Record<string, MessageType>> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'document',
  story_mention: 'image',
};

type Content = { type: MessageType; text: string | null; payload: Record<string, unknown> };

/** One attachment: media whose bytes are at Meta's URL (`metaMediaUrl`), a sticker, a story mention, a share. */
function attachmentContent(a: MetaAttachment): Content {
  const url = typeof a?.payload?.url === 'string' ? a.payload.url : null;
  if (a?.type === 'image' && typeof a.payload?.sticker_id === 'number')
    return {
      type: 'sticker',
      text: null,
      payload: { stickerId: String(a.payload.sticker_id), metaMediaUrl: url },
    };
  const type = MEDIA_TYPES[a?.type ?? ''];
  const story = a?.type === 'story_mention' ? { story: 'mention' } : {};
  if (type && url)
    return { type, text: null, payload: { metaMediaUrl: url, mime: null, filename: null, ...story } };
  return {
    type: 'unsupported',
    text: url,
    payload: { originalType: `meta:${a?.type ?? ''}`, url, ...story },
  };
}

/** What a message says: its text, or one content per attachment (the text, if any, as the first's caption). */
function contentsOf(m: MetaMessage): Content[] {
  const extra: Record<string, unknown> = {};
  if (m.quick_reply?.payload) {
    extra.quickReply = m.quick_reply.payload;
    // A tapped quick reply: its title is the message's text, its payload the option's id.
    if (m.text) extra.reply = { id: m.quick_reply.payload, title: m.text };
  }
  if (m.reply_to?.story) Object.assign(extra, { story: 'reply', storyUrl: m.reply_to.story.url ?? null });
  const attachments = Array.isArray(m.attachments) ? m.attachments : [];
  if (attachments.length === 0) return [{ type: 'text', text: m.text ?? '', payload: extra }];
  return attachments.map((a, i) => {
    const c = attachmentContent(a);
    return { ...c, text: i === 0 && m.text ? m.text : c.text, payload: { ...c.payload, ...extra } };
  });
}

interface EventContext {
  delivery: StoredDelivery;
  platform: MetaPlatform;
  event: MetaMessagingEvent;
  at: Date;
}

/** A customer's message, or the business's echoed one (sent outside Sapa), as inbound messages. */
function messagesOf({ delivery, platform, event, at }: EventContext): InboundMessage[] {
  const m = event.message!;
  if (m.is_deleted || typeof m.mid !== 'string' || !m.mid) return [];
  // An echo of Sapa's own send: the message is already in the chat.
  if (m.is_echo && m.metadata?.startsWith(SAPA_METADATA_PREFIX)) return [];
  const customer = m.is_echo ? event.recipient?.id : event.sender?.id;
  if (typeof customer !== 'string' || !customer) return [];
  const mid = m.mid;
  return contentsOf(m).map((c, i) => ({
    clientId: delivery.clientId,
    channel: platform.code,
    channelAccountId: delivery.channelAccountId,
    sender: { externalId: customer, name: null },
    providerMessageId: i === 0 ? mid : `${mid}#${i}`,
    type: c.type,
    text: c.text,
    payload: c.payload,
    replyToProviderId: typeof m.reply_to?.mid === 'string' ? m.reply_to.mid : null,
    ...(m.is_echo ? { echo: true } : {}),
    at,
  }));
}

/** A postback (the customer tapped a button): its title as the customer's text, its payload kept. */
function postbackOf({ delivery, platform, event, at }: EventContext): InboundMessage | null {
  const p = event.postback!;
  const customer = event.sender?.id;
  if (typeof customer !== 'string' || !customer) return null;
  return {
    clientId: delivery.clientId,
    channel: platform.code,
    channelAccountId: delivery.channelAccountId,
    sender: { externalId: customer, name: null },
    providerMessageId: p.mid || `postback:${customer}:${event.timestamp ?? at.getTime()}`,
    type: 'button',
    text: p.title ?? p.payload ?? '',
    payload: { postback: p.payload ?? null },
    at,
  };
}

/** A reaction to a message (`react`; an `unreact` changes nothing). */
function reactionOf({ delivery, platform, event, at }: EventContext): InboundMessage | null {
  const r = event.reaction!;
  const customer = event.sender?.id;
  if (r.action !== 'react' || typeof r.mid !== 'string' || typeof customer !== 'string') return null;
  return {
    clientId: delivery.clientId,
    channel: platform.code,
    channelAccountId: delivery.channelAccountId,
    sender: { externalId: customer, name: null },
    providerMessageId: `reaction:${r.mid}:${customer}:${event.timestamp ?? 0}`,
    type: 'reaction',
    text: r.emoji ?? r.reaction ?? null,
    reaction: { providerMessageId: r.mid, emoji: r.emoji ?? r.reaction ?? '' },
    at,
  };
}

/**
 * Delivery and read receipts of the business's messages (forward only, in conversations): by `mid`, or, for
 * Messenger's `read.watermark`, every message sent to this customer up to that instant.
 */
function receiptsOf({ delivery, event, at }: EventContext, parsed: ParsedDelivery) {
  const { clientId, channelAccountId } = delivery;
  const push = (ref: InboundStatus['ref'], status: 'delivered' | 'read') => {
    const mid = 'providerMessageId' in ref ? ref.providerMessageId : null;
    parsed.statuses.push({
      status: { clientId, channelAccountId, ref, status },
      provider: {
        clientId,
        channelAccountId,
        providerMessageId: mid,
        status,
        at,
        error: null,
        callbackKey: null,
      },
    });
  };
  for (const mid of Array.isArray(event.delivery?.mids) ? event.delivery.mids : [])
    if (typeof mid === 'string' && mid) push({ providerMessageId: mid }, 'delivered');
  const read = event.read;
  const customer = event.sender?.id;
  if (typeof read?.mid === 'string' && read.mid) push({ providerMessageId: read.mid }, 'read');
  else if (
    typeof read?.watermark === 'number' &&
    read.watermark > 0 &&
    typeof customer === 'string' &&
    customer
  )
    push({ customerExternalId: customer, upTo: new Date(read.watermark) }, 'read');
}

/**
 * A stored delivery in Sapa's shape, for every entry of this account (another Page or Instagram account
 * signed with the same app secret is counted in `foreignChanges` and ignored) and every event: messages
 * (text, attachments, Instagram story replies and mentions), echoes of messages the business sent elsewhere,
 * postbacks, reactions, delivery and read receipts.
 */
export function parseMetaDelivery(platform: MetaPlatform) {
  return (delivery: StoredDelivery, now: Date): ParsedDelivery => {
    const parsed = emptyParsedDelivery();
    const body = (delivery.raw ?? {}) as MetaWebhookBody;
    if (body.object !== platform.object) return parsed;
    for (const entry of Array.isArray(body.entry) ? body.entry : []) {
      if (delivery.accountAddress !== undefined && delivery.accountAddress !== entry?.id) {
        parsed.foreignChanges++;
        continue;
      }
      for (const event of Array.isArray(entry?.messaging) ? entry.messaging : []) {
        const ctx = {
          delivery,
          platform,
          event,
          at: timeOf(typeof event?.timestamp === 'number' ? event.timestamp / 1000 : undefined, now),
        };
        if (event?.message) parsed.messages.push(...messagesOf(ctx));
        else if (event?.postback) {
          const m = postbackOf(ctx);
          if (m) parsed.messages.push(m);
        } else if (event?.reaction) {
          const m = reactionOf(ctx);
          if (m) parsed.messages.push(m);
        } else receiptsOf(ctx, parsed);
      }
    }
    return parsed;
  };
}

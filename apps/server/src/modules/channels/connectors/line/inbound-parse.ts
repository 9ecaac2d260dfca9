import { createHash } from 'node:crypto';
import { linePostbackOption, type MessageType } from '@sapa/contracts';
import type { InboundMessage } from '../../../conversations/index.js';
import { emptyParsedDelivery, type ParsedDelivery, type StoredDelivery } from '../connector.js';
import { timeOf } from '../provider-time.js';
import type { LineEvent, LineMessage, LineWebhookBody } from './event-types.js';

/**
 * A LINE delivery split into its events, each stored on its own under its `webhookEventId` (a redelivery of
 * an event stores nothing, however LINE groups it), as `{ destination, events: [event] }`. An empty `events`
 * array is LINE's webhook verification call (nothing to store). Null: not a LINE delivery (stored whole,
 * parsed to nothing).
 */
export function lineEventsOf(body: unknown): { key: string; body: LineWebhookBody }[] | null {
  const { destination, events } = (body ?? {}) as LineWebhookBody;
  if (!Array.isArray(events)) return null;
  return events.map((event: LineEvent) => ({
    key:
      typeof event?.webhookEventId === 'string' && event.webhookEventId !== ''
        ? `event:${event.webhookEventId}`
        : `sha256:${createHash('sha256').update(JSON.stringify(event)).digest('hex')}`,
    body: { destination, events: [event] },
  }));
}

/** The mime type each LINE media message comes in when the data host does not say (it does). */
const MEDIA_TYPES: Readonly<Record<string, { type: MessageType; mime: string | null }>> = {
  image: { type: 'image', mime: 'image/jpeg' },
  video: { type: 'video', mime: 'video/mp4' },
  audio: { type: 'audio', mime: 'audio/m4a' },
  file: { type: 'document', mime: null },
};

/**
 * A stored LINE delivery in Sapa's shape: every `message` event of a person in a 1:1 chat (`source.userId`)
 * becomes one inbound message; its reply token goes in the payload (`replyToken`, `replyTokenAt`) for the
 * sender. Follow and unfollow, group and room messages, standby-mode events and the rest carry nothing for
 * the inbox: stored and marked processed, no ticket.
 */
export function parseLineDelivery(delivery: StoredDelivery, now: Date): ParsedDelivery {
  const parsed = emptyParsedDelivery();
  const events = (delivery.raw as LineWebhookBody | null)?.events;
  for (const event of Array.isArray(events) ? events : []) {
    const message = inboundOf(delivery, event, now);
    if (message) parsed.messages.push(message);
  }
  return parsed;
}

function inboundOf(delivery: StoredDelivery, event: LineEvent, now: Date): InboundMessage | null {
  if (event?.type === 'postback') return postbackOf(delivery, event, now);
  const m = event?.message;
  const userId = event?.source?.userId;
  if (event?.type !== 'message' || event.mode === 'standby' || event.source?.type !== 'user') return null;
  if (typeof userId !== 'string' || !userId || typeof m?.id !== 'string' || !m.id) return null;
  const content = contentOf(m);
  const at = timeOf(typeof event.timestamp === 'number' ? event.timestamp / 1000 : undefined, now);
  const reply =
    typeof event.replyToken === 'string' && event.replyToken
      ? { replyToken: event.replyToken, replyTokenAt: at.getTime() }
      : {};
  return {
    clientId: delivery.clientId,
    channel: 'LNE',
    channelAccountId: delivery.channelAccountId,
    sender: { externalId: userId, name: null },
    providerMessageId: m.id,
    type: content.type,
    text: content.text,
    payload: { ...content.payload, ...reply },
    replyToProviderId: typeof m.quotedMessageId === 'string' ? m.quotedMessageId : null,
    at,
  };
}

/**
 * A tap on a quick reply item Sapa sent (a postback action whose `data` names the option): the option's title
 * as the customer's answer, `payload.reply` with its id; the event's reply token is kept like a message's.
 * Postbacks Sapa did not send (another tool's rich menu) carry nothing.
 */
function postbackOf(delivery: StoredDelivery, event: LineEvent, now: Date): InboundMessage | null {
  const userId = event.source?.userId;
  if (event.mode === 'standby' || event.source?.type !== 'user' || typeof userId !== 'string' || !userId)
    return null;
  const option = typeof event.postback?.data === 'string' ? linePostbackOption(event.postback.data) : null;
  if (!option || typeof event.webhookEventId !== 'string' || !event.webhookEventId) return null;
  const at = timeOf(typeof event.timestamp === 'number' ? event.timestamp / 1000 : undefined, now);
  const reply =
    typeof event.replyToken === 'string' && event.replyToken
      ? { replyToken: event.replyToken, replyTokenAt: at.getTime() }
      : {};
  return {
    clientId: delivery.clientId,
    channel: 'LNE',
    channelAccountId: delivery.channelAccountId,
    sender: { externalId: userId, name: null },
    providerMessageId: `postback:${event.webhookEventId}`,
    type: 'interactive',
    text: option.title,
    payload: { kind: 'postback', reply: option, ...reply },
    replyToProviderId: null,
    at,
  };
}

/** What a message says: text, media whose bytes are at LINE (`lineContentId`), a sticker, a place. */
function contentOf(m: LineMessage): {
  type: MessageType;
  text: string | null;
  payload: Record<string, unknown>;
} {
  if (m.type === 'text')
    return { type: 'text', text: m.text ?? '', payload: m.quoteToken ? { quoteToken: m.quoteToken } : {} };
  const media = MEDIA_TYPES[m.type ?? ''];
  if (media) {
    const external = m.contentProvider?.type === 'external' ? m.contentProvider.originalContentUrl : null;
    return {
      type: media.type,
      text: null,
      payload: {
        ...(external ? { externalUrl: external } : { lineContentId: m.id }),
        mime: media.mime,
        filename: m.fileName ?? null,
        size: typeof m.fileSize === 'number' ? m.fileSize : null,
      },
    };
  }
  if (m.type === 'sticker')
    return {
      type: 'sticker',
      text: m.keywords?.[0] ?? null,
      payload: { packageId: m.packageId ?? null, stickerId: m.stickerId ?? null },
    };
  if (m.type === 'location')
    return {
      type: 'location',
      text: [m.title, m.address].filter(Boolean).join(' — ') || null,
      payload: { latitude: m.latitude ?? null, longitude: m.longitude ?? null, address: m.address ?? null },
    };
  return { type: 'unsupported', text: null, payload: { originalType: `line:${m.type ?? ''}` } };
}

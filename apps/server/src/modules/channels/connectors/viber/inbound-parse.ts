import type { MessageType } from '@sapa/contracts';
import type { InboundMessage } from '../../../conversations/index.js';
import { emptyParsedDelivery, type ParsedDelivery, type StoredDelivery } from '../connector.js';
import { timeOf } from '../provider-time.js';
import type { ViberEvent, ViberMessage } from './event-types.js';

/** The statuses of a business message Viber reports, in Sapa's words (forward only, applied by ingest). */
const STATUS_EVENTS = { delivered: 'delivered', seen: 'read', failed: 'failed' } as const;

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * A delivery's events under Viber's id (`<event>:<message_token>`: a redelivery stores nothing twice; a
 * message's `delivered` and `seen` are their own events). Viber's `webhook` callback (sent while `set_webhook`
 * runs) holds no event: the empty list has it answered 200 and the account marked checked.
 */
export function viberEventsOf(body: unknown): { key: string; body: unknown }[] | null {
  const e = body as ViberEvent | null;
  if (!e || typeof e !== 'object' || !isText(e.event)) return null;
  if (e.event === 'webhook') return [];
  if (!isText(e.message_token)) return null;
  return [{ key: `${e.event}:${e.message_token}`, body }];
}

/** Viber's time (Unix milliseconds), in the past only. */
const timeOfMs = (ms: unknown, now: Date) => timeOf(typeof ms === 'number' ? ms / 1000 : undefined, now);

/**
 * A stored Viber event in Sapa's shape: a `message` becomes one inbound message from the Viber user (its
 * media named by URL, fetched by the media job); `delivered`, `seen` and `failed` become statuses of the
 * business message with that token (`failed` with Viber's reason). `subscribed`, `unsubscribed` and
 * `conversation_started` carry nothing for the inbox: stored and marked processed.
 */
export function parseViberDelivery(delivery: StoredDelivery, now: Date): ParsedDelivery {
  const parsed = emptyParsedDelivery();
  const e = delivery.raw as ViberEvent | null;
  const { clientId, channelAccountId } = delivery;
  if (!e || !isText(e.message_token)) return parsed;
  const statusName = STATUS_EVENTS[e.event as keyof typeof STATUS_EVENTS];
  if (statusName) {
    const error = statusName === 'failed' ? { code: 'viber.failed', message: e.desc || 'failed' } : null;
    parsed.statuses.push({
      status: {
        clientId,
        channelAccountId,
        ref: { providerMessageId: e.message_token },
        status: statusName,
        error,
      },
      provider: {
        clientId,
        channelAccountId,
        providerMessageId: e.message_token,
        status: statusName,
        at: timeOfMs(e.timestamp, now),
        error,
        callbackKey: null,
      },
    });
    return parsed;
  }
  if (e.event !== 'message' || !isText(e.sender?.id) || !e.message) return parsed;
  const content = contentOf(e.message);
  const tapped = viberTappedReply(e.message);
  if (tapped)
    Object.assign(content, {
      type: 'interactive',
      text: tapped.title,
      payload: { kind: 'keyboard', reply: tapped },
    });
  parsed.messages.push({
    clientId,
    channel: 'VBR',
    channelAccountId,
    sender: { externalId: e.sender.id, name: isText(e.sender.name) ? e.sender.name : null },
    providerMessageId: e.message_token,
    type: content.type,
    text: content.text,
    payload: content.payload,
    at: timeOfMs(e.timestamp, now),
  } satisfies InboundMessage);
  return parsed;
}

/** What Sapa puts in `tracking_data` of a message with a keyboard: the options by id. */
export const VIBER_REPLY_TRACKING = 'sapaReplies';

/**
 * A tap on a keyboard button Sapa sent: Viber sends the button's `ActionBody` (the option's id) as the text and
 * returns the message's `tracking_data`, where Sapa listed the options with their titles.
 */
function viberTappedReply(m: ViberMessage): { id: string; title: string } | null {
  if (m.type !== 'text' || typeof m.text !== 'string' || typeof m.tracking_data !== 'string') return null;
  try {
    const data = JSON.parse(m.tracking_data) as Record<string, unknown>;
    const options = data?.[VIBER_REPLY_TRACKING] as Record<string, unknown> | undefined;
    const title = options && Object.hasOwn(options, m.text) ? options[m.text] : null;
    return typeof title === 'string' && title ? { id: m.text, title } : null;
  } catch {
    return null;
  }
}

/** The file part of a media message, in the payload the media job reads (`viberMediaUrl`: fetch it). */
function fileOf(m: ViberMessage, mime: string | null): Record<string, unknown> {
  return {
    viberMediaUrl: m.media,
    mime,
    filename: isText(m.file_name) ? m.file_name : null,
    size: typeof m.size === 'number' ? m.size : null,
  };
}

/** What a message says: text, media with its caption (file not fetched yet), or what Sapa does not show. */
function contentOf(m: ViberMessage): {
  type: MessageType;
  text: string | null;
  payload: Record<string, unknown> | null;
} {
  const text = typeof m.text === 'string' ? m.text : null;
  const hasMedia = isText(m.media);
  switch (m.type) {
    case 'text':
      return { type: 'text', text: text ?? '', payload: null };
    case 'url':
      return { type: 'text', text: m.media ?? text, payload: null };
    case 'picture':
      if (hasMedia) return { type: 'image', text, payload: fileOf(m, null) };
      break;
    case 'video':
      if (hasMedia) return { type: 'video', text, payload: fileOf(m, 'video/mp4') };
      break;
    case 'file':
      if (hasMedia) return { type: 'document', text, payload: fileOf(m, null) };
      break;
    case 'sticker':
      if (hasMedia)
        return {
          type: 'sticker',
          text: null,
          payload: { ...fileOf(m, 'image/png'), stickerId: m.sticker_id },
        };
      break;
    case 'location':
      return {
        type: 'location',
        text: null,
        payload: { latitude: m.location?.lat ?? null, longitude: m.location?.lon ?? null },
      };
    case 'contact':
      return {
        type: 'contacts',
        text: m.contact?.name ?? null,
        payload: { contacts: [{ name: m.contact?.name ?? null, phone: m.contact?.phone_number ?? null }] },
      };
  }
  return { type: 'unsupported', text, payload: { originalType: `viber:${m.type ?? 'unknown'}` } };
}

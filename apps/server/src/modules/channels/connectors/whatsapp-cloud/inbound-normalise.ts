import type { MessageKey, MessageType } from '@sapa/contracts';
import { failure } from '../../outbound/outbound-sender.js';
import type { WaError, WaMessage } from './webhook-types.js';

/** A WhatsApp webhook's messages and errors in Sapa's shape (no database here). */

const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'] as const;

/** A webhook message in Sapa's shape (media bytes are not fetched yet: the media id stays in the payload). */
export function normaliseMessage(m: WaMessage): {
  type: MessageType;
  text: string | null;
  payload: Record<string, unknown> | null;
} {
  const t = m.type ?? 'unsupported';
  if (t === 'text') return { type: 'text', text: m.text?.body ?? '', payload: null };
  if ((MEDIA_TYPES as readonly string[]).includes(t)) {
    const media = m[t as (typeof MEDIA_TYPES)[number]] ?? {};
    return {
      type: t as MessageType,
      text: media.caption ?? null,
      payload: {
        mediaId: media.id ?? null,
        mime: media.mime_type ?? null,
        sha256: media.sha256 ?? null,
        filename: media.filename ?? null,
        ...(media.voice ? { voice: true } : {}),
      },
    };
  }
  if (t === 'location') {
    const l = m.location ?? {};
    return { type: 'location', text: l.name ?? l.address ?? null, payload: { ...l } };
  }
  if (t === 'contacts') return { type: 'contacts', text: null, payload: { contacts: m.contacts ?? [] } };
  if (t === 'interactive') {
    const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
    return {
      type: 'interactive',
      text: reply?.title ?? null,
      payload: {
        kind: m.interactive?.type ?? null,
        id: reply?.id ?? null,
        title: reply?.title ?? null,
        // The tapped option in the shape every connector writes (`tappedReplyOf`).
        ...(reply?.id && reply.title ? { reply: { id: reply.id, title: reply.title } } : {}),
      },
    };
  }
  if (t === 'button') {
    return { type: 'button', text: m.button?.text ?? null, payload: { payload: m.button?.payload ?? null } };
  }
  if (t === 'reaction') {
    return {
      type: 'reaction',
      text: m.reaction?.emoji ?? null,
      payload: { providerMessageId: m.reaction?.message_id ?? null, emoji: m.reaction?.emoji ?? '' },
    };
  }
  const order = m.order;
  if (t === 'order' && order && Array.isArray(order.product_items)) {
    // The customer's WhatsApp cart: kept whole in the payload (`CatalogueOrder`); orders turns it into a draft.
    // An order object without its product items is no order Sapa can read: it stays unsupported.
    const items = order.product_items
      .filter((i) => typeof i.product_retailer_id === 'string' && i.product_retailer_id !== '')
      .map((i) => ({
        retailerId: i.product_retailer_id!,
        quantity: Number.isFinite(i.quantity) ? Number(i.quantity) : 1,
        itemPrice: Number.isFinite(i.item_price) ? Number(i.item_price) : 0,
        currency: i.currency ?? '',
      }));
    return {
      type: 'order',
      text: order.text ?? null,
      payload: { catalogId: order.catalog_id ?? '', text: order.text ?? null, items },
    };
  }
  return { type: 'unsupported', text: null, payload: { originalType: t } };
}

/** A failed status's error for the message: the spec's reason for the codes it names, the provider's otherwise. */
export function failureOf(errors: WaError[] | undefined, fallbackKey: MessageKey = 'wa.failed') {
  const e = errors?.[0];
  const code = e?.code ?? null;
  const title = e?.error_data?.details || e?.title || e?.message || 'unknown';
  return failure(
    code === 131047 ? 'wa.reengagement' : code === 131026 ? 'wa.undeliverable' : fallbackKey,
    title,
  );
}

import { type ReplyButtons, replyButtonsOf } from '@sapa/contracts';
import type { messages } from '../../../conversations/index.js';

/** The list's button text when the sender named none. */
export const DEFAULT_LIST_LABEL = 'Pilih';

/**
 * Reply buttons as Graph's interactive message (reference §1d): `button` with up to 3 `reply` buttons, or
 * `list` with one section of rows; the customer's tap comes back as `button_reply` / `list_reply` with the id.
 */
export function interactiveOf(text: string, buttons: ReplyButtons): Record<string, unknown> {
  const action =
    buttons.style === 'list'
      ? {
          button: buttons.listLabel || DEFAULT_LIST_LABEL,
          sections: [{ rows: buttons.options.map((o) => ({ id: o.id, title: o.title })) }],
        }
      : { buttons: buttons.options.map((o) => ({ type: 'reply', reply: { id: o.id, title: o.title } })) };
  return { type: buttons.style === 'list' ? 'list' : 'button', body: { text }, action };
}

/** Message types sent as an uploaded file (reference §1d media). */
export const MEDIA_TYPES: ReadonlySet<string> = new Set(['image', 'video', 'audio', 'document']);

/** The template of a `template` message, as stored in its payload (Graph `template` object). */
interface TemplatePayload {
  name: string;
  language: string;
  /** Graph template components with their parameters (header/body/button). */
  components?: unknown[];
}

/**
 * The Graph API body (without `messaging_product`/`to`) for one outbound message row: its type and content,
 * plus the quoted message as `context`. A media message names the id its file got from `POST /{phone}/media`.
 */
export function graphMessageOf(
  message: Pick<typeof messages.$inferSelect, 'type' | 'text' | 'payload' | 'media'>,
  contextWamid: string | null,
  mediaId: string | null = null,
): Record<string, unknown> {
  const context = contextWamid ? { context: { message_id: contextWamid } } : {};
  if (message.type === 'template') {
    const t = message.payload?.template as TemplatePayload | undefined;
    if (!t) throw new Error('template message without its template payload');
    return {
      type: 'template',
      template: {
        name: t.name,
        language: { code: t.language },
        ...(t.components?.length ? { components: t.components } : {}),
      },
      ...context,
    };
  }
  if (message.type === 'interactive' && message.payload?.interactive) {
    // A product message built whole by orders (WhatsApp's `interactive` object, type product or product_list).
    return { type: 'interactive', interactive: message.payload.interactive, ...context };
  }
  if (MEDIA_TYPES.has(message.type)) {
    if (!mediaId) throw new Error(`${message.type} message without its uploaded media id`);
    const media: Record<string, unknown> = { id: mediaId };
    // Graph takes a caption on image, video and document, and a file name on documents only.
    if (message.text && message.type !== 'audio') media.caption = message.text;
    if (message.type === 'document' && message.media?.filename) media.filename = message.media.filename;
    return { type: message.type, [message.type]: media, ...context };
  }
  const buttons = replyButtonsOf(message.payload);
  if (buttons)
    return { type: 'interactive', interactive: interactiveOf(message.text ?? '', buttons), ...context };
  return { type: 'text', text: { preview_url: false, body: message.text ?? '' }, ...context };
}

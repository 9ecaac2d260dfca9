import type { messages } from '../../../conversations/index.js';

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
  return { type: 'text', text: { preview_url: false, body: message.text ?? '' }, ...context };
}

import type { messages } from '../../../tickets/tickets.schema.js';

/** The template of a `template` message, as stored in its payload (Graph `template` object). */
export interface TemplatePayload {
  name: string;
  language: string;
  /** Graph template components with their parameters (header/body/button). */
  components?: unknown[];
}

/**
 * The Graph API body (without `messaging_product`/`to`) for one outbound message row: its type and content,
 * plus the quoted message as `context`.
 */
export function graphMessageOf(
  message: Pick<typeof messages.$inferSelect, 'type' | 'text' | 'payload'>,
  contextWamid: string | null,
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
  return { type: 'text', text: { preview_url: false, body: message.text ?? '' }, ...context };
}

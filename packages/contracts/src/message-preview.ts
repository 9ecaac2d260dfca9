/**
 * The one line a chat shows for its last message (the ticket list, the inbox, push notifications): the text,
 * or a readable label for a structured message, never its raw markup. A WhatsApp catalogue order reads
 * "🛒 Pesanan (3 produk)" / "🛒 Order (3 products)".
 */
export const PREVIEW_MAX = 200;

type PreviewLanguage = 'id' | 'en';

const ORDER_LABEL: Record<PreviewLanguage, (n: number) => string> = {
  id: (n) => `🛒 Pesanan (${n} produk)`,
  en: (n) => `🛒 Order (${n} ${n === 1 ? 'product' : 'products'})`,
};

function orderItemCount(payload: Record<string, unknown> | null | undefined): number | null {
  const items = payload?.items;
  return Array.isArray(items) ? items.length : null;
}

export function messagePreviewText(
  m: { type: string; text: string | null; payload?: Record<string, unknown> | null },
  language: PreviewLanguage = 'id',
): string {
  if (m.type === 'order') {
    const n = orderItemCount(m.payload);
    if (n !== null) {
      const label = ORDER_LABEL[language](n);
      return (m.text ? `${label} ${m.text}` : label).slice(0, PREVIEW_MAX);
    }
  }
  if (m.text) return m.text.slice(0, PREVIEW_MAX);
  return `[${m.type}]`;
}

import { isObj, type Obj, type PageButton, str } from './context.js';

/** How an outbound Graph message reads on the customer phone page: a line of text and its buttons. */

export const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'] as const;

export function summarize(type: string, content: Obj): { text: string; buttons: PageButton[] } {
  const buttons: PageButton[] = [];
  if (type === 'text') return { text: str(content.body) ?? '', buttons };
  if ((MEDIA_TYPES as readonly string[]).includes(type)) return { text: str(content.caption) ?? '', buttons };
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
          if (isObj(r))
            buttons.push({
              kind: 'list',
              id: str(r.id) ?? '',
              title: str(r.title) ?? '',
              listLabel: str(action.button) ?? 'Menu',
            });
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

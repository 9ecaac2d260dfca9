import { isObj, type NumberState, type Obj, type StoredMedia, str } from './context.js';
import { invalidParam } from './graph-errors.js';
import { MEDIA_TYPES } from './message-summary.js';
import type { BusinessMessage } from './types.js';

/** Validation of a `POST /{phone-number-id}/messages` body (throws the Graph error Meta returns). */
export function validateSend(
  media: Map<string, StoredMedia>,
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
    if (!isObj(content.action)) throw invalidParam("(#100) The parameter interactive['action'] is required.");
    if (itype === 'button') {
      const buttons = content.action.buttons;
      if (!Array.isArray(buttons) || buttons.length < 1 || buttons.length > 3) {
        throw invalidParam(
          '(#100) Invalid parameter',
          'Reply buttons: between 1 and 3 buttons are required.',
        );
      }
      for (const b of buttons) {
        const reply = isObj(b) && isObj(b.reply) ? b.reply : {};
        const title = str(reply.title) ?? '';
        if (!str(reply.id) || !title || [...title].length > 20)
          throw invalidParam(
            '(#131009) Parameter value is not valid',
            'Button title length invalid. Min length: 1, Max length: 20',
          );
      }
    }
    if (itype === 'list') {
      const label = str(content.action.button) ?? '';
      if (!label || [...label].length > 20)
        throw invalidParam(
          '(#131009) Parameter value is not valid',
          'Button text length invalid. Min length: 1, Max length: 20',
        );
      const sections = content.action.sections;
      const rows = Array.isArray(sections)
        ? sections.flatMap((s) => (isObj(s) && Array.isArray(s.rows) ? s.rows : []))
        : [];
      if (rows.length < 1 || rows.length > 10)
        throw invalidParam(
          '(#131009) Parameter value is not valid',
          'Total row count exceed max allowed count: 10',
        );
      for (const r of rows) {
        const title = isObj(r) ? (str(r.title) ?? '') : '';
        if (!isObj(r) || !str(r.id) || !title || [...title].length > 24)
          throw invalidParam(
            '(#131009) Parameter value is not valid',
            'Row title length invalid. Min length: 1, Max length: 24',
          );
      }
    }
    return { type, content };
  }
  if (type === 'location' || type === 'reaction' || type === 'contacts') return { type, content };
  throw invalidParam('(#100) Invalid parameter', `Unsupported message type: ${type}`);
}

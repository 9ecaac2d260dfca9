import type { Catalogues } from './catalogues.js';
import { isObj, type NumberState, type Obj, type StoredMedia, str } from './context.js';
import { GraphFailure, invalidParam } from './graph-errors.js';
import { MEDIA_TYPES } from './message-summary.js';
import type { BusinessMessage, ShownProduct } from './types.js';
import { graphError } from './wire.js';

const productsNotFound = (details: string) =>
  new GraphFailure(400, graphError(131009, '(#131009) Parameter value is not valid', details));

/**
 * Single- and multi-product messages name products of the catalogue connected to the sender's WABA by retailer
 * id: header (text) and body are required for a product list, 1–10 sections, 1–30 products in all.
 */
function productsOfSend(
  catalogues: Catalogues,
  num: NumberState,
  itype: string,
  content: Obj,
): ShownProduct[] {
  const action = content.action as Obj;
  const catalogId = str(action.catalog_id);
  if (!catalogId) throw invalidParam("(#100) The parameter interactive['action']['catalog_id'] is required.");
  const catalogue = catalogues.byId(catalogId);
  if (!catalogue || catalogue.wabaId !== num.wabaId)
    throw productsNotFound('Catalog not connected to this WhatsApp Business Account');
  let ids: string[];
  if (itype === 'product') {
    const id = str(action.product_retailer_id);
    if (!id)
      throw invalidParam("(#100) The parameter interactive['action']['product_retailer_id'] is required.");
    ids = [id];
  } else {
    if (!isObj(content.header) || content.header.type !== 'text' || !str(content.header.text))
      throw invalidParam("(#100) The parameter interactive['header'] is required (type text).");
    if (!isObj(content.body) || !str(content.body.text))
      throw invalidParam("(#100) The parameter interactive['body'] is required.");
    const sections = action.sections;
    if (!Array.isArray(sections) || sections.length < 1 || sections.length > 10)
      throw invalidParam('(#100) Invalid parameter', 'Multi-product messages take 1 to 10 sections.');
    ids = sections.flatMap((s) =>
      isObj(s) && Array.isArray(s.product_items)
        ? s.product_items.map((p) => (isObj(p) ? (str(p.product_retailer_id) ?? '') : ''))
        : [],
    );
    if (ids.length < 1 || ids.length > 30 || ids.some((i) => !i))
      throw invalidParam('(#100) Invalid parameter', 'Multi-product messages take 1 to 30 products.');
  }
  const missing = ids.filter((i) => !catalogue.items.has(i));
  if (missing.length) throw productsNotFound(`Products not found in FB Catalog: ${missing.join(', ')}`);
  return ids.map((i) => {
    const item = catalogue.items.get(i)!;
    return {
      catalogId,
      retailerId: item.retailerId,
      title: item.title,
      price: item.price,
      currency: item.currency,
      imageLink: item.imageLink,
      available: item.availability === 'in stock',
    };
  });
}

/** Validation of a `POST /{phone-number-id}/messages` body (throws the Graph error Meta returns). */
export function validateSend(
  media: Map<string, StoredMedia>,
  num: NumberState,
  body: Obj,
  catalogues?: Catalogues,
): { type: string; content: Obj; mediaInfo?: BusinessMessage['media']; products?: ShownProduct[] } {
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
    if ((itype === 'product' || itype === 'product_list') && catalogues)
      return { type, content, products: productsOfSend(catalogues, num, itype, content) };
    return { type, content };
  }
  if (type === 'location' || type === 'reaction' || type === 'contacts') return { type, content };
  throw invalidParam('(#100) Invalid parameter', `Unsupported message type: ${type}`);
}

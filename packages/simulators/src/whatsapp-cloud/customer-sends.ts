import type { Catalogues } from './catalogues.js';
import type { InboundEntry, NumberState, Obj, SimContext } from './context.js';
import type { Conversations } from './conversations.js';
import type { CustomerFeed } from './customer-feed.js';
import type { MediaStore } from './media-store.js';
import type { CustomerMessage, CustomerSendsArgs } from './types.js';
import { envelope, metadata, type WebhookSender } from './webhook-sender.js';
import { newWamid, toWaId, UNSUPPORTED_INBOUND_ERROR, unixSeconds } from './wire.js';

/** A customer sends a message to a business number: thread entry, service window, inbound webhook. */
export type CustomerSends = (args: CustomerSendsArgs) => Promise<{ messageId: string }>;

export function createCustomerSends(
  ctx: SimContext,
  deps: {
    numbers: Map<string, NumberState>;
    conversations: Conversations;
    mediaStore: MediaStore;
    feed: CustomerFeed;
    webhooks: WebhookSender;
    catalogues: Catalogues;
  },
): CustomerSends {
  const { stats } = ctx;

  return async function customerSends(args: CustomerSendsArgs): Promise<{ messageId: string }> {
    const num = deps.numbers.get(args.phoneNumberId);
    if (!num) {
      throw Object.assign(new Error(`WhatsApp simulator: unknown phone number id ${args.phoneNumberId}`), {
        statusCode: 400,
      });
    }
    const from = toWaId(args.from);
    if (!from) throw new Error('WhatsApp simulator: the customer wa_id must contain digits');
    const c = deps.conversations.get(num.phoneNumberId, from);
    c.name = args.name;
    const now = Date.now();
    c.lastInboundAt = now;
    const id = newWamid();
    const msg: Obj = { from, id, timestamp: unixSeconds(now) };
    if (args.contextMessageId)
      msg.context = { from: toWaId(num.displayPhoneNumber), id: args.contextMessageId };
    const entry: InboundEntry = {
      direction: 'in',
      id,
      at: now,
      type: args.message.type,
      text: '',
      readByBusiness: false,
    };
    const m: CustomerMessage = args.message;
    switch (m.type) {
      case 'text':
        msg.type = 'text';
        msg.text = { body: m.text };
        entry.text = m.text;
        break;
      case 'image':
      case 'video':
      case 'audio':
      case 'document':
      case 'sticker': {
        const filename = m.type === 'document' ? m.filename : undefined;
        const stored = deps.mediaStore.store(num, m.bytes, m.mime, filename);
        const obj: Obj = { mime_type: stored.mime, sha256: stored.sha256, id: stored.id };
        if ((m.type === 'image' || m.type === 'video' || m.type === 'document') && m.caption) {
          obj.caption = m.caption;
          entry.text = m.caption;
        }
        if (m.type === 'document') obj.filename = m.filename;
        if (m.type === 'audio') obj.voice = m.voice ?? false;
        if (m.type === 'sticker') obj.animated = false;
        msg.type = m.type;
        msg[m.type] = obj;
        entry.mediaId = stored.id;
        entry.mime = stored.mime;
        if (filename) entry.filename = filename;
        break;
      }
      case 'location': {
        const loc: Obj = { latitude: m.latitude, longitude: m.longitude };
        if (m.name) loc.name = m.name;
        if (m.address) loc.address = m.address;
        msg.type = 'location';
        msg.location = loc;
        entry.text = [m.name, m.address, `${m.latitude},${m.longitude}`].filter(Boolean).join(' — ');
        break;
      }
      case 'reaction':
        msg.type = 'reaction';
        msg.reaction = { message_id: m.messageId, emoji: m.emoji };
        entry.text = `Reacted ${m.emoji}`;
        break;
      case 'button':
        msg.type = 'button';
        msg.button = { payload: m.payload, text: m.text };
        entry.text = m.text;
        break;
      case 'interactive':
        msg.type = 'interactive';
        if ('buttonReply' in m) {
          msg.interactive = {
            type: 'button_reply',
            button_reply: { id: m.buttonReply.id, title: m.buttonReply.title },
          };
          entry.text = m.buttonReply.title;
        } else {
          const lr: Obj = { id: m.listReply.id, title: m.listReply.title };
          if (m.listReply.description) lr.description = m.listReply.description;
          msg.interactive = { type: 'list_reply', list_reply: lr };
          entry.text = m.listReply.title;
        }
        break;
      case 'order': {
        // WhatsApp's cart: the products of the business's connected catalogue at their current prices.
        const catalogue = deps.catalogues.byId(m.catalogId);
        if (!catalogue || catalogue.wabaId !== num.wabaId)
          throw Object.assign(new Error('WhatsApp simulator: that catalogue is not this business’s'), {
            statusCode: 400,
          });
        if (m.items.length === 0 || m.items.some((i) => !Number.isInteger(i.quantity) || i.quantity < 1))
          throw Object.assign(new Error('WhatsApp simulator: an order needs items with a quantity ≥ 1'), {
            statusCode: 400,
          });
        const productItems = m.items.map((i) => {
          const item = catalogue.items.get(i.productRetailerId);
          if (!item)
            throw Object.assign(
              new Error(`WhatsApp simulator: no product ${i.productRetailerId} in the catalogue`),
              {
                statusCode: 400,
              },
            );
          return {
            product_retailer_id: item.retailerId,
            quantity: i.quantity,
            item_price: item.price,
            currency: item.currency,
          };
        });
        msg.type = 'order';
        msg.order = {
          catalog_id: catalogue.id,
          ...(m.text ? { text: m.text } : {}),
          product_items: productItems,
        };
        const count = productItems.reduce((n, i) => n + i.quantity, 0);
        entry.text = [
          `Order: ${count} item${count === 1 ? '' : 's'}`,
          ...productItems.map(
            (i) =>
              `${i.quantity} × ${catalogue.items.get(i.product_retailer_id)?.title ?? i.product_retailer_id}`,
          ),
          ...(m.text ? [m.text] : []),
        ].join('\n');
        break;
      }
      case 'unsupported':
        msg.type = 'unsupported';
        msg.errors = [UNSUPPORTED_INBOUND_ERROR()];
        entry.text = '[unsupported message]';
        break;
      default:
        throw Object.assign(
          new Error(`WhatsApp simulator: unknown customer message type ${(m as { type?: unknown }).type}`),
          {
            statusCode: 400,
          },
        );
    }
    deps.conversations.add(c, id, entry);
    stats.customerMessages++;
    deps.feed.publish(c, entry);
    deps.webhooks.enqueue(
      num,
      from,
      envelope(num, {
        messaging_product: 'whatsapp',
        metadata: metadata(num),
        contacts: [{ profile: { name: args.name }, wa_id: from }],
        messages: [msg],
      }),
    );
    return { messageId: id };
  };
}

import type { FastifyInstance } from 'fastify';
import { type PageBody, refuse, registerChatPageRoutes, str } from '../chat-page-routes.js';
import { isObj, key } from './context.js';
import type { Conversations } from './conversations.js';
import { type CustomerFeed, pageEntry, visible } from './customer-feed.js';
import type { CustomerSends } from './customer-sends.js';
import type { MediaStore } from './media-store.js';
import type { NumberRegistry } from './number-registry.js';
import { customerPageHtml } from './page.js';
import type { StatusScheduler } from './status-scheduler.js';
import type { CustomerMessage } from './types.js';
import { toWaId } from './wire.js';

/** The customer phone page: HTML, numbers, thread, send / read, media and the live event stream. */
export function registerCustomerPageRoutes(
  app: FastifyInstance,
  deps: {
    registry: NumberRegistry;
    conversations: Conversations;
    mediaStore: MediaStore;
    feed: CustomerFeed;
    customerSends: CustomerSends;
    statuses: StatusScheduler;
  },
): void {
  const { numbers } = deps.registry;

  registerChatPageRoutes(app, {
    html: customerPageHtml,
    accounts: {
      path: 'customer/numbers',
      // Numbers customers write to first: a number without webhooks (the platform's code sender) comes last,
      // so the page and scripts that take the first number talk to a business.
      list: () =>
        [...numbers.values()]
          .sort((a, b) => Number(!a.webhookUrl) - Number(!b.webhookUrl))
          .map((n) => ({
            phoneNumberId: n.phoneNumberId,
            displayPhoneNumber: n.displayPhoneNumber,
            businessName: n.businessName ?? n.displayPhoneNumber,
          })),
    },
    history: {
      path: 'customer/conversation',
      entries: (q) =>
        deps.conversations
          .find(str(q, 'phoneNumberId'), str(q, 'waId'))
          ?.thread.filter(visible)
          .map(pageEntry) ?? [],
    },
    send: (b) => sendFromPage(b),
    files: { path: 'customer/media', get: (id) => deps.mediaStore.media.get(id) },
    subscribe: (q, res) => deps.feed.subscribe(key(str(q, 'phoneNumberId'), toWaId(str(q, 'waId'))), res),
  });

  function sendFromPage(raw: PageBody) {
    const b = raw as {
      phoneNumberId?: string;
      waId?: string;
      name?: string;
      text?: string;
      image?: { base64: string; mime: string };
      caption?: string;
      buttonReply?: { id: string; title: string };
      listReply?: { id: string; title: string };
      buttonPayload?: { payload: string; text: string };
      contextMessageId?: string;
      order?: { catalogId: string; text?: string; items: { productRetailerId: string; quantity: number }[] };
    };
    if (!b.phoneNumberId || !numbers.has(b.phoneNumberId) || !b.waId || !toWaId(b.waId))
      return refuse('Choose a business number and enter your phone number (digits).');
    let message: CustomerMessage;
    if (b.order) {
      if (!b.order.catalogId || !Array.isArray(b.order.items) || b.order.items.length === 0)
        return refuse('Your cart is empty.');
      message = {
        type: 'order',
        catalogId: String(b.order.catalogId),
        ...(b.order.text ? { text: String(b.order.text) } : {}),
        items: b.order.items.map((i) => ({
          productRetailerId: String(i.productRetailerId),
          quantity: Number(i.quantity),
        })),
      };
    } else if (b.image) {
      message = {
        type: 'image',
        bytes: Buffer.from(b.image.base64, 'base64'),
        mime: b.image.mime || 'image/jpeg',
        ...(b.caption ? { caption: b.caption } : {}),
      };
    } else if (b.buttonReply) message = { type: 'interactive', buttonReply: b.buttonReply };
    else if (b.listReply) message = { type: 'interactive', listReply: b.listReply };
    else if (b.buttonPayload) message = { type: 'button', ...b.buttonPayload };
    else if (b.text?.trim()) message = { type: 'text', text: b.text };
    else return refuse('Type a message or attach an image.');
    return deps.customerSends({
      phoneNumberId: b.phoneNumberId,
      from: b.waId,
      name: b.name ?? '',
      message,
      ...(b.contextMessageId ? { contextMessageId: b.contextMessageId } : {}),
    });
  }

  app.post('/customer/read', async (req) => {
    const b = (isObj(req.body) ? req.body : {}) as { phoneNumberId?: string; waId?: string };
    deps.statuses.customerReads(b.phoneNumberId ?? '', b.waId ?? '');
    return { ok: true };
  });
}

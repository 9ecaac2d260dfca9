import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  type PageBody,
  refuse,
  registerChatPageRoutes,
  str,
  tapOf,
  uploadedFile,
} from '../chat-page-routes.js';
import { type CustomerFeed, pageEntryOf } from './customer-feed.js';
import type { CustomerSends } from './customer-sends.js';
import { customerPageHtml } from './page.js';
import type { SimState } from './state.js';

const USER_ID = /^[A-Za-z0-9+/=]{6,40}$/;

/** The customer chat page (bots, a chat's entries, sending, files, live feed), the media host and the admin panel. */
export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { state: SimState; feed: CustomerFeed; customerSends: CustomerSends },
) {
  const { state } = deps;

  registerChatPageRoutes(app, {
    html: customerPageHtml,
    accounts: {
      path: 'customer/bots',
      list: () => [...state.bots.values()].map((b) => ({ uri: b.uri, name: b.name, connected: !!b.webhook })),
    },
    history: {
      path: 'customer/chat',
      entries: (q) => state.byUri(q.bot)?.chats.get(str(q, 'userId'))?.entries.map(pageEntryOf) ?? [],
    },
    send: (b) => sendFromPage(b),
    files: { path: 'customer/files', get: (id) => state.files.get(id) },
    subscribe: (q, res) => deps.feed.subscribe(str(q, 'bot'), str(q, 'userId'), res),
  });

  function sendFromPage(b: PageBody) {
    const bot = state.byUri(b.bot);
    const userId = str(b, 'userId').trim();
    const name = str(b, 'name').trim();
    if (!bot || !USER_ID.test(userId) || !name)
      return refuse('Choose a bot, and enter your Viber user id and name.');
    const tap = tapOf(b);
    if (tap) {
      const entry = bot.chats.get(userId)?.entries.find((e) => `out:${e.messageToken}` === tap.messageId);
      const button = entry?.sent?.keyboard?.find((k) => k.actionBody === tap.id);
      if (!entry?.sent || !button) return refuse('That button is no longer there.');
      const trackingData = entry.sent.trackingData;
      return deps.customerSends({
        token: bot.token,
        from: { id: userId, name },
        message: {
          keyboardReply: {
            actionBody: button.actionBody,
            shown: button.text,
            ...(trackingData ? { trackingData } : {}),
          },
        },
      });
    }
    const file = uploadedFile(b);
    const text = str(b, 'text');
    if (!file && !text.trim()) return refuse('Type a message or attach a file.');
    const caption = str(b, 'caption');
    return deps.customerSends({
      token: bot.token,
      from: { id: userId, name },
      message: file ? { file, ...(caption ? { caption } : {}) } : { text },
    });
  }

  // Viber's media host: the files customers send, at the URL their `message` callback names.
  app.get<{ Params: { id: string } }>('/media/:id', async (req, reply) => {
    const file = state.files.get(req.params.id);
    if (!file) return reply.code(404).send({ error: 'not found' });
    return reply.header('content-type', file.mime).send(file.bytes);
  });

  // Like the Viber admin panel: a person making a bot for the demo gets its token here, to paste into Sapa.
  app.post('/admin/bots', async (req, reply) => {
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as PageBody;
    const uri = str(b, 'uri').trim();
    const name = str(b, 'name').trim();
    if (!/^[a-z0-9][a-z0-9._-]{2,30}$/i.test(uri) || !name)
      return reply.code(400).send({ error: 'Give the bot a name and a URI (letters, digits, . _ -).' });
    if (state.byUri(uri)) return reply.code(409).send({ error: 'This URI is already taken.' });
    const token = newViberToken();
    state.register({ token, name, uri });
    return { token };
  });
}

/** A token shaped like Viber's: three groups of 16 hex digits. */
export const newViberToken = () => [0, 1, 2].map(() => randomBytes(8).toString('hex')).join('-');

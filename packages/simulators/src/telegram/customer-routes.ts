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
import type { CustomerSends, CustomerTaps } from './customer-sends.js';
import { customerPageHtml } from './page.js';
import type { SimState } from './state.js';
import type { TelegramCustomerMessage } from './types.js';

/** The customer chat page (bots, a chat's entries, sending, files, live feed) and @BotFather's new bots. */
export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { state: SimState; feed: CustomerFeed; customerSends: CustomerSends; customerTaps: CustomerTaps },
) {
  const { state } = deps;
  const botByName = (username: unknown) => [...state.bots.values()].find((b) => b.username === username);

  registerChatPageRoutes(app, {
    html: customerPageHtml,
    accounts: {
      path: 'customer/bots',
      list: () =>
        [...state.bots.values()].map((b) => ({
          username: b.username,
          name: b.firstName,
          connected: !!b.webhook,
        })),
    },
    history: {
      path: 'customer/chat',
      entries: (q) => botByName(q.bot)?.chats.get(Number(q.userId))?.entries.map(pageEntryOf) ?? [],
    },
    send: (b) => sendFromPage(b),
    files: { path: 'customer/files', get: (id) => state.file(id) },
    subscribe: (q, res) => deps.feed.subscribe(str(q, 'bot'), Number(q.userId), res),
  });

  function sendFromPage(b: PageBody) {
    const bot = botByName(b.bot);
    const userId = Number(b.userId);
    const firstName = str(b, 'firstName').trim();
    if (!bot || !Number.isSafeInteger(userId) || userId <= 0 || !firstName)
      return refuse('Choose a bot, and enter your Telegram user id (digits) and first name.');
    const lastName = str(b, 'lastName').trim();
    const username = str(b, 'username').trim();
    const from = {
      id: userId,
      firstName,
      ...(lastName ? { lastName } : {}),
      ...(username ? { username } : {}),
    };
    const tap = tapOf(b);
    if (tap) {
      // The page's entry id is `out:<message_id>`.
      const messageId = Number(tap.messageId.split(':')[1]);
      return deps
        .customerTaps({ token: bot.token, from, messageId, data: tap.id })
        .catch(() => refuse('That button is no longer there.'));
    }
    const file = uploadedFile(b);
    const caption = str(b, 'caption') ? { caption: str(b, 'caption') } : {};
    let message: TelegramCustomerMessage;
    if (file)
      message =
        file.mime === 'image/jpeg' || file.mime === 'image/png'
          ? { photo: { bytes: file.bytes, mime: file.mime }, ...caption }
          : { document: file, ...caption };
    else if (str(b, 'text').trim()) message = { text: str(b, 'text') };
    else return refuse('Type a message or attach a file.');
    return deps.customerSends({ token: bot.token, from, message });
  }

  // Like @BotFather: a person making a bot for the demo gets its token here, to paste into Sapa.
  app.post('/botfather/newbot', async (req, reply) => {
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as PageBody;
    const username = str(b, 'username').trim();
    const name = str(b, 'name').trim();
    if (!/^[A-Za-z][A-Za-z0-9_]{3,30}bot$/i.test(username) || !name)
      return reply.code(400).send({ error: "Give the bot a name and a username ending in 'bot'." });
    if ([...state.bots.values()].some((bot) => bot.username.toLowerCase() === username.toLowerCase()))
      return reply.code(409).send({ error: 'This username is already taken.' });
    const id = 7_000_000_000 + state.bots.size + Math.floor(Math.random() * 1_000_000) * 100;
    const token = `${id}:${randomBytes(26).toString('base64url')}`;
    state.register({ token, username, firstName: name });
    return { token };
  });
}

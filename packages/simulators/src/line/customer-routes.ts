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
import type { LineCustomerMessage } from './types.js';

/** The customer chat page (accounts, a chat's entries, sending, contents, live feed) and the console. */
export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { state: SimState; feed: CustomerFeed; customerSends: CustomerSends },
) {
  const { state } = deps;
  const channelById = (basicId: unknown) => [...state.channels.values()].find((c) => c.basicId === basicId);

  registerChatPageRoutes(app, {
    html: customerPageHtml,
    accounts: {
      path: 'customer/accounts',
      list: () =>
        [...state.channels.values()].map((c) => ({
          basicId: c.basicId,
          name: c.displayName,
          connected: !!c.webhook?.verified,
        })),
    },
    history: {
      path: 'customer/chat',
      entries: (q) => channelById(q.account)?.chats.get(str(q, 'userId'))?.entries.map(pageEntryOf) ?? [],
    },
    send: (b) => sendFromPage(b),
    files: { path: 'customer/content', get: (id) => state.contents.get(id) },
    subscribe: (q, res) => deps.feed.subscribe(str(q, 'account'), str(q, 'userId'), res),
  });

  function sendFromPage(b: PageBody) {
    const channel = channelById(b.account);
    const userId = str(b, 'userId').trim();
    const displayName = str(b, 'displayName').trim();
    if (!channel || !/^U[0-9a-f]{32}$/.test(userId) || !displayName)
      return refuse('Choose an account, and enter your LINE user id (U + 32 hex) and display name.');
    const tap = tapOf(b);
    if (tap) {
      // The page's entry id is `out:<message id>`; the button's id is the quick reply item's index.
      const entry = channel.chats.get(userId)?.entries.find((e) => `out:${e.id}` === tap.messageId);
      const item = entry?.quickReply?.[Number(tap.id)];
      if (!item) return refuse('That button is no longer there.');
      const tapped: LineCustomerMessage =
        item.type === 'postback'
          ? { postback: { data: item.data!, ...(item.displayText ? { displayText: item.displayText } : {}) } }
          : { text: item.text! };
      return deps.customerSends({
        accessToken: channel.accessToken,
        from: { userId, displayName },
        messages: [tapped],
      });
    }
    const file = uploadedFile(b);
    const messages: LineCustomerMessage[] = file ? [{ file }] : [];
    // LINE has no captions: a caption is a text message after the file, in the same delivery.
    const text = str(b, file ? 'caption' : 'text');
    if (text.trim()) messages.push({ text });
    if (messages.length === 0) return refuse('Type a message or attach a file.');
    return deps.customerSends({ accessToken: channel.accessToken, from: { userId, displayName }, messages });
  }

  // Like the LINE Developers console: a person making an Official Account for the demo gets its channel secret
  // and access token here, to paste into Sapa.
  app.post('/console/channels', async (req, reply) => {
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as PageBody;
    const basicId = str(b, 'basicId').trim();
    const displayName = str(b, 'displayName').trim();
    if (!/^@[a-z0-9._-]{3,20}$/.test(basicId) || !displayName)
      return reply.code(400).send({ error: 'Give the account a display name and a LINE ID like @tokoku.' });
    if (channelById(basicId)) return reply.code(409).send({ error: 'This LINE ID is already taken.' });
    const channel = state.register({ basicId, displayName });
    return { channelSecret: channel.channelSecret, accessToken: channel.accessToken };
  });

  // The console's "Reissue" of a channel access token: the token Sapa holds stops working (401).
  app.post('/console/channels/reissue', async (req, reply) => {
    const channel = channelById(str((req.body ?? {}) as PageBody, 'basicId'));
    if (!channel) return reply.code(404).send({ error: 'No such LINE ID.' });
    return { accessToken: state.reissueAccessToken(channel.accessToken) };
  });
}

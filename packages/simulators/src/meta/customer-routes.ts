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
import type { CustomerReads, CustomerSends } from './customer-sends.js';
import { customerPageHtml } from './page.js';
import type { MetaAccount, SimState } from './state.js';
import type { MetaCustomerMessage, MetaPlatformName } from './types.js';

const PLATFORMS: readonly MetaPlatformName[] = ['messenger', 'instagram'];

/** What a customer's page send becomes: a story mention or reply (Instagram), or a file and its text. */
function messagesOf(account: MetaAccount, b: PageBody): MetaCustomerMessage[] | ReturnType<typeof refuse> {
  const file = uploadedFile(b) ?? null;
  const text = str(b, file ? 'caption' : 'text');
  const story = account.platform === 'instagram' ? str(b, 'story') : '';
  if (story === 'mention') {
    const photo = file?.mime.startsWith('image/') ? file : null;
    if (!photo) return refuse('Attach the photo of your story.');
    return [{ storyMention: { bytes: photo.bytes, mime: photo.mime } }];
  }
  if (story === 'reply')
    return text.trim() ? [{ storyReply: { text } }] : refuse('Type your reply to the story.');
  // Messenger and Instagram have no captions: a caption is a text message after the file.
  const messages: MetaCustomerMessage[] = [];
  if (file) messages.push({ file });
  if (text.trim()) messages.push({ text });
  return messages.length ? messages : refuse('Type a message or attach a file.');
}

/**
 * The customer chat pages (`/messenger`, `/instagram`) on the shared chat page routes: the platform's accounts,
 * a chat's entries, sending (Instagram: also a story reply or a story mention), reading, the files, the live
 * event stream; and the app dashboard's account maker.
 */
export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { state: SimState; feed: CustomerFeed; customerSends: CustomerSends; customerReads: CustomerReads },
) {
  const { state } = deps;
  const chatOf = (q: PageBody) => state.accounts.get(str(q, 'account'))?.chats.get(str(q, 'userId'));

  registerChatPageRoutes(app, {
    html: PLATFORMS.map((platform) => ({ path: `/${platform}`, html: customerPageHtml(platform) })),
    accounts: {
      path: 'customer/accounts',
      list: (q) =>
        [...state.accounts.values()]
          .filter((a) => a.platform === q.platform)
          .map((a) => ({ id: a.id, name: a.name, username: a.username, connected: !!a.webhook })),
    },
    history: { path: 'customer/chat', entries: (q) => chatOf(q)?.entries.map(pageEntryOf) ?? [] },
    send: (b) => {
      const account = state.accounts.get(str(b, 'account'));
      const userId = str(b, 'userId').trim();
      const name = str(b, 'displayName').trim();
      if (!account || !/^\d{5,20}$/.test(userId) || !name)
        return refuse('Choose an account, and enter your user id (digits) and name.');
      const tap = tapOf(b);
      if (tap) {
        const entry = chatOf(b)?.entries.find((e) => `out:${e.id}` === tap.messageId);
        const quick = entry?.sent?.quickReplies?.find((q) => q.payload === tap.id);
        if (!quick) return refuse('That button is no longer there.');
        return deps.customerSends({
          accountId: account.id,
          from: { id: userId, name },
          messages: [{ quickReply: quick }],
        });
      }
      const messages = messagesOf(account, b);
      if (!Array.isArray(messages)) return messages;
      return deps.customerSends({ accountId: account.id, from: { id: userId, name }, messages });
    },
    files: { path: 'media', get: (id) => state.files.get(id) },
    subscribe: (q, res) => deps.feed.subscribe(str(q, 'account'), str(q, 'userId'), res),
    read: (b) => deps.customerReads({ accountId: str(b, 'account'), customerId: str(b, 'userId') }),
  });

  // Meta's CDN names a file in its URL: `/media/<id>/<filename>`.
  app.get<{ Params: { id: string; name: string } }>('/media/:id/:name', async (req, reply) => {
    const file = state.files.get(req.params.id);
    if (!file) return reply.code(404).send({ error: 'not found' });
    return reply.header('content-type', file.mime).send(file.bytes);
  });

  // Like the Meta app dashboard: a person making a Page or Instagram account for the demo gets its id, Page
  // access token and app secret here, to paste into Sapa.
  app.post('/dashboard/accounts', async (req, reply) => {
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as PageBody;
    const platform = PLATFORMS.find((p) => p === b.platform);
    const name = str(b, 'name').trim();
    const username = str(b, 'username').trim();
    if (!platform || !name) return reply.code(400).send({ error: 'Give the platform and a name.' });
    const account = state.register({ platform, name, ...(username ? { username } : {}) });
    return { id: account.id, accessToken: account.accessToken, appSecret: account.appSecret };
  });
}

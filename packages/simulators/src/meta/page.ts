/**
 * The Messenger and Instagram customer chat pages, from the shared chat page (`chat-page.ts`) in each
 * platform's colours. A person picks the Page or Instagram account, has a user id (made for them, editable) and
 * a name, writes, attaches a file (Instagram: or replies to the business's story, or mentions it in theirs),
 * sees the business's replies live (SSE), and reads them (Meta's read receipts).
 */
import { chatPageHtml, FILE_WITH_CAPTION_JS } from '../chat-page.js';
import type { MetaPlatformName } from './types.js';

const PLATFORMS = {
  messenger: {
    title: 'Messenger',
    accountLabel: 'Facebook Page',
    theme: { page: '#e4e6eb', main: '#ffffff', header: '#0084ff', own: '#cfe5ff', radius: 18 },
    composeExtra: '',
  },
  instagram: {
    title: 'Instagram',
    accountLabel: 'Instagram account',
    theme: { page: '#fafafa', main: '#ffffff', header: '#c13584', own: '#efdcf7', radius: 22 },
    composeExtra: `<label for="story">Send as</label>
    <select id="story"><option value="">Message</option><option value="reply">Reply to their story</option><option value="mention">Mention them in my story (attach a photo)</option></select>`,
  },
} as const;

export function customerPageHtml(platform: MetaPlatformName): string {
  const p = PLATFORMS[platform];
  return chatPageHtml({
    title: `${p.title} customer — Meta simulator`,
    heading: p.title,
    theme: p.theme,
    account: {
      id: 'account',
      param: 'account',
      label: p.accountLabel,
      listPath: `customer/accounts?platform=${platform}`,
      emptyLabel: 'No accounts registered',
      missing: 'Choose an account first.',
      valueJs: 'function (a) { return a.id; }',
      labelJs: "function (a) { return a.name + (a.username ? ' (@' + a.username + ')' : ''); }",
    },
    fields: [
      {
        id: 'user',
        param: 'userId',
        label: 'Your user id',
        placeholder: 'digits',
        inputmode: 'numeric',
        read: 'trim',
        pattern: '/^[0-9]{5,20}$/',
        missing: 'Enter your user id (digits).',
        initialJs: 'String(Math.floor(1e15 + Math.random() * 9e15))',
      },
      {
        id: 'name',
        param: 'displayName',
        label: 'Your name',
        placeholder: 'Ani',
        required: true,
        missing: 'Enter your name.',
      },
    ],
    storagePrefix: `metasim.${platform}.`,
    historyPath: 'customer/chat',
    file: { id: 'file', label: 'Attach file', bodyJs: FILE_WITH_CAPTION_JS },
    emptyText: 'Type a message or attach a file.',
    composeExtra: p.composeExtra,
    sendExtraJs: "    if ($('story')) body.story = $('story').value;",
    readReceipts: true,
  });
}

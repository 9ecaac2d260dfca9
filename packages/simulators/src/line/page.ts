/**
 * The LINE customer chat page: a person picks the Official Account, enters a LINE user id and display name,
 * writes, attaches a photo or a file, and sees the account's replies live (SSE).
 */
import { chatPageHtml, FILE_WITH_CAPTION_JS } from '../chat-page.js';

export const customerPageHtml = chatPageHtml({
  title: 'LINE customer — LINE simulator',
  heading: 'LINE',
  theme: { page: '#8cabd9', main: '#c8d6ea', header: '#06c755', own: '#85e249', radius: 14 },
  account: {
    id: 'account',
    param: 'account',
    label: 'Official Account',
    listPath: 'customer/accounts',
    emptyLabel: 'No accounts registered',
    missing: 'Choose an account first.',
    valueJs: 'function (a) { return a.basicId; }',
    labelJs: "function (a) { return a.name + ' (' + a.basicId + ')'; }",
  },
  fields: [
    {
      id: 'user',
      param: 'userId',
      label: 'Your LINE user id',
      placeholder: 'U + 32 hex digits',
      read: 'trim',
      pattern: '/^U[0-9a-f]{32}$/',
      missing: 'Enter your LINE user id (U and 32 hex digits).',
    },
    {
      id: 'name',
      param: 'displayName',
      label: 'Your display name',
      placeholder: 'Ani',
      required: true,
      missing: 'Enter your display name.',
    },
  ],
  storagePrefix: 'linesim.',
  historyPath: 'customer/chat',
  file: { id: 'file', label: 'Attach file', bodyJs: FILE_WITH_CAPTION_JS },
  emptyText: 'Type a message or attach a file.',
});

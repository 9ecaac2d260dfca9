/**
 * The Viber customer chat page: a person picks the bot, enters a Viber user id and name, writes, attaches a
 * photo or a file, and sees the bot's replies live (SSE).
 */
import { chatPageHtml, FILE_WITH_CAPTION_JS } from '../chat-page.js';

export const customerPageHtml = chatPageHtml({
  title: 'Viber customer — Viber simulator',
  heading: 'Viber',
  theme: { page: '#b8aef0', main: '#ece9fb', header: '#7360f2', own: '#e2dcff', radius: 14 },
  account: {
    id: 'bot',
    param: 'bot',
    label: 'Bot',
    listPath: 'customer/bots',
    emptyLabel: 'No bots registered',
    missing: 'Choose a bot first.',
    valueJs: 'function (b) { return b.uri; }',
    labelJs: "function (b) { return b.name + ' (' + b.uri + ')'; }",
  },
  fields: [
    {
      id: 'user',
      param: 'userId',
      label: 'Your Viber user id',
      placeholder: '01234567890A=',
      read: 'trim',
      pattern: '/^[A-Za-z0-9+/=]{6,40}$/',
      missing: 'Enter your Viber user id (letters, digits, + / =).',
    },
    {
      id: 'name',
      param: 'name',
      label: 'Your name',
      placeholder: 'Ani',
      required: true,
      missing: 'Enter your name.',
    },
  ],
  storagePrefix: 'vbsim.',
  historyPath: 'customer/chat',
  file: { id: 'file', label: 'Attach file', bodyJs: FILE_WITH_CAPTION_JS },
  emptyText: 'Type a message or attach a file.',
});

/**
 * The Telegram customer chat page: a person picks the bot, enters a Telegram user id and name, writes,
 * attaches a photo or a file, and sees the bot's replies live (SSE).
 */
import { chatPageHtml, FILE_WITH_CAPTION_JS } from '../chat-page.js';

export const customerPageHtml = chatPageHtml({
  title: 'Telegram customer — Telegram simulator',
  heading: 'Telegram',
  theme: { page: '#9bc2d8', main: '#d6e4ec', header: '#229ed9', own: '#effdde', radius: 10 },
  account: {
    id: 'bot',
    param: 'bot',
    label: 'Bot',
    listPath: 'customer/bots',
    emptyLabel: 'No bots registered',
    missing: 'Choose a bot first.',
    valueJs: 'function (b) { return b.username; }',
    labelJs: "function (b) { return b.name + ' (@' + b.username + ')'; }",
  },
  fields: [
    {
      id: 'user',
      param: 'userId',
      label: 'Your Telegram user id',
      placeholder: '555000111',
      inputmode: 'numeric',
      read: 'digits',
      required: true,
      missing: 'Enter your Telegram user id (digits only).',
    },
    {
      id: 'first',
      param: 'firstName',
      label: 'Your first name',
      placeholder: 'Ani',
      required: true,
      missing: 'Enter your first name.',
    },
  ],
  storagePrefix: 'tgsim.',
  historyPath: 'customer/chat',
  file: { id: 'file', label: 'Attach file', bodyJs: FILE_WITH_CAPTION_JS },
  emptyText: 'Type a message or attach a file.',
});

import { describe, expect, it } from 'vitest';
import { tappedAnswer } from '../../../../../test/reply-taps.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  accountId,
  BOT,
  biz,
  owner,
  server,
  sim,
  useTelegramServer,
} from '../../../../../test/servers/telegram.js';

await useTelegramServer();

const inbox = channelInbox(() => ({ server, clientId: biz.clientId, accountId, owner }));
const customer = { id: 555_900_001, firstName: 'Tari' };

describe('reply buttons on Telegram (inline keyboard, callback_query)', () => {
  it('sends the choices as an inline keyboard; a tap comes back as the chosen answer', async () => {
    const { messageId } = await sim.customerSends({
      token: BOT.token,
      from: customer,
      message: { text: 'Halo' },
    });
    const inbound = await inbox.inboundOf(`${customer.id}:${messageId}`);
    const sent = await inbox.reply(inbound.ticketId, {
      text: 'Mau dikirim kapan?',
      replyButtons: { options: ['Hari ini', 'Besok'] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await inbox.sentRow(sent.json().id, 'sent');
    const [asked] = sim.botMessages(BOT.token, customer.id).slice(-1);
    expect(asked?.reply_markup?.inline_keyboard).toEqual([
      [{ text: 'Hari ini', callback_data: 'reply:0' }],
      [{ text: 'Besok', callback_data: 'reply:1' }],
    ]);
    await sim.customerTaps({
      token: BOT.token,
      from: customer,
      messageId: asked!.message_id,
      data: 'reply:1',
    });
    const answer = await tappedAnswer(server, biz.clientId, inbound.ticketId, 'Besok');
    expect(answer).toMatchObject({
      type: 'interactive',
      payload: { reply: { id: 'reply:1', title: 'Besok' } },
    });
  });

  it('refuses 11 choices and a choice over 40 characters, translated', async () => {
    const { messageId } = await sim.customerSends({
      token: BOT.token,
      from: customer,
      message: { text: 'Lagi' },
    });
    const { ticketId } = await inbox.inboundOf(`${customer.id}:${messageId}`);
    const many = await inbox.reply(ticketId, {
      text: 'Pilih',
      replyButtons: { options: Array.from({ length: 11 }, (_, i) => `Pilihan ${i}`) },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ message: 'Too many choices for this channel.' });
    const long = await inbox.reply(ticketId, { text: 'Pilih', replyButtons: { options: ['x'.repeat(41)] } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'This choice is too long for this channel.' });
  });
});

import { describe, expect, it } from 'vitest';
import { tappedAnswer } from '../../../../../test/reply-taps.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  accountId,
  biz,
  channel,
  owner,
  server,
  sim,
  useLineServer,
} from '../../../../../test/servers/line.js';

await useLineServer();

const inbox = channelInbox(() => ({ server, clientId: biz.clientId, accountId, owner }));
const customer = { userId: `U${'b'.repeat(32)}`, displayName: 'Laras' };

describe('reply buttons on LINE (quick reply with postback actions)', () => {
  it('sends the choices as quick reply items; a tapped postback comes back as the chosen answer', async () => {
    const { messageIds } = await sim.customerSends({
      accessToken: channel.accessToken,
      from: customer,
      messages: [{ text: 'Halo' }],
    });
    const inbound = await inbox.inboundOf(messageIds[0]!);
    const sent = await inbox.reply(inbound.ticketId, {
      text: 'Warna apa?',
      replyButtons: { options: ['Merah', 'Biru muda'] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await inbox.sentRow(sent.json().id, 'sent');
    const asked = sim.botMessages(channel.accessToken, customer.userId).at(-1) as {
      quickReply?: {
        items: { action: { type: string; label: string; data: string; displayText: string } }[];
      };
    };
    const items = asked.quickReply!.items.map((i) => i.action);
    expect(items.map((a) => [a.type, a.label, a.displayText])).toEqual([
      ['postback', 'Merah', 'Merah'],
      ['postback', 'Biru muda', 'Biru muda'],
    ]);
    await sim.customerSends({
      accessToken: channel.accessToken,
      from: customer,
      messages: [{ postback: { data: items[1]!.data, displayText: items[1]!.displayText } }],
    });
    const answer = await tappedAnswer(server, biz.clientId, inbound.ticketId, 'Biru muda');
    expect(answer).toMatchObject({
      type: 'interactive',
      payload: { reply: { id: 'reply:1', title: 'Biru muda' } },
    });
    // The postback's reply token answers the next reply (within LINE's minute).
    const next = await inbox.reply(inbound.ticketId, { text: 'Siap, biru muda.' });
    await inbox.sentRow(next.json().id, 'sent');
    expect(sim.botMessages(channel.accessToken, customer.userId).at(-1)).toMatchObject({ via: 'reply' });
  });

  it('refuses a 14th item and a label over 20 characters', async () => {
    const { messageIds } = await sim.customerSends({
      accessToken: channel.accessToken,
      from: customer,
      messages: [{ text: 'Lagi' }],
    });
    const { ticketId } = await inbox.inboundOf(messageIds[0]!);
    const many = await inbox.reply(ticketId, {
      text: 'Pilih',
      replyButtons: { options: Array.from({ length: 14 }, (_, i) => `P${i}`) },
    });
    expect(many.statusCode).toBe(400);
    const long = await inbox.reply(ticketId, { text: 'Pilih', replyButtons: { options: ['x'.repeat(21)] } });
    expect(long.json()).toMatchObject({ message: 'This choice is too long for this channel.' });
  });
});

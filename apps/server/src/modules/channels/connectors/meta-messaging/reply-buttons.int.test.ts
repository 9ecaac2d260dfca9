import { describe, expect, it } from 'vitest';
import { tappedAnswer } from '../../../../../test/reply-taps.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import { accounts, biz, owner, server, sim, useMetaServer } from '../../../../../test/servers/meta.js';

await useMetaServer();

describe.each(['MSG', 'IGM'] as const)('reply buttons on %s (quick_replies)', (code) => {
  const inbox = channelInbox(() => ({
    server,
    clientId: biz.clientId,
    accountId: accounts[code].sapaId,
    owner,
  }));
  const customer = { id: code === 'MSG' ? '7300000000001' : '7300000000002', name: 'Rina' };

  it('sends the choices as quick replies; a tapped one comes back as the chosen answer', async () => {
    const { mids } = await sim.customerSends({
      accountId: accounts[code].keys.id,
      from: customer,
      messages: [{ text: 'Halo' }],
    });
    const inbound = await inbox.inboundOf(mids[0]!);
    const sent = await inbox.reply(inbound.ticketId, {
      text: 'Ukuran?',
      replyButtons: { options: ['S', 'M', 'L'] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await inbox.sentRow(sent.json().id, 'sent');
    const asked = sim.sentMessages(accounts[code].keys.id, customer.id).at(-1);
    expect(asked?.quickReplies).toEqual([
      { title: 'S', payload: 'reply:0' },
      { title: 'M', payload: 'reply:1' },
      { title: 'L', payload: 'reply:2' },
    ]);
    await sim.customerSends({
      accountId: accounts[code].keys.id,
      from: customer,
      messages: [{ quickReply: asked!.quickReplies![2]! }],
    });
    const answer = await tappedAnswer(server, biz.clientId, inbound.ticketId, 'L');
    expect(answer.payload).toMatchObject({ reply: { id: 'reply:2', title: 'L' } });
    const tooMany = await inbox.reply(inbound.ticketId, {
      text: 'Pilih',
      replyButtons: { options: Array.from({ length: 14 }, (_, i) => `P${i}`) },
    });
    expect(tooMany.statusCode).toBe(400);
    const list = await inbox.reply(inbound.ticketId, {
      text: 'Pilih',
      replyButtons: { style: 'list', options: ['A', 'B'] },
    });
    expect(list.json()).toMatchObject({ message: 'A list of choices can only be sent on WhatsApp.' });
  });
});

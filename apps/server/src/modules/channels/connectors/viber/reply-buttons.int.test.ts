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
  useViberServer,
} from '../../../../../test/servers/viber.js';

await useViberServer();

const inbox = channelInbox(() => ({ server, clientId: biz.clientId, accountId, owner }));
const customer = { id: 'vbTapUser01AbC==', name: 'Dewi' };

describe('reply buttons on Viber (keyboard, tracking_data)', () => {
  it('sends the choices as a keyboard; a tapped button comes back as the chosen answer', async () => {
    const { messageToken } = await sim.customerSends({
      token: BOT.token,
      from: customer,
      message: { text: 'Halo' },
    });
    const inbound = await inbox.inboundOf(messageToken);
    const sent = await inbox.reply(inbound.ticketId, {
      text: 'Bayar pakai?',
      replyButtons: { options: ['Transfer', 'COD'] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await inbox.sentRow(sent.json().id, 'sent');
    const asked = sim.botMessages(BOT.token, customer.id).at(-1);
    expect(asked?.keyboard).toEqual([
      { text: 'Transfer', actionBody: 'reply:0' },
      { text: 'COD', actionBody: 'reply:1' },
    ]);
    await sim.customerSends({
      token: BOT.token,
      from: customer,
      message: { keyboardReply: { actionBody: 'reply:1', shown: 'COD', trackingData: asked!.trackingData! } },
    });
    const answer = await tappedAnswer(server, biz.clientId, inbound.ticketId, 'COD');
    expect(answer.payload).toMatchObject({ reply: { id: 'reply:1', title: 'COD' } });
  });
});

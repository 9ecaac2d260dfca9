import { describe, expect, it } from 'vitest';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  accountId,
  biz,
  owner,
  server,
  shopId,
  sim,
  useShopeeServer,
} from '../../../../../test/servers/shopee.js';
import { waitFor } from '../../../../../test/wait-for.js';
import { pullShopChats, recoverLostPushes } from './shopee-recovery.js';

await useShopeeServer();

const { inboundOf, countMessages } = channelInbox(() => ({
  server,
  clientId: biz.clientId,
  accountId,
  owner,
}));

/** Sapa's HTTP listener stops (as when the server is down): Shopee's pushes find nobody and are retried. */
async function sapaDown() {
  const http = server.app.server;
  await new Promise<void>((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
}

/** Sapa listens again on its public URL, and its recovery round runs (as at start-up). */
async function sapaUp() {
  const { port, hostname } = new URL(server.deps.config.publicUrl);
  await new Promise<void>((resolve) => server.app.server.listen(Number(port), hostname, resolve));
  server.deps.jobs.wake(server.jobDefs.shopeeRecovery);
}

/** A buyer writes while Sapa is down: every push try fails and Shopee counts the push as lost. */
async function writesWhileDown(text: string, username: string) {
  await sapaDown();
  const sent = await sim.buyerSends({ shopId, buyer: { username }, message: { text } });
  await sim.idle();
  expect(sim.lostPushes().some((p) => p.raw.includes(sent.messageId))).toBe(true);
  return sent;
}

describe('Shopee missed pushes (issue 18: a message sent while Sapa was down appears after, once)', () => {
  it('brings a lost push to the inbox once Sapa is back, once, and confirms it consumed', async () => {
    const sent = await writesWhileDown('Kak, pesanan saya belum sampai', 'pembeli.hilang');
    await sapaUp();
    const row = await inboundOf(sent.messageId);
    expect(row).toMatchObject({ direction: 'in', text: 'Kak, pesanan saya belum sampai' });
    await waitFor(async () => sim.lostPushes().length === 0);
    // Another round of both ways stores nothing new: the lost push is consumed and the pull finds it stored.
    expect(await recoverLostPushes(server.deps)).toEqual({ stored: 0, more: false });
    expect(await pullShopChats(server.deps)).toBe(0);
    expect(await countMessages(sent.messageId)).toBe(1);
  });

  it('pulls a message Shopee no longer lists as lost (older than its 3 days) from the shop chats, once', async () => {
    const sent = await writesWhileDown('Ada ukuran XL?', 'pembeli.lama');
    sim.forgetLostPushes();
    await sapaUp();
    const row = await inboundOf(sent.messageId);
    expect(row).toMatchObject({ direction: 'in', text: 'Ada ukuran XL?' });
    expect(await pullShopChats(server.deps)).toBe(0);
    // The push Shopee would still redeliver later is the same message: nothing more.
    const push = JSON.stringify({
      msg_id: '',
      data: { type: 'message', content: { message_id: sent.messageId, shop_id: 0, from_id: sent.buyerId } },
      shop_id: shopId,
      code: 10,
      timestamp: Math.floor(Date.now() / 1000),
    });
    expect(await sim.postSigned(push)).toBe(200);
    expect(await countMessages(sent.messageId)).toBe(1);
  });
});

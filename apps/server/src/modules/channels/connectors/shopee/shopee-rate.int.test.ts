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

// Shopee answering `error_rate_limit` (429) past two sends a second for the shop.
await useShopeeServer({ sendRatePerSecond: 2 });

const { inboundOf, reply, sentRow } = channelInbox(() => ({
  server,
  clientId: biz.clientId,
  accountId,
  owner,
}));

describe('Shopee rate limit', () => {
  it('retries sends Shopee refuses over its rate: every reply arrives, once, none lost', async () => {
    const sent = await sim.buyerSends({
      shopId,
      buyer: { username: 'pembeli.cepat' },
      message: { text: 'Halo' },
    });
    const row = await inboundOf(sent.messageId);
    const texts = ['satu', 'dua', 'tiga', 'empat'];
    const replies = await Promise.all(texts.map((text) => reply(row.ticketId, { text })));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    for (const r of replies) await sentRow(r.json().id, 'sent');
    const got = sim.shopMessages(shopId, sent.buyerId).map((m) => m.content.text);
    expect([...got].sort()).toEqual([...texts].sort());
    expect(sim.stats().throttled).toBeGreaterThan(0);
  });
});

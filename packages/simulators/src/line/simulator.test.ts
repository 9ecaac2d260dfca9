import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lineSignature } from '../signatures.js';
import { startLineSimulator } from './simulator.js';
import type { LineSimulator } from './types.js';

/** The LINE simulator: signed webhooks retried on non-2xx, the verification call, reply tokens, push retry keys. */

const open: { sim?: LineSimulator; receiver?: Server }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.sim?.close();
    await new Promise((r) => o.receiver?.close(r) ?? r(undefined));
  }
});

/** A webhook receiver answering the given statuses in turn (then 200), keeping what it got. */
async function receiver(statuses: number[] = []) {
  const got: { headers: IncomingHttpHeaders; raw: string }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, raw });
      res.statusCode = statuses.shift() ?? 200;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push({ receiver: server });
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

async function started(options: Parameters<typeof startLineSimulator>[0] = {}) {
  const sim = await startLineSimulator({ retry: { attempts: 3, baseDelayMs: 20 }, ...options });
  open.push({ sim });
  const channel = sim.registerChannel({ basicId: '@uji', displayName: 'Uji' });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${sim.apiBaseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${channel.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { sim, channel, call };
}

const customer = { userId: `U${'ab'.repeat(16)}`, displayName: 'Ani' };

describe('LINE simulator', () => {
  it('tests the endpoint with an empty, signed delivery, and refuses an unknown token', async () => {
    const hook = await receiver();
    const { sim, channel, call } = await started();
    expect((await call('PUT', '/v2/bot/channel/webhook/endpoint', { endpoint: hook.url })).status).toBe(200);
    const test = await call('POST', '/v2/bot/channel/webhook/test', {});
    expect(test.body).toMatchObject({ success: true, statusCode: 200 });
    expect(JSON.parse(hook.got[0]!.raw)).toEqual({ destination: channel.botUserId, events: [] });
    expect(hook.got[0]!.headers['x-line-signature']).toBe(
      lineSignature(channel.channelSecret, hook.got[0]!.raw),
    );
    expect(sim.webhookOf(channel.accessToken)).toEqual({ endpoint: hook.url, verified: true });
    const info = await fetch(`${sim.apiBaseUrl}/v2/bot/info`, { headers: { authorization: 'Bearer nope' } });
    expect(info.status).toBe(401);
  });

  it('retries a delivery answered non-2xx, marked isRedelivery with the same webhookEventIds, signed anew', async () => {
    const hook = await receiver([500, 503]);
    const { sim, channel, call } = await started();
    await call('PUT', '/v2/bot/channel/webhook/endpoint', { endpoint: hook.url });
    const { eventIds } = await sim.customerSends({
      accessToken: channel.accessToken,
      from: customer,
      messages: [{ text: 'satu' }, { text: 'dua' }],
    });
    await sim.idle();
    expect(hook.got).toHaveLength(3);
    const bodies = hook.got.map((g) => JSON.parse(g.raw) as { events: Record<string, unknown>[] });
    expect(bodies.map((b) => b.events.map((e) => e.webhookEventId))).toEqual([eventIds, eventIds, eventIds]);
    expect(
      bodies.map((b) => (b.events[0]!.deliveryContext as { isRedelivery: boolean }).isRedelivery),
    ).toEqual([false, true, true]);
    expect(bodies[0]!.events.map((e) => e.type)).toEqual(['follow', 'message', 'message']);
    for (const g of hook.got)
      expect(g.headers['x-line-signature']).toBe(lineSignature(channel.channelSecret, g.raw));
    expect(sim.stats().webhookRetries).toBe(2);
  });

  it('serves a reply token once; a push is idempotent on its retry key (409 with the first answer)', async () => {
    const hook = await receiver();
    const { sim, channel, call } = await started();
    await call('PUT', '/v2/bot/channel/webhook/endpoint', { endpoint: hook.url });
    await sim.customerSends({
      accessToken: channel.accessToken,
      from: customer,
      messages: [{ text: 'halo' }],
    });
    await sim.idle();
    const message = (
      JSON.parse(hook.got[0]!.raw) as { events: { type: string; replyToken: string }[] }
    ).events.find((e) => e.type === 'message')!;
    const messages = [{ type: 'text', text: 'hai' }];
    expect(
      (await call('POST', '/v2/bot/message/reply', { replyToken: message.replyToken, messages })).status,
    ).toBe(200);
    const again = await call('POST', '/v2/bot/message/reply', { replyToken: message.replyToken, messages });
    expect([again.status, again.body.message]).toEqual([400, 'Invalid reply token']);
    const key = { 'X-Line-Retry-Key': '0190f4c8-0000-7000-8000-0000000000aa' };
    const first = await call('POST', '/v2/bot/message/push', { to: customer.userId, messages }, key);
    const second = await call('POST', '/v2/bot/message/push', { to: customer.userId, messages }, key);
    expect(first.status).toBe(200);
    expect([second.status, second.body.sentMessages]).toEqual([409, first.body.sentMessages]);
    expect(sim.botMessages(channel.accessToken, customer.userId).map((m) => m.via)).toEqual([
      'reply',
      'push',
    ]);
    const tooLong = await call('POST', '/v2/bot/message/push', {
      to: customer.userId,
      messages: [{ type: 'text', text: 'x'.repeat(5001) }],
    });
    expect(tooLong.status).toBe(400);
  });

  it('answers 429 past the send rate, and serves a customer file from the content host with the token', async () => {
    const hook = await receiver();
    const { sim, channel, call } = await started({ sendRatePerSecond: 1 });
    await call('PUT', '/v2/bot/channel/webhook/endpoint', { endpoint: hook.url });
    const bytes = Buffer.from('%PDF-1.4 nota');
    const { messageIds } = await sim.customerSends({
      accessToken: channel.accessToken,
      from: customer,
      messages: [{ file: { bytes, mime: 'application/pdf', filename: 'nota.pdf' } }],
    });
    const content = await fetch(`${sim.dataBaseUrl}/v2/bot/message/${messageIds[0]}/content`, {
      headers: { authorization: `Bearer ${channel.accessToken}` },
    });
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
    const messages = [{ type: 'text', text: 'a' }];
    expect((await call('POST', '/v2/bot/message/push', { to: customer.userId, messages })).status).toBe(200);
    expect((await call('POST', '/v2/bot/message/push', { to: customer.userId, messages })).status).toBe(429);
  });
});

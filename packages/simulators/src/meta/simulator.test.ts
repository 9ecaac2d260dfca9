import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { metaSignature } from '../signatures.js';
import { startMetaSimulator } from './simulator.js';
import type { MetaSimulator } from './types.js';

/** The Meta simulator: the GET handshake, signed webhooks retried on non-2xx, the Send API's window and errors. */

const open: { sim?: MetaSimulator; receiver?: Server }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.sim?.close();
    await new Promise((r) => o.receiver?.close(r) ?? r(undefined));
  }
});

/** A webhook receiver: answers the handshake with the challenge, POSTs with the given statuses in turn (then 200). */
async function receiver(statuses: number[] = []) {
  const got: { headers: IncomingHttpHeaders; raw: string }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET') {
      const ok = url.searchParams.get('hub.verify_token') === 'rahasia';
      res.statusCode = ok ? 200 : 403;
      res.end(ok ? (url.searchParams.get('hub.challenge') ?? '') : '');
      return;
    }
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

async function started() {
  const sim = await startMetaSimulator({ retry: { attempts: 3, baseDelayMs: 20 } });
  open.push({ sim });
  const page = sim.registerAccount({ platform: 'messenger', name: 'Uji' });
  const send = async (body: Record<string, unknown>, token = page.accessToken) => {
    const res = await fetch(`${sim.graphBaseUrl}/${page.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { error: { code: number; error_subcode?: number } } & Record<
        string,
        unknown
      >,
    };
  };
  return { sim, page, send };
}

const customer = { id: '7000000000001', name: 'Ani' };
const DAY = 24 * 60 * 60 * 1000;

describe('Meta simulator', () => {
  it('delivers to a webhook only after the GET handshake answered the challenge', async () => {
    const { sim, page } = await started();
    const hook = await receiver();
    expect(await sim.setWebhook(page.id, { callbackUrl: hook.url, verifyToken: 'salah' })).toBe(false);
    await sim.customerSends({ accountId: page.id, from: customer, messages: [{ text: 'tidak terkirim' }] });
    await sim.idle();
    expect(hook.got).toEqual([]);
    expect(await sim.setWebhook(page.id, { callbackUrl: hook.url, verifyToken: 'rahasia' })).toBe(true);
  });

  it('signs like Meta and retries a refused delivery byte for byte', async () => {
    const { sim, page } = await started();
    const hook = await receiver([500]);
    await sim.setWebhook(page.id, { callbackUrl: hook.url, verifyToken: 'rahasia' });
    const { mids } = await sim.customerSends({
      accountId: page.id,
      from: customer,
      messages: [{ text: 'halo' }, { text: 'lagi' }],
    });
    await sim.idle();
    expect(hook.got).toHaveLength(2);
    expect(hook.got[0]!.raw).toBe(hook.got[1]!.raw);
    expect(hook.got[1]!.headers['x-hub-signature-256']).toBe(metaSignature(page.appSecret, hook.got[1]!.raw));
    const body = JSON.parse(hook.got[1]!.raw);
    expect(body.object).toBe('page');
    expect(body.entry[0].messaging.map((e: { message: { mid: string } }) => e.message.mid)).toEqual(mids);
  });

  it.each([
    ['RESPONSE within 24 hours', 1000, { messaging_type: 'RESPONSE' }, 200, null],
    ['RESPONSE after 24 hours', DAY + 1000, { messaging_type: 'RESPONSE' }, 400, [10, 2018278]],
    ['HUMAN_AGENT after 3 days', 3 * DAY, { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }, 200, null],
    [
      'HUMAN_AGENT after 8 days',
      8 * DAY,
      { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' },
      400,
      [10, 2018278],
    ],
  ])('Send API window: %s', async (_name, ago, framing, status, error) => {
    const { sim, page, send } = await started();
    await sim.customerSends({ accountId: page.id, from: customer, messages: [{ text: 'halo' }] });
    sim.setLastCustomerMessageAt(page.id, customer.id, Date.now() - ago);
    const res = await send({ recipient: { id: customer.id }, ...framing, message: { text: 'balasan' } });
    expect(res.status).toBe(status);
    if (error) expect([res.body.error.code, res.body.error.error_subcode]).toEqual(error);
    else
      expect(res.body).toMatchObject({ recipient_id: customer.id, message_id: expect.stringMatching(/^m_/) });
  });

  it('refuses a revoked token (190) and a file to Instagram', async () => {
    const { sim, page, send } = await started();
    await sim.customerSends({ accountId: page.id, from: customer, messages: [{ text: 'halo' }] });
    const bad = await send(
      { recipient: { id: customer.id }, messaging_type: 'RESPONSE', message: { text: 'x' } },
      'EAAGpalsu',
    );
    expect([bad.status, bad.body.error.code]).toEqual([400, 190]);
    const ig = sim.registerAccount({ platform: 'instagram', name: 'IG' });
    await sim.customerSends({ accountId: ig.id, from: customer, messages: [{ text: 'halo' }] });
    const res = await fetch(`${sim.graphBaseUrl}/${ig.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ig.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        recipient: { id: customer.id },
        messaging_type: 'RESPONSE',
        message: { attachment: { type: 'file', payload: { url: 'https://x/a.pdf' } } },
      }),
    });
    expect(res.status).toBe(400);
  });

  it("serves a customer's profile to the account's token only, takes mark_seen, and reports the customer's reads", async () => {
    const { sim, page, send } = await started();
    const hook = await receiver();
    await sim.setWebhook(page.id, { callbackUrl: hook.url, verifyToken: 'rahasia' });
    await sim.customerSends({
      accountId: page.id,
      from: { id: customer.id, name: 'Ani Lestari' },
      messages: [{ text: 'halo' }],
    });
    const profile = (token: string) =>
      fetch(`${sim.graphBaseUrl}/${customer.id}?fields=first_name,last_name,name`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect(await (await profile(page.accessToken)).json()).toEqual({
      id: customer.id,
      name: 'Ani Lestari',
      first_name: 'Ani',
      last_name: 'Lestari',
    });
    expect((await profile('EAAGpalsu')).status).toBe(400);

    expect(sim.seenByBusinessAt(page.id, customer.id)).toBeNull();
    const seen = await send({ recipient: { id: customer.id }, sender_action: 'mark_seen' });
    expect([seen.status, seen.body]).toEqual([200, { recipient_id: customer.id }]);
    expect(sim.seenByBusinessAt(page.id, customer.id)).toBeGreaterThan(0);
    expect((await send({ recipient: { id: customer.id }, sender_action: 'wave' })).status).toBe(400);

    expect(sim.customerReads({ accountId: page.id, customerId: customer.id })).toEqual({ read: false });
    await send({ recipient: { id: customer.id }, messaging_type: 'RESPONSE', message: { text: 'balasan' } });
    expect(sim.customerReads({ accountId: page.id, customerId: customer.id })).toEqual({ read: true });
    expect(sim.customerReads({ accountId: page.id, customerId: customer.id })).toEqual({ read: false });
    await sim.idle();
    const reads = hook.got
      .flatMap((d) => JSON.parse(d.raw).entry[0].messaging)
      .filter((e: { read?: unknown }) => e.read);
    expect(reads).toEqual([
      expect.objectContaining({ sender: { id: customer.id }, read: { watermark: expect.any(Number) } }),
    ]);
  });
});

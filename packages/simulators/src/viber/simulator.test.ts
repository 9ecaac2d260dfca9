import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { viberSignature } from '../signatures.js';
import { startViberSimulator } from './simulator.js';
import type { ViberSimulator } from './types.js';

/** The Viber simulator: the REST methods, the webhook check, signed callbacks, retries and send errors. */

const TOKEN = '1111222233334444-5555666677778888-9999aaaabbbbcccc';
const open: { sim?: ViberSimulator; receiver?: Server }[] = [];
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

async function started() {
  const sim = await startViberSimulator({ retry: { attempts: 3, baseDelayMs: 20 }, userRatePerSecond: 1 });
  open.push({ sim });
  sim.registerBot({ token: TOKEN, name: 'Uji', uri: 'uji' });
  const call = async (method: string, body: unknown = {}, token = TOKEN) => {
    const res = await fetch(`${sim.apiBaseUrl}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-viber-auth-token': token },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  return { sim, call };
}

describe('Viber simulator', () => {
  it('refuses a webhook that does not answer its signed check, and sets one that does', async () => {
    const { sim, call } = await started();
    const failing = await receiver([500]);
    expect((await call('set_webhook', { url: failing.url })).status).toBe(1);
    expect(sim.webhookOf(TOKEN)).toBeNull();
    const hook = await receiver();
    expect(await call('set_webhook', { url: hook.url, event_types: ['delivered'] })).toMatchObject({
      status: 0,
    });
    const [check] = hook.got;
    expect(JSON.parse(check!.raw)).toMatchObject({ event: 'webhook' });
    expect(check!.headers['x-viber-content-signature']).toBe(viberSignature(TOKEN, check!.raw));
    expect((await call('get_account_info', {}, 'wrong')).status).toBe(2);
  });

  it('signs and retries a message callback, its 64-bit token a bare number; answers send errors by status', async () => {
    const { sim, call } = await started();
    const hook = await receiver([200, 503]);
    await call('set_webhook', { url: hook.url });
    const from = { id: 'ani123ABC=', name: 'Ani' };
    const { messageToken } = await sim.customerSends({ token: TOKEN, from, message: { text: 'halo' } });
    await sim.idle();
    const [first, retried] = hook.got.slice(1);
    expect(first!.raw).toBe(retried!.raw);
    expect(first!.raw).toContain(`"message_token":${messageToken},`);
    expect(first!.headers['x-viber-content-signature']).toBe(viberSignature(TOKEN, first!.raw));
    const send = (body: Record<string, unknown>) =>
      call('send_message', { receiver: from.id, sender: { name: 'Uji' }, ...body });
    expect((await send({ type: 'picture', media: 'http://x/p.png', text: 'x'.repeat(513) })).status).toBe(3);
    expect((await send({ type: 'text', text: 'satu' })).status).toBe(0);
    expect((await send({ type: 'text', text: 'dua' })).status_message).toBe('tooManyRequests');
    expect(
      (await call('send_message', { receiver: 'nobody', sender: { name: 'Uji' }, type: 'text', text: 'x' }))
        .status,
    ).toBe(5);
    sim.unsubscribe(TOKEN, from.id);
    expect((await send({ type: 'text', text: 'tiga' })).status_message).toBe('receiverNotSubscribed');
  });
});

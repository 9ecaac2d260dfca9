import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTelegramSimulator } from './simulator.js';
import type { TelegramSimulator } from './types.js';

/** The Telegram simulator: the Bot API methods, webhook pushes with the secret token, retries and 429s. */

const TOKEN = '7200000001:AAH-simulator-test-token-xxxxxxxxx';
const open: { sim?: TelegramSimulator; receiver?: Server }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.sim?.close();
    await new Promise((r) => o.receiver?.close(r) ?? r(undefined));
  }
});

/** A webhook receiver answering the given statuses in turn (then 200), keeping what it got. */
async function receiver(statuses: number[] = []) {
  const got: { headers: IncomingHttpHeaders; body: unknown }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body: JSON.parse(text) });
      res.statusCode = statuses.shift() ?? 200;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

async function started(options: Parameters<typeof startTelegramSimulator>[0] = {}) {
  const sim = await startTelegramSimulator({ retry: { attempts: 3, baseDelayMs: 20 }, ...options });
  open.push({ sim });
  sim.registerBot({ token: TOKEN, username: 'UjiBot', firstName: 'Uji' });
  const call = async (method: string, body: unknown = {}) => {
    const res = await fetch(`${sim.apiBaseUrl}/bot${TOKEN}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  return { sim, call };
}

const customer = { id: 4242, firstName: 'Ani' };

describe('Telegram simulator', () => {
  it('answers getMe, refuses an unknown token, and pushes updates with the secret token, retrying a non-2xx', async () => {
    const { sim, call } = await started();
    expect((await call('getMe')).json).toMatchObject({
      ok: true,
      result: { id: 7200000001, username: 'UjiBot' },
    });
    const wrong = await fetch(`${sim.apiBaseUrl}/bot1:nope/getMe`, { method: 'POST' });
    expect([wrong.status, ((await wrong.json()) as { description: string }).description]).toEqual([
      401,
      'Unauthorized',
    ]);
    const hook = await receiver([500]);
    open.push({ receiver: hook.server });
    expect((await call('setWebhook', { url: hook.url, secret_token: 'rahasia_1' })).json.result).toBe(true);
    const { updateId } = await sim.customerSends({ token: TOKEN, from: customer, message: { text: 'halo' } });
    await sim.idle();
    expect(hook.got).toHaveLength(2);
    expect(hook.got[1]?.headers['x-telegram-bot-api-secret-token']).toBe('rahasia_1');
    expect(hook.got[1]?.body).toMatchObject({
      update_id: updateId,
      message: { text: 'halo', chat: { id: 4242 } },
    });
    expect(sim.deliveredUpdates().at(-1)?.attempts).toBe(2);
  });

  it('sends to a chat that wrote, answers 429 with retry_after over the chat rate, 403 when blocked', async () => {
    const { sim, call } = await started({ chatRatePerSecond: 1 });
    expect((await call('sendMessage', { chat_id: 1, text: 'x' })).json.description).toBe(
      'Bad Request: chat not found',
    );
    await sim.customerSends({ token: TOKEN, from: customer, message: { text: 'halo' } });
    const first = await call('sendMessage', { chat_id: 4242, text: 'satu' });
    expect(first.json).toMatchObject({
      ok: true,
      result: { message_id: 2, text: 'satu', chat: { id: 4242 } },
    });
    const second = await call('sendMessage', { chat_id: 4242, text: 'dua' });
    expect(second).toMatchObject({ status: 429, json: { error_code: 429, parameters: { retry_after: 1 } } });
    sim.blockBot(TOKEN, 4242);
    const blocked = await call('sendMessage', { chat_id: 4242, text: 'tiga' });
    expect([blocked.status, blocked.json.description]).toEqual([
      403,
      'Forbidden: bot was blocked by the user',
    ]);
    expect(sim.botMessages(TOKEN, 4242).map((m) => m.text)).toEqual(['satu']);
  });

  it('makes a bot like @BotFather: a token whose bot answers getMe', async () => {
    const { sim } = await started();
    const made = await fetch(`${sim.url}/botfather/newbot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Toko Baru', username: 'TokoBaruBot' }),
    });
    const { token } = (await made.json()) as { token: string };
    expect(token).toMatch(/^\d+:[A-Za-z0-9_-]{30,}$/);
    const me = await fetch(`${sim.apiBaseUrl}/bot${token}/getMe`, { method: 'POST' });
    expect(await me.json()).toMatchObject({
      ok: true,
      result: { username: 'TokoBaruBot', first_name: 'Toko Baru' },
    });
    const taken = await fetch(`${sim.url}/botfather/newbot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lagi', username: 'tokobarubot' }),
    });
    expect(taken.status).toBe(409);
  });

  it('serves a customer photo through getFile and the file URL, and takes a document upload', async () => {
    const { sim, call } = await started();
    const bytes = Buffer.from('%PDF-1.4 test');
    await sim.customerSends({
      token: TOKEN,
      from: customer,
      message: { document: { bytes, mime: 'application/pdf', filename: 'a.pdf' }, caption: 'ini' },
    });
    const form = new FormData();
    form.set('chat_id', '4242');
    form.set('caption', 'balasan');
    form.set('document', new Blob([bytes], { type: 'application/pdf' }), 'b.pdf');
    const sent = await fetch(`${sim.apiBaseUrl}/bot${TOKEN}/sendDocument`, { method: 'POST', body: form });
    const message = ((await sent.json()) as { result: { document: { file_id: string }; caption: string } })
      .result;
    expect(message.caption).toBe('balasan');
    const file = await call('getFile', { file_id: message.document.file_id });
    const path = (file.json.result as { file_path: string }).file_path;
    const download = await fetch(`${sim.apiBaseUrl}/file/bot${TOKEN}/${path}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

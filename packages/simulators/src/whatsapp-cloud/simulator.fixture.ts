import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { metaSignature } from '../signatures.js';
import { startWhatsappCloudSimulator } from './simulator.js';
import type { WhatsappCloudSimulator, WhatsappCloudSimulatorOptions } from './types.js';

/** What the simulator's tests share (`simulator.*.test.ts`): a signature-checking receiver and a started simulator. */
export const APP_SECRET = 'app-secret-1';
export const TOKEN = 'token-1';
export const PHONE_ID = '106540352242922';
export const WABA = '102290129340398';
export const CUSTOMER = '6281234567890';

// biome-ignore lint/suspicious/noExplicitAny: webhook JSON in assertions
export type J = any;
export const asJ = (v: unknown): J => v;

export interface Received {
  raw: string;
  body: J;
  signatureOk: boolean;
}

/** A tiny receiver that verifies X-Hub-Signature-256 over the raw body, like a real connector must. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failNext: 0, rejected: 0, verifyToken: 'verify-me' };
  const app: FastifyInstance = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/webhook', async (req, reply) => {
    if (state.failNext > 0) {
      state.failNext--;
      state.rejected++;
      return reply.code(500).send('boom');
    }
    const raw = req.body as Buffer;
    const header = String(req.headers['x-hub-signature-256'] ?? '');
    const expected = metaSignature(APP_SECRET, raw);
    const signatureOk =
      header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
    received.push({ raw: raw.toString('utf8'), body: JSON.parse(raw.toString('utf8')), signatureOk });
    return reply.code(200).send('EVENT_RECEIVED');
  });
  app.get('/webhook', async (req, reply) => {
    const q = req.query as Record<string, string>;
    if (q['hub.mode'] === 'subscribe' && q['hub.verify_token'] === state.verifyToken) {
      return reply.type('text/plain').send(q['hub.challenge']);
    }
    return reply.code(403).send('forbidden');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { app, received, state, url: `http://127.0.0.1:${port}/webhook` };
}

export async function waitFor<T>(
  fn: () => T | undefined | false,
  what = 'condition',
  timeoutMs = 5000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
/** Closes, after each test, the simulators and receivers that `setup` started in it. */
export function closeAfterEach() {
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
}

export async function setup(options: WhatsappCloudSimulatorOptions = {}) {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.app.close());
  const sim = await startWhatsappCloudSimulator({
    statusDelaysMs: { sent: 1, delivered: 1 },
    webhookRetry: { attempts: 4, baseDelayMs: 5 },
    ...options,
  });
  cleanups.push(() => sim.close());
  sim.registerNumber({
    phoneNumberId: PHONE_ID,
    wabaId: WABA,
    displayPhoneNumber: '15550783881',
    accessToken: TOKEN,
    appSecret: APP_SECRET,
    webhookUrl: receiver.url,
  });
  const graph = (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    const token = init.token === undefined ? TOKEN : init.token;
    if (token !== null) headers.set('authorization', `Bearer ${token}`);
    return fetch(`${sim.graphBaseUrl}${path}`, { ...init, headers });
  };
  const send = (body: Record<string, unknown>, token?: string | null) =>
    graph(`/${PHONE_ID}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...body }),
      ...(token !== undefined ? { token } : {}),
    });
  return { sim, receiver, graph, send };
}

export function statusesOf(received: Received[], messageId: string): J[] {
  return received.flatMap((r) =>
    r.body.entry.flatMap((e: J) =>
      e.changes.flatMap((c: J) => (c.value.statuses ?? []).filter((s: J) => s.id === messageId)),
    ),
  );
}

export function inboundOf(received: Received[]): J[] {
  return received.flatMap((r) =>
    r.body.entry.flatMap((e: J) => e.changes.flatMap((c: J) => c.value.messages ?? [])),
  );
}

export async function text(sim: WhatsappCloudSimulator, body: string) {
  return sim.customerSends({
    phoneNumberId: PHONE_ID,
    from: CUSTOMER,
    name: 'Budi',
    message: { type: 'text', text: body },
  });
}

export function tpl() {
  return { name: 'order_update', language: { code: 'id' }, components: [] };
}

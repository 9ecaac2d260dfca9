import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TokenPair } from '@sapa/contracts';
import { metaSignature } from '@sapa/simulators';
import type { FastifyInstance } from 'fastify';
import { bearer } from './fixtures.js';

/** A stand-in for the Graph API: records every request and answers from a programmable queue. */
export interface FakeGraph {
  url: string;
  requests: { method: string; path: string; auth: string | undefined; body: Record<string, unknown> }[];
  /** Answers for the next sends, in order; after them every send succeeds with a new wamid. */
  queue: { status: number; body: unknown }[];
  close: () => Promise<void>;
}

let wamidCounter = 0;
export const newWamid = () => `wamid.TEST${Date.now().toString(36)}${++wamidCounter}`;

export async function startFakeGraph(): Promise<FakeGraph> {
  const fake: Omit<FakeGraph, 'url' | 'close'> = { requests: [], queue: [] };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    fake.requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      auth: req.headers.authorization,
      body,
    });
    const next =
      body.status === 'read'
        ? { status: 200, body: { success: true } }
        : (fake.queue.shift() ?? {
            status: 200,
            body: {
              messaging_product: 'whatsapp',
              contacts: [{ wa_id: body.to }],
              messages: [{ id: newWamid() }],
            },
          });
    res.writeHead(next.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    ...fake,
    get requests() {
      return fake.requests;
    },
    get queue() {
      return fake.queue;
    },
    set queue(q) {
      fake.queue = q;
    },
    url: `http://127.0.0.1:${port}/v25.0`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } as FakeGraph;
}

export const APP_SECRET = 'app-secret-123456';
export const VERIFY_TOKEN = 'verify-token-123456';
export const ACCESS_TOKEN = 'access-token-abcdefghij';

/**
 * The phone number id `changeValue` puts in its metadata. Meta names the number a delivery is for;
 * `postWebhook` puts the connected account's number in its place, as Meta would.
 */
export const ACCOUNT_NUMBER_ID = '10000';
/** Channel account id → its phone number id (accounts connected by `connectWhatsapp`). */
const numberOfAccount = new Map<string, string>();

let phoneCounter = 0;
/** Connects a WhatsApp Cloud account through the API and returns its id. */
export async function connectWhatsapp(app: FastifyInstance, tokens: TokenPair, graphBaseUrl: string) {
  const n = String(Date.now()).slice(-6) + String(++phoneCounter).padStart(3, '0');
  const res = await app.inject({
    method: 'POST',
    url: '/api/channel-accounts/whatsapp-cloud',
    headers: bearer(tokens),
    payload: {
      name: 'Toko WA',
      displayPhoneNumber: `6281${n}`,
      phoneNumberId: `10${n}`,
      wabaId: `20${n}`,
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      graphBaseUrl,
    },
  });
  if (res.statusCode !== 200) throw new Error(`connect failed: ${res.statusCode} ${res.body}`);
  const account = res.json() as { id: string; webhookUrl: string };
  numberOfAccount.set(account.id, `10${n}`);
  return account;
}

export interface InboundText {
  from: string;
  name?: string;
  id?: string;
  text?: string;
  timestamp?: number;
  /** Replaces the text message body (type and its field). */
  raw?: Record<string, unknown>;
}

/** One `messages` change value with messages and/or statuses. */
export function changeValue(opts: {
  messages?: InboundText[];
  statuses?: { id: string; status: string; errors?: unknown[]; timestamp?: number; callbackData?: string }[];
}) {
  return {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '6281000', phone_number_id: ACCOUNT_NUMBER_ID },
    ...(opts.messages
      ? {
          contacts: opts.messages.map((m) => ({
            profile: { name: m.name ?? `Pelanggan ${m.from}` },
            wa_id: m.from,
          })),
          messages: opts.messages.map((m) => ({
            from: m.from,
            id: m.id ?? newWamid(),
            timestamp: String(Math.floor((m.timestamp ?? Date.now()) / 1000)),
            ...(m.raw ?? { type: 'text', text: { body: m.text ?? 'Halo' } }),
          })),
        }
      : {}),
    ...(opts.statuses
      ? {
          statuses: opts.statuses.map((s) => ({
            id: s.id,
            status: s.status,
            timestamp: String(Math.floor((s.timestamp ?? Date.now()) / 1000)),
            recipient_id: '628',
            ...(s.errors ? { errors: s.errors } : {}),
            ...(s.callbackData ? { biz_opaque_callback_data: s.callbackData } : {}),
          })),
        }
      : {}),
  };
}

export function delivery(...entries: ReturnType<typeof changeValue>[][]) {
  return {
    object: 'whatsapp_business_account',
    entry: entries.map((values, i) => ({
      id: `waba${i}`,
      changes: values.map((value) => ({ field: 'messages', value })),
    })),
  };
}

/** `body` with `ACCOUNT_NUMBER_ID` in its changes' metadata replaced by the account's phone number id. */
function addressed(body: unknown, accountId: string): unknown {
  const number = numberOfAccount.get(accountId);
  if (!number) return body;
  return JSON.parse(JSON.stringify(body), (key, value) =>
    key === 'phone_number_id' && value === ACCOUNT_NUMBER_ID ? number : value,
  );
}

/** The bytes `postWebhook` sends for `body` (the redelivery key is their sha256). */
export function deliveryBytes(accountId: string, body: unknown): Buffer {
  return Buffer.from(typeof body === 'string' ? body : JSON.stringify(addressed(body, accountId)));
}

/** Posts a delivery signed like Meta (or with the given signature). */
export function postWebhook(
  app: FastifyInstance,
  accountId: string,
  body: unknown,
  options: { signature?: string | null; secret?: string } = {},
) {
  const raw = deliveryBytes(accountId, body);
  const signature =
    options.signature === undefined ? metaSignature(options.secret ?? APP_SECRET, raw) : options.signature;
  return app.inject({
    method: 'POST',
    url: `/webhooks/whatsapp-cloud/${accountId}`,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: raw,
  });
}

import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { listenAdvertised } from '../listen.js';
import type {
  PushServiceSimulator,
  PushServiceSimulatorOptions,
  ReceivedPush,
  RefusedPush,
} from './types.js';
import { checkVapid } from './vapid.js';

/** `http_ece` (Encrypted Content-Encoding, RFC 8188) is CommonJS without types: the one call used here. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer },
  ): Buffer;
};

interface Subscriber {
  id: string;
  label: string;
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
  gone: boolean;
}

/** RFC 8030 §5: a push message is at most 4096 bytes once encrypted. */
const MAX_BODY = 4096;

/**
 * Starts a Web Push service simulator (what FCM or Mozilla's autopush are to a browser): `subscribe()` plays a
 * browser and returns its subscription (endpoint on this service, P-256 key, auth secret); `POST /push/:id`
 * accepts a push only with a valid VAPID JWT (ES256, audience this origin), a `TTL` and an `aes128gcm` body it
 * can decrypt with the subscriber's private key (`http_ece`), and answers 201 with a `Location`; an unknown
 * subscription is 404, an expired one 410. `GET /api/pushes` and the page `/` list what arrived.
 */
export async function startPushServiceSimulator(
  options: PushServiceSimulatorOptions = {},
): Promise<PushServiceSimulator> {
  let url = '';
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  const refuse = (subscriptionId: string, status: number, reason: string) => {
    refused.push({ subscriptionId, status, reason, at: Date.now() });
    return { status, reason };
  };

  app.post<{ Params: { id: string } }>('/push/:id', async (request, reply) => {
    const id = request.params.id;
    const sub = subscribers.get(id);
    const fail = (status: number, reason: string) => reply.code(status).send(refuse(id, status, reason));
    if (!sub) return fail(404, 'no such subscription');
    if (sub.gone) return fail(410, 'subscription expired');
    const vapid = checkVapid(request.headers.authorization, url, Math.floor(Date.now() / 1000));
    if (!vapid.ok) return fail(403, vapid.reason);
    const ttlHeader = request.headers.ttl;
    const ttl = Number(ttlHeader);
    if (ttlHeader === undefined || !Number.isInteger(ttl) || ttl < 0) return fail(400, 'TTL header missing');
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (body.length > MAX_BODY) return fail(413, 'payload too large');
    let payload: string | null = null;
    if (body.length > 0) {
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return fail(415, 'Content-Encoding is not aes128gcm');
      try {
        payload = ece
          .decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.authSecret })
          .toString('utf8');
      } catch (err) {
        return fail(400, `cannot decrypt: ${(err as Error).message}`);
      }
    }
    const header = (name: string) => {
      const v = request.headers[name];
      return typeof v === 'string' ? v : null;
    };
    const messageId = randomUUID();
    received.push({
      subscriptionId: id,
      vapidSubject: vapid.claims.sub,
      vapidPublicKey: vapid.publicKey,
      ttl,
      urgency: header('urgency'),
      topic: header('topic'),
      payload,
      receivedAt: Date.now(),
    });
    return reply.code(201).header('location', `${url}/message/${messageId}`).send();
  });

  app.get('/api/pushes', async () => ({ pushes: received, refused }));
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(page(received, subscribers)),
  );

  url = await listenAdvertised(app, options);

  return {
    url,
    subscribe(label = 'device') {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(16).toString('base64url');
      const authSecret = randomBytes(16);
      subscribers.set(id, { id, label, ecdh, authSecret, gone: false });
      return {
        id,
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      };
    },
    expire(id) {
      const sub = subscribers.get(id);
      if (sub) sub.gone = true;
    },
    received: (id) => received.filter((p) => id === undefined || p.subscriptionId === id),
    refused: () => [...refused],
    close: () => app.close(),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The notification a browser would show: the payload's title and body when it has them. */
function shown(payload: string | null): { title: string; body: string } | null {
  try {
    const data = JSON.parse(payload ?? '') as { title?: unknown; body?: unknown };
    return typeof data.title === 'string'
      ? { title: data.title, body: typeof data.body === 'string' ? data.body : '' }
      : null;
  } catch {
    return null;
  }
}

function page(received: ReceivedPush[], subscribers: Map<string, Subscriber>) {
  const items = [...received]
    .reverse()
    .map((p) => {
      const note = shown(p.payload);
      const device = escapeHtml(subscribers.get(p.subscriptionId)?.label ?? p.subscriptionId);
      return `<li><div class="meta">${device} · ${new Date(p.receivedAt).toISOString()}</div>${
        note ? `<div class="title">${escapeHtml(note.title)}</div><div>${escapeHtml(note.body)}</div>` : ''
      }<details><summary>Payload</summary><code>${escapeHtml(p.payload ?? '')}</code></details></li>`;
    })
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta http-equiv="refresh" content="5"><title>Push service simulator</title>
<style>body{font:15px system-ui;margin:1.5rem;max-width:48rem}ul{list-style:none;padding:0}li{border:1px solid #ddd;border-radius:8px;padding:.75rem 1rem;margin:.6rem 0}.meta{color:#666;font-size:13px;overflow-wrap:anywhere}.title{font-weight:600;margin:.3rem 0 .1rem}code{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px}summary{color:#666;font-size:13px;margin-top:.4rem;cursor:pointer}</style></head>
<body><h1>Push service simulator</h1><p>Web Push messages accepted (VAPID verified, aes128gcm decrypted), newest first.</p>
<ul>${items || '<li>None yet.</li>'}</ul></body></html>`;
}

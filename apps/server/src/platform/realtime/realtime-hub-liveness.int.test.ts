import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/harness.js';
import { connectChat, type TestSocket, ticketUpdated } from '../../../test/realtime-client.js';
import { RevokedSessions } from '../auth/revoked-sessions.js';
import { installRouteAccess, type RegisteredRoute } from '../auth/route-access.js';
import { createTokenService } from '../auth/tokens.js';
import { createInProcessEventBus } from '../events/event-bus.js';
import {
  REALTIME_TOPIC,
  type RealtimeHub,
  type RealtimeHubOptions,
  registerRealtimeHub,
} from './realtime-hub.js';

/** The hub alone (no database): a Fastify app with the route guard, an in-process bus and real tokens. */
async function startHub(options: RealtimeHubOptions) {
  const bus = createInProcessEventBus();
  const tokens = createTokenService({ secret: 'x'.repeat(40), accessTtlSeconds: 600 });
  const revoked = new RevokedSessions({ bus, accessTtlSeconds: 600 });
  const app = Fastify() as unknown as FastifyInstance;
  const routes: RegisteredRoute[] = [];
  installRouteAccess(app, { tokens, revoked, routes });
  const hub = await registerRealtimeHub(
    app,
    { bus, tokens, revoked, logger: pino({ level: 'silent' }) },
    options,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const clientId = randomUUID();
  const { token } = await tokens.signAccess({
    userId: randomUUID(),
    clientId,
    sessionId: randomUUID(),
    role: 'OWN',
    csPosition: null,
    featureAccess: null,
    planFeatures: '',
    accountCountry: null,
  });
  return { app, hub, bus, token, clientId, base: `http://127.0.0.1:${address.port}` };
}

let running: { app: FastifyInstance; hub: RealtimeHub } | undefined;
let sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets) s.ws.terminate();
  sockets = [];
  await running?.app.close();
  running = undefined;
});

describe('real-time hub liveness', () => {
  it('keeps a socket that answers pings', async () => {
    const h = await startHub({ heartbeatMs: 30 });
    running = h;
    const socket = await connectChat(h.base, h.token);
    sockets.push(socket);
    let pings = 0;
    socket.ws.on('ping', () => pings++);
    await waitFor(async () => pings >= 4, 60_000);
    expect(h.hub.connectionCount()).toBe(1);
    await h.bus.publish(REALTIME_TOPIC, ticketUpdated(h.clientId, 'still-here'));
    await socket.next('still-here');
  });

  it('drops a socket that stops answering pings', async () => {
    const h = await startHub({ heartbeatMs: 30 });
    running = h;
    const socket = await connectChat(h.base, h.token);
    sockets.push(socket);
    expect(h.hub.connectionCount()).toBe(1);
    socket.ws.pause(); // reads nothing, so answers no ping
    await waitFor(async () => h.hub.connectionCount() === 0, 60_000);
    socket.ws.resume();
    expect(await socket.closed).toBe(1006);
  });

  it('drops a socket whose unsent data grows past the limit', async () => {
    const h = await startHub({ maxBufferedBytes: 64 * 1024 });
    running = h;
    const slow = await connectChat(h.base, h.token);
    const fast = await connectChat(h.base, h.token);
    sockets.push(slow, fast);
    slow.ws.pause();
    const padding = 'x'.repeat(256 * 1024);
    // The fast socket reads each event before the next is sent, as a live client would; the paused one
    // reads nothing, so its unsent data grows (after the kernel's socket buffers fill) past the limit.
    for (let i = 0; i < 400 && h.hub.connectionCount() === 2; i++) {
      const marker = `${i}:${padding}`;
      await h.bus.publish(REALTIME_TOPIC, ticketUpdated(h.clientId, marker));
      await fast.next(marker);
    }
    expect(h.hub.connectionCount()).toBe(1);
    await h.bus.publish(REALTIME_TOPIC, ticketUpdated(h.clientId, 'after'));
    await fast.next('after');
  });

  it('closes every socket with 1001 when the app closes', async () => {
    const h = await startHub({});
    const socket = await connectChat(h.base, h.token);
    sockets.push(socket);
    await h.app.close();
    expect(await socket.closed).toBe(1001);
    expect(h.hub.connectionCount()).toBe(0);
  });
});

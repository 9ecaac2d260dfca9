import fastifyWebsocket from '@fastify/websocket';
import { REALTIME_PATH, type RealtimeEvent } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { type RevokedSessions, SESSION_REVOKED_TOPIC } from '../auth/revoked-sessions.js';
import { type AuthContext, authContextOf, PUBLIC } from '../auth/route-access.js';
import type { TokenService } from '../auth/tokens.js';
import type { EventBus } from '../events/event-bus.js';
import { notFound } from '../http/errors.js';
import { type AudiencedEvent, defaultAudienceOf, getsMasked, mayReceive } from './audience.js';
import { ConnectionRegistry } from './realtime-connections.js';
import { realtimeClientIdOf } from './realtime-events.js';
import { textFrame, WriteCoalescer } from './realtime-writes.js';

/** The bus topic the inbox pipeline publishes `RealtimeEvent`s on. */
export const REALTIME_TOPIC = 'realtime';

/** WebSocket close codes of the hub (4000–4999 are the application's). */
const REALTIME_CLOSE = {
  /** Missing, invalid or expired access token, or a revoked session: refresh the token, then reconnect. */
  unauthorized: 4401,
  /** A valid token whose user may not open this socket (the call socket needs INBOUND_CALL READ). */
  forbidden: 4403,
  /** The server is shutting down: reconnect (another process will answer). */
  goingAway: 1001,
} as const;

export interface RealtimeHubOptions {
  /** Ping interval; a socket that did not answer the previous ping is dropped. 25 s. */
  heartbeatMs?: number;
  /** A socket whose unsent data exceeds this is dropped (the client refetches on reconnect). 4 MiB. */
  maxBufferedBytes?: number;
  /** Events within this many ms of the previous write leave together (one write per socket). 40 ms; 0: never. */
  coalesceMs?: number;
  /** The socket's path: `/ws/chat` by default; the call socket is `/ws/call`. */
  path?: string;
  /** Which bus events this socket carries (all by default). */
  carries?: (event: RealtimeEvent) => boolean;
  /** Who may open it besides holding a valid token (everyone by default); refused sockets close with 4403. */
  admits?: (auth: AuthContext) => boolean;
  /** What the client sends (ignored by default): each text frame, with a way to answer that socket. */
  onMessage?: (auth: AuthContext, data: string, reply: (frame: object) => void) => void | Promise<void>;
}

export interface RealtimeHub {
  /** Open, authorised sockets (all clients). */
  connectionCount(): number;
  /** Open sockets of a client whose user may read the inbox (live chat's "online": an agent can answer). */
  inboxReaderCount(clientId: string): number;
  close(): Promise<void>;
}

type HubDeps = { bus: EventBus; tokens: TokenService; revoked: RevokedSessions; logger: Logger };

/**
 * The chat WebSocket (000 §4 Real-time connection, §7 Real-time) at `GET /ws/chat?token=<access token>`.
 *
 * Authorisation: the route is PUBLIC for the HTTP guard (browsers cannot set headers on a WebSocket); the
 * hub accepts the upgrade, then verifies the token from the query and refuses revoked sessions. A bad,
 * missing or expired token, or a revoked session, is closed with code 4401 (the browser can read a close
 * code, not an HTTP status of a refused upgrade), so the client refreshes its token before reconnecting.
 *
 * Fan-out: one subscription to the bus topic `realtime`; each event goes only to sockets of the event's
 * `clientId` whose claims (permissions, CS position, user) its audience admits (`mayReceive`); readers
 * whose business hides phone numbers from their position get the publisher's masked copy. Sessions revoked
 * anywhere (`session.revoked`) are closed.
 *
 * The steps: the socket registry (realtime-connections.ts), write coalescing (realtime-writes.ts), event
 * delivery and session revocation on the bus, the heartbeat, then the route.
 */
export async function registerRealtimeHub(
  app: FastifyInstance,
  deps: HubDeps,
  options: RealtimeHubOptions = {},
): Promise<RealtimeHub> {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const connections = new ConnectionRegistry();
  const writes = new WriteCoalescer(options.coalesceMs ?? 40);
  let closing = false;

  const unsubscribe = [
    deps.bus.subscribe(
      REALTIME_TOPIC,
      eventDelivery(connections, writes, deps.logger, maxBufferedBytes, options.carries),
    ),
    deps.bus.subscribe(SESSION_REVOKED_TOPIC, revokedSessionsCloser(connections)),
  ];
  await deps.bus.ready();
  const heartbeat = startHeartbeat(connections, heartbeatMs);

  const hub: RealtimeHub = {
    connectionCount: () => connections.count(),
    inboxReaderCount: (clientId) => connections.inboxReaderCount(clientId),
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      writes.stop();
      for (const u of unsubscribe) u();
      for (const c of connections.snapshot()) c.socket.close(REALTIME_CLOSE.goingAway, '');
    },
  };
  await mountRealtimeRoute(
    app,
    hub,
    options.path ?? REALTIME_PATH,
    socketAcceptor(deps, connections, () => closing, options),
  );
  return hub;
}

/**
 * Accepts an upgraded socket: verifies the access token from the query and refuses revoked sessions, then
 * registers it; otherwise closes it with 4401 (1001 while the hub is closing).
 */
function socketAcceptor(
  deps: HubDeps,
  connections: ConnectionRegistry,
  isClosing: () => boolean,
  options: Pick<RealtimeHubOptions, 'admits' | 'onMessage'>,
) {
  return async (socket: WebSocket, token: string | undefined) => {
    socket.on('error', (err) => deps.logger.debug({ err }, 'realtime socket error'));
    let auth: AuthContext | null = null;
    if (token) {
      try {
        const claims = await deps.tokens.verifyAccess(token);
        if (!deps.revoked.isRevoked(claims.sessionId)) auth = authContextOf(claims);
      } catch {
        auth = null;
      }
    }
    if (socket.readyState !== socket.OPEN) return;
    const closing = isClosing();
    if (!auth || closing) {
      socket.close(
        closing ? REALTIME_CLOSE.goingAway : REALTIME_CLOSE.unauthorized,
        closing ? '' : 'unauthorized',
      );
      return;
    }
    if (options.admits && !options.admits(auth)) {
      socket.close(REALTIME_CLOSE.forbidden, 'forbidden');
      return;
    }
    listenTo(socket, auth, options.onMessage, deps.logger);
    connections.register(socket, auth);
  };
}

/** Hands the client's text frames to `onMessage` (without it, what the client sends is ignored). */
function listenTo(
  socket: WebSocket,
  auth: AuthContext,
  onMessage: RealtimeHubOptions['onMessage'],
  log: Logger,
) {
  if (!onMessage) return;
  const reply = (frame: object) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    Promise.resolve(onMessage(auth, String(data), reply)).catch((err: unknown) =>
      log.warn({ err }, 'realtime message handling failed'),
    );
  });
}

/**
 * Delivers a bus event to the sockets of its business whose claims its audience admits, serialised and
 * framed once per variant (masked or not) whatever the number of sockets.
 */
function eventDelivery(
  connections: ConnectionRegistry,
  writes: WriteCoalescer,
  log: Logger,
  maxBufferedBytes: number,
  carries: RealtimeHubOptions['carries'],
) {
  return (payload: unknown) => {
    const clientId = realtimeClientIdOf(payload);
    if (!clientId) {
      log.warn('realtime event without clientId dropped');
      return;
    }
    const sockets = connections.ofClient(clientId);
    if (!sockets) return;
    // The publisher stamped who may get it (or the event's own fields say); the socket's claims decide.
    const { audience: stamped, masked, ...event } = payload as AudiencedEvent;
    if (carries && !carries(event as RealtimeEvent)) return;
    const audience = stamped ?? defaultAudienceOf(event as RealtimeEvent);
    const encode = encoderOf(event, masked);
    for (const c of [...sockets]) {
      // Belt and braces: the registry is keyed by client, and the token's client is checked again.
      if (c.auth.clientId !== clientId || c.socket.readyState !== c.socket.OPEN) continue;
      if (!mayReceive(c.auth, audience)) continue;
      // A copy the publisher could not mask is not sent to who must not see phone numbers.
      const mask = getsMasked(c.auth, audience);
      if (mask && !masked) continue;
      if (c.socket.bufferedAmount > maxBufferedBytes) {
        log.warn({ userId: c.auth.userId }, 'realtime socket too slow, dropped');
        // Its queue cannot drain in time: cut it (the client sees 1006, reconnects and refetches).
        c.socket.terminate();
        continue;
      }
      const { json, frame } = encode(mask);
      if (!writes.queue(c.socket, frame)) c.socket.send(json, { binary: false });
    }
  };
}

/** The event's JSON and text frame, made once per variant (the masked copy or the event) on first use. */
function encoderOf(event: object, masked: unknown) {
  const encoded = new Map<boolean, { json: Buffer; frame: Buffer }>();
  return (mask: boolean) => {
    let e = encoded.get(mask);
    if (!e) {
      const json = Buffer.from(JSON.stringify(mask && masked ? masked : event));
      e = { json, frame: textFrame(json) };
      encoded.set(mask, e);
    }
    return e;
  };
}

/** Closes the sockets of sessions revoked anywhere (`session.revoked`) with 4401. */
function revokedSessionsCloser(connections: ConnectionRegistry) {
  return (payload: unknown) => {
    const ids = (payload as { sessionIds?: unknown } | null)?.sessionIds;
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      for (const c of [...(connections.ofSession(String(id)) ?? [])])
        c.socket.close(REALTIME_CLOSE.unauthorized, 'session revoked');
    }
  };
}

/** Pings every socket each `heartbeatMs`; one that did not answer the previous ping is dropped. */
function startHeartbeat(connections: ConnectionRegistry, heartbeatMs: number) {
  const heartbeat = setInterval(() => {
    for (const c of connections.live()) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();
  return heartbeat;
}

/** The socket's `GET` route (PUBLIC for the HTTP guard) and the hub's close before the server's. */
async function mountRealtimeRoute(
  app: FastifyInstance,
  hub: RealtimeHub,
  path: string,
  accept: (socket: WebSocket, token: string | undefined) => Promise<void>,
) {
  // Before @fastify/websocket's own preClose (which closes sockets without a code): 1001 tells clients
  // the server is going away.
  app.addHook('preClose', (done) => {
    void hub.close().then(() => done());
  });
  if (!app.hasDecorator('websocketServer'))
    await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  app.route({
    method: 'GET',
    url: path,
    config: { access: PUBLIC },
    // A plain HTTP GET (no upgrade) is answered like any unknown page.
    handler: async () => {
      throw notFound();
    },
    wsHandler: (socket, request) => {
      const token = (request.query as { token?: unknown } | undefined)?.token;
      void accept(socket, typeof token === 'string' ? token : undefined);
    },
  });
}

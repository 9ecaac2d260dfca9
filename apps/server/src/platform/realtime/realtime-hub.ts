import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import { can, REALTIME_PATH, type RealtimeEvent } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { type RevokedSessions, SESSION_REVOKED_TOPIC } from '../auth/revoked-sessions.js';
import { type AuthContext, authContextOf, PUBLIC } from '../auth/route-access.js';
import type { TokenService } from '../auth/tokens.js';
import type { EventBus } from '../events/event-bus.js';
import { notFound } from '../http/errors.js';
import { realtimeClientIdOf } from './realtime-events.js';

/** The bus topic the inbox pipeline publishes `RealtimeEvent`s on. */
export const REALTIME_TOPIC = 'realtime';

/** WebSocket close codes of the hub (4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  /** Missing, invalid or expired access token, or a revoked session: refresh the token, then reconnect. */
  unauthorized: 4401,
  /** The server is shutting down: reconnect (another process will answer). */
  goingAway: 1001,
} as const;

/**
 * Whether the connection's user may receive an event. Only ever asked for sockets of the event's own
 * client (the hub enforces tenancy itself); the inbox can refine it per CS position without the hub.
 */
export type CanReceive = (auth: AuthContext, event: RealtimeEvent) => boolean;

/** The default: everyone who may read the customer-service inbox. */
export const inboxReaders: CanReceive = (auth) => can(auth.subject, 'CUSTOMER_SERVICE_INBOX', 'READ');

export interface RealtimeHubOptions {
  canReceive?: CanReceive;
  /** Ping interval; a socket that did not answer the previous ping is dropped. 25 s. */
  heartbeatMs?: number;
  /** A socket whose unsent data exceeds this is dropped (the client refetches on reconnect). 4 MiB. */
  maxBufferedBytes?: number;
  /** Events within this many ms of the previous write leave together (one write per socket). 40 ms; 0: never. */
  coalesceMs?: number;
}

export interface RealtimeHub {
  /** Open, authorised sockets (all clients). */
  connectionCount(): number;
  /** Open sockets of a client whose user may read the inbox (live chat's "online": an agent can answer). */
  inboxReaderCount(clientId: string): number;
  close(): Promise<void>;
}

interface Connection {
  socket: WebSocket;
  auth: AuthContext;
  alive: boolean;
}

/**
 * The chat WebSocket (000 §4 Real-time connection, §7 Real-time) at `GET /ws/chat?token=<access token>`.
 *
 * Authorisation: the route is PUBLIC for the HTTP guard (browsers cannot set headers on a WebSocket); the
 * hub accepts the upgrade, then verifies the token from the query and refuses revoked sessions. A bad,
 * missing or expired token, or a revoked session, is closed with code 4401 (the browser can read a close
 * code, not an HTTP status of a refused upgrade), so the client refreshes its token before reconnecting.
 *
 * Fan-out: one subscription to the bus topic `realtime`; each event goes only to sockets of the event's
 * `clientId` whose user passes `canReceive`. Sessions revoked anywhere (`session.revoked`) are closed.
 */
export async function registerRealtimeHub(
  app: FastifyInstance,
  deps: { bus: EventBus; tokens: TokenService; revoked: RevokedSessions; logger: Logger },
  options: RealtimeHubOptions = {},
): Promise<RealtimeHub> {
  const canReceive = options.canReceive ?? inboxReaders;
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const coalesceMs = options.coalesceMs ?? 40;
  const log = deps.logger;

  const byClient = new Map<string, Set<Connection>>();
  const bySession = new Map<string, Set<Connection>>();
  let closing = false;

  const add = <K>(map: Map<K, Set<Connection>>, key: K, c: Connection) => {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(c);
  };
  const remove = <K>(map: Map<K, Set<Connection>>, key: K, c: Connection) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) map.delete(key);
  };

  function register(socket: WebSocket, auth: AuthContext) {
    const connection: Connection = { socket, auth, alive: true };
    add(byClient, auth.clientId, connection);
    add(bySession, auth.sessionId, connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      remove(byClient, auth.clientId, connection);
      remove(bySession, auth.sessionId, connection);
    });
    // The first ping tells the client (and tests) that the socket is authorised and receiving.
    socket.ping();
  }

  async function accept(socket: WebSocket, token: string | undefined) {
    socket.on('error', (err) => log.debug({ err }, 'realtime socket error'));
    // The client only listens; anything it sends is ignored.
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
    if (!auth || closing) {
      socket.close(
        closing ? REALTIME_CLOSE.goingAway : REALTIME_CLOSE.unauthorized,
        closing ? '' : 'unauthorized',
      );
      return;
    }
    register(socket, auth);
  }

  /**
   * Write coalescing. Every event costs one socket write per agent, and on a busy inbox those writes (one
   * system call each) are most of the hub's CPU: on 200 loopback sockets, ten 1.2 KB frames per write cost
   * about a sixth of the CPU of one frame per write (sender and receiver together). Events of one tick (an inbound batch is published in one
   * go) always leave together. After a quiet spell they leave at the end of the tick and open a window of
   * `coalesceMs`: events inside it wait in their sockets' corked streams and leave together, one write per
   * socket, when it closes; while events keep coming the windows follow each other. So an event waits at
   * most `coalesceMs`, and an event after a quiet spell does not wait.
   */
  const held = new Set<Duplex>();
  let window: NodeJS.Timeout | null = null;
  let tickFlush = false;
  const flush = () => {
    tickFlush = false;
    if (held.size === 0) return;
    for (const stream of held) stream.uncork();
    held.clear();
    if (!window && coalesceMs > 0) {
      window = setTimeout(endWindow, coalesceMs);
      window.unref();
    }
  };
  const endWindow = () => {
    window = null;
    flush();
  };
  /** The socket's writes wait for the end of the tick or of the window (ws corks per frame; corks nest). */
  function hold(socket: WebSocket) {
    const stream = (socket as unknown as { _socket?: Duplex })._socket;
    if (!stream || held.has(stream)) return;
    stream.cork();
    held.add(stream);
    if (!window && !tickFlush) {
      tickFlush = true;
      process.nextTick(flush);
    }
  }

  function deliver(payload: unknown) {
    const clientId = realtimeClientIdOf(payload);
    if (!clientId) {
      log.warn('realtime event without clientId dropped');
      return;
    }
    const connections = byClient.get(clientId);
    if (!connections) return;
    const event = payload as RealtimeEvent;
    // Serialised and encoded once per event, whatever the number of sockets.
    let frame: Buffer | undefined;
    for (const c of [...connections]) {
      // Belt and braces: the registry is keyed by client, and the token's client is checked again.
      if (c.auth.clientId !== clientId || c.socket.readyState !== c.socket.OPEN) continue;
      let allowed = false;
      try {
        allowed = canReceive(c.auth, event);
      } catch (err) {
        log.error({ err }, 'realtime canReceive failed');
      }
      if (!allowed) continue;
      if (c.socket.bufferedAmount > maxBufferedBytes) {
        log.warn({ userId: c.auth.userId }, 'realtime socket too slow, dropped');
        // Its queue cannot drain in time: cut it (the client sees 1006, reconnects and refetches).
        c.socket.terminate();
        continue;
      }
      frame ??= Buffer.from(JSON.stringify(event));
      hold(c.socket);
      c.socket.send(frame, { binary: false });
    }
  }

  function revoke(payload: unknown) {
    const ids = (payload as { sessionIds?: unknown } | null)?.sessionIds;
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      for (const c of [...(bySession.get(String(id)) ?? [])])
        c.socket.close(REALTIME_CLOSE.unauthorized, 'session revoked');
    }
  }

  const unsubscribe = [
    deps.bus.subscribe(REALTIME_TOPIC, deliver),
    deps.bus.subscribe(SESSION_REVOKED_TOPIC, revoke),
  ];
  await deps.bus.ready();

  const heartbeat = setInterval(() => {
    for (const set of byClient.values()) {
      for (const c of set) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  const hub: RealtimeHub = {
    connectionCount: () => {
      let n = 0;
      for (const set of byClient.values()) n += set.size;
      return n;
    },
    inboxReaderCount: (clientId) => {
      let n = 0;
      for (const c of byClient.get(clientId) ?? [])
        if (can(c.auth.subject, 'CUSTOMER_SERVICE_INBOX', 'READ')) n++;
      return n;
    },
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      if (window) clearTimeout(window);
      window = null;
      for (const stream of held) stream.uncork();
      held.clear();
      for (const u of unsubscribe) u();
      for (const set of [...byClient.values()])
        for (const c of [...set]) c.socket.close(REALTIME_CLOSE.goingAway, '');
    },
  };
  // Before @fastify/websocket's own preClose (which closes sockets without a code): 1001 tells clients
  // the server is going away.
  app.addHook('preClose', (done) => {
    void hub.close().then(() => done());
  });
  if (!app.hasDecorator('websocketServer'))
    await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  app.route({
    method: 'GET',
    url: REALTIME_PATH,
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

  return hub;
}

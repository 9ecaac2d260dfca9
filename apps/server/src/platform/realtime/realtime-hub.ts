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
import { type AudiencedEvent, defaultAudienceOf, getsMasked, mayReceive } from './audience.js';
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

export interface RealtimeHubOptions {
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
 * `clientId` whose claims (permissions, CS position, user) its audience admits (`mayReceive`); readers
 * whose business hides phone numbers from their position get the publisher's masked copy. Sessions revoked anywhere (`session.revoked`) are closed.
 */
export async function registerRealtimeHub(
  app: FastifyInstance,
  deps: { bus: EventBus; tokens: TokenService; revoked: RevokedSessions; logger: Logger },
  options: RealtimeHubOptions = {},
): Promise<RealtimeHub> {
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
   * Write coalescing. Every event costs a write per agent socket, and on a busy inbox those writes are most
   * of the hub's CPU: on 200 loopback sockets, ten 1.2 KB frames per write cost about a sixth of the CPU of
   * one frame per write (sender and receiver together), and framing each event once per socket costs
   * about as much again. So an event is serialised and framed once (a server's frames are unmasked: the
   * bytes are the same for every socket), queued per socket, and the queue leaves in one write: at the
   * end of the tick after a quiet spell (an inbound batch is published in one go), then at the end of each
   * `coalesceMs` window while events keep coming. An event waits at most `coalesceMs`; after a quiet spell
   * it does not wait. Sockets that were queued the same frames share one concatenated buffer.
   */
  let root = new FrameRun(null, null);
  let pending = new Map<Connection, FrameRun>();
  let window: NodeJS.Timeout | null = null;
  let tickFlush = false;
  const flush = () => {
    tickFlush = false;
    if (pending.size === 0) return;
    const queued = pending;
    pending = new Map();
    root = new FrameRun(null, null);
    for (const [c, run] of queued) {
      const stream = rawStreamOf(c.socket);
      if (c.socket.readyState !== c.socket.OPEN || !stream || stream.destroyed) continue;
      stream.write(run.bytes());
    }
    if (!window && coalesceMs > 0) {
      window = setTimeout(endWindow, coalesceMs);
      window.unref();
    }
  };
  const endWindow = () => {
    window = null;
    flush();
  };
  /** Queues a frame for the socket; false when the socket must go through ws (a negotiated extension). */
  function queue(c: Connection, frame: Buffer): boolean {
    if (c.socket.extensions || !rawStreamOf(c.socket)) return false;
    pending.set(c, (pending.get(c) ?? root).followedBy(frame));
    if (!window && !tickFlush) {
      tickFlush = true;
      process.nextTick(flush);
    }
    return true;
  }

  function deliver(payload: unknown) {
    const clientId = realtimeClientIdOf(payload);
    if (!clientId) {
      log.warn('realtime event without clientId dropped');
      return;
    }
    const connections = byClient.get(clientId);
    if (!connections) return;
    // The publisher stamped who may get it (or the event's own fields say); the socket's claims decide.
    const { audience: stamped, masked, ...event } = payload as AudiencedEvent;
    const audience = stamped ?? defaultAudienceOf(event as RealtimeEvent);
    // Serialised and framed once per event and variant, whatever the number of sockets.
    const encoded = new Map<boolean, { json: Buffer; frame: Buffer }>();
    const encode = (mask: boolean) => {
      let e = encoded.get(mask);
      if (!e) {
        const json = Buffer.from(JSON.stringify(mask && masked ? masked : event));
        e = { json, frame: textFrame(json) };
        encoded.set(mask, e);
      }
      return e;
    };
    for (const c of [...connections]) {
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
      if (!queue(c, frame)) c.socket.send(json, { binary: false });
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
      flush();
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

/** The socket's TCP stream (ws keeps it as `_socket`). */
function rawStreamOf(socket: WebSocket): Duplex | undefined {
  return (socket as unknown as { _socket?: Duplex })._socket;
}

/** A final, unmasked text frame (RFC 6455 §5.2): the bytes ws writes for a server's `send(text)`. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const header = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    frame.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(frame, header);
  return frame;
}

/**
 * A sequence of frames queued in one window, as a path in a tree: sockets queued the same frames in the
 * same order reach the same node, and share its concatenated bytes.
 */
class FrameRun {
  private readonly next = new Map<Buffer, FrameRun>();
  private concatenated: Buffer | undefined;
  constructor(
    private readonly parent: FrameRun | null,
    private readonly frame: Buffer | null,
  ) {}

  followedBy(frame: Buffer): FrameRun {
    let run = this.next.get(frame);
    if (!run) {
      run = new FrameRun(this, frame);
      this.next.set(frame, run);
    }
    return run;
  }

  bytes(): Buffer {
    if (!this.concatenated) {
      const frames: Buffer[] = [];
      for (let run: FrameRun | null = this; run?.frame; run = run.parent) frames.push(run.frame);
      this.concatenated = frames.length === 1 ? frames[0]! : Buffer.concat(frames.reverse());
    }
    return this.concatenated;
  }
}

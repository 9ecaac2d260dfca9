import { can } from '@sapa/contracts';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../auth/route-access.js';

/** An open, authorised socket and whether it answered the last ping. */
export interface Connection {
  socket: WebSocket;
  auth: AuthContext;
  alive: boolean;
}

/** The hub's open, authorised sockets, by business (who gets an event) and by session (who is revoked). */
export class ConnectionRegistry {
  private readonly byClient = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();

  /** Keeps an authorised socket until it closes; its pongs keep it alive. */
  register(socket: WebSocket, auth: AuthContext) {
    const connection: Connection = { socket, auth, alive: true };
    add(this.byClient, auth.clientId, connection);
    add(this.bySession, auth.sessionId, connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      remove(this.byClient, auth.clientId, connection);
      remove(this.bySession, auth.sessionId, connection);
    });
    // The first ping tells the client (and tests) that the socket is authorised and receiving.
    socket.ping();
  }

  ofClient(clientId: string): ReadonlySet<Connection> | undefined {
    return this.byClient.get(clientId);
  }

  ofSession(sessionId: string): ReadonlySet<Connection> | undefined {
    return this.bySession.get(sessionId);
  }

  /** Every connection, as the registry holds them now (sockets closing meanwhile are still visited). */
  *live(): Generator<Connection> {
    for (const set of this.byClient.values()) yield* set;
  }

  /** Every connection, copied first (for closing them all). */
  snapshot(): Connection[] {
    return [...this.byClient.values()].flatMap((set) => [...set]);
  }

  count(): number {
    let n = 0;
    for (const set of this.byClient.values()) n += set.size;
    return n;
  }

  /** Open sockets of a client whose user may read the inbox. */
  inboxReaderCount(clientId: string): number {
    let n = 0;
    for (const c of this.byClient.get(clientId) ?? [])
      if (can(c.auth.subject, 'CUSTOMER_SERVICE_INBOX', 'READ')) n++;
    return n;
  }
}

function add<K>(map: Map<K, Set<Connection>>, key: K, c: Connection) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(c);
}

function remove<K>(map: Map<K, Set<Connection>>, key: K, c: Connection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(c);
  if (set.size === 0) map.delete(key);
}

import { WIDGET_SOCKET_PATH, type WidgetClientFrame, type WidgetServerFrame } from '@sapa/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { PUBLIC } from '../../../../platform/auth/route-access.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { notFound } from '../../../../platform/http/errors.js';
import { findAccountById } from '../../channels.service.js';
import { livechatConfigOf } from './livechat.service.js';
import {
  applyReceipts,
  type OnlineCheck,
  publishToContact,
  type VisitorRow,
  visitorOfToken,
  WIDGET_TOPIC,
  type WidgetBusEvent,
} from './visitor.service.js';

/** Close codes of the visitor socket. */
const WIDGET_CLOSE = { unauthorized: 4401, originRefused: 4403, goingAway: 1001 } as const;

interface VisitorConnection {
  socket: WebSocket;
  visitor: VisitorRow;
  alive: boolean;
}

/**
 * The visitor socket `/ws/widget?token=<visitor token>`: frames for one contact come from the bus topic
 * `livechat.visitor` (so a reply sent by a worker in another process reaches the visitor), and the widget
 * sends receipts (delivered, read) and pings. A browser's Origin must be the account's domain.
 */
export async function registerVisitorSocket(app: FastifyInstance, deps: ServerDeps, online: OnlineCheck) {
  const byContact = new Map<string, Set<VisitorConnection>>();
  const keyOf = (clientId: string, contactId: string) => `${clientId}:${contactId}`;
  let closing = false;

  const unsubscribe = deps.bus.subscribe(WIDGET_TOPIC, (payload) => {
    const event = payload as WidgetBusEvent;
    const set = byContact.get(keyOf(event.clientId, event.contactId));
    if (!set) return;
    const text = JSON.stringify(event.frame);
    for (const c of set) if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
  });
  await deps.bus.ready();

  const heartbeat = setInterval(() => {
    for (const set of byContact.values())
      for (const c of set) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
      }
  }, 25_000);
  heartbeat.unref();

  async function accept(socket: WebSocket, token: string | undefined, origin: string | undefined) {
    socket.on('error', (err) => deps.logger.debug({ err }, 'widget socket error'));
    const visitor = await visitorOfToken(deps.db, token).catch(() => undefined);
    const account = visitor ? await findAccountById(deps.db, visitor.channelAccountId) : undefined;
    if (socket.readyState !== socket.OPEN) return;
    if (closing) return socket.close(WIDGET_CLOSE.goingAway, '');
    if (!visitor || !account || account.status !== 'connected' || account.channel !== 'LVC')
      return socket.close(WIDGET_CLOSE.unauthorized, 'unauthorized');
    if (origin && !originAllowed(livechatConfigOf(account).domain, origin))
      return socket.close(WIDGET_CLOSE.originRefused, 'origin refused');
    const connection: VisitorConnection = { socket, visitor, alive: true };
    const key = keyOf(visitor.clientId, visitor.contactId);
    let set = byContact.get(key);
    if (!set) {
      set = new Set();
      byContact.set(key, set);
    }
    set.add(connection);
    const toVisitor = (frame: WidgetServerFrame) =>
      publishToContact(deps, visitor.clientId, visitor.contactId, frame);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      const s = byContact.get(key);
      s?.delete(connection);
      if (s?.size === 0) byContact.delete(key);
    });
    socket.on('message', (data) => {
      connection.alive = true;
      let frame: WidgetClientFrame;
      try {
        frame = JSON.parse(String(data)) as WidgetClientFrame;
      } catch {
        return;
      }
      if (frame.type === 'ping') {
        socket.send(JSON.stringify({ type: 'pong' } satisfies WidgetServerFrame));
        return;
      }
      if (frame.type === 'receipt' && Array.isArray(frame.messageIds) && frame.messageIds.length > 0) {
        const ids = frame.messageIds.filter((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id));
        const status = frame.status === 'read' ? 'read' : 'delivered';
        if (ids.length === 0) return;
        void applyReceipts(deps, visitor, ids.slice(0, 200), status, toVisitor).catch((err) =>
          deps.logger.warn({ err }, 'widget receipt failed'),
        );
      }
    });
    socket.send(
      JSON.stringify({
        type: 'ready',
        visitorId: visitor.id,
        online: online(visitor.clientId),
      } satisfies WidgetServerFrame),
    );
  }

  app.addHook('preClose', (done) => {
    closing = true;
    clearInterval(heartbeat);
    unsubscribe();
    for (const set of byContact.values()) for (const c of set) c.socket.close(WIDGET_CLOSE.goingAway, '');
    done();
  });
  app.route({
    method: 'GET',
    url: WIDGET_SOCKET_PATH,
    config: { access: PUBLIC },
    handler: async () => {
      throw notFound();
    },
    wsHandler: (socket, request) => {
      const token = (request.query as { token?: unknown } | undefined)?.token;
      void accept(socket, typeof token === 'string' ? token : undefined, request.headers.origin);
    },
  });
}

/** CORS for the visitor API and socket: only the account's domain (its origin). */
export function originAllowed(domain: string, origin: string): boolean {
  return origin.toLowerCase() === domain.toLowerCase();
}

import { randomUUID } from 'node:crypto';
import { REALTIME_PATH, type RealtimeEvent } from '@sapa/contracts';
import { WebSocket } from 'ws';

/** A valid `ticket.updated` event of a client (tests); `marker` lands in the ticket's remarks. */
export function ticketUpdated(clientId: string, marker = 'x'): RealtimeEvent {
  const now = Date.now();
  return {
    type: 'ticket.updated',
    clientId,
    ticket: {
      id: randomUUID(),
      displayId: 'T-000001',
      channel: 'WAP',
      channelAccountId: randomUUID(),
      contact: { id: randomUUID(), name: 'Budi', handle: '6281200000000' },
      status: 'unassigned',
      assigneeId: null,
      assigneeName: null,
      groupId: null,
      assignedVia: null,
      priority: 3,
      tags: [],
      remarks: marker,
      resolveNote: null,
      categoryId: null,
      categoryName: null,
      lastMessage: null,
      unreadCount: 1,
      responded: false,
      lastCustomerMessageAt: null,
      expiresAt: null,
      createdAt: now,
      updatedAt: now,
    },
  };
}

export const markerOf = (event: RealtimeEvent) =>
  event.type === 'ticket.updated' ? event.ticket.remarks : null;

/** A test's view of one chat socket: what it received and how it closed, as promises (no sleeps). */
export interface TestSocket {
  ws: WebSocket;
  received: RealtimeEvent[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  /** Resolves when an event with this marker has arrived. */
  next(marker: string, timeoutMs?: number): Promise<RealtimeEvent>;
}

/**
 * Opens the chat socket of a server at `base` (http://host:port) with an access token. By default waits
 * until the hub has authorised and registered the socket (its first ping); `authorised: false` returns at
 * the WebSocket open. `path` opens another socket of the hub (the call socket).
 */
export async function connectChat(
  base: string,
  token: string | null,
  options: { authorised?: boolean; path?: string } = {},
): Promise<TestSocket> {
  const url = `${base.replace(/^http/, 'ws')}${options.path ?? REALTIME_PATH}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
  const ws = new WebSocket(url);
  const received: RealtimeEvent[] = [];
  const waiters: { marker: string; resolve: (e: RealtimeEvent) => void }[] = [];
  ws.on('message', (data) => {
    const event = JSON.parse(String(data)) as RealtimeEvent;
    received.push(event);
    for (const w of [...waiters]) {
      if (markerOf(event) === w.marker) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const registered = new Promise<void>((resolve) => ws.once('ping', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  if (options.authorised !== false) {
    const code = await Promise.race([registered.then(() => 0), closed]);
    if (code !== 0) throw new Error(`chat socket closed with ${code} before it was authorised`);
  }
  return {
    ws,
    received,
    closed,
    next(marker, timeoutMs = 30_000) {
      const already = received.find((e) => markerOf(e) === marker);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no realtime event '${marker}' in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          marker,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
  };
}

/** The first event of `type` the socket has received or receives within `timeoutMs` (no sleeping). */
export function nextEventOfType(
  socket: TestSocket,
  type: RealtimeEvent['type'],
  timeoutMs = 60_000,
): Promise<RealtimeEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} on the socket`)), timeoutMs);
    const check = () => {
      const found = socket.received.find((e) => e.type === type);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    socket.ws.on('message', () => setImmediate(check));
    check();
  });
}

import {
  type ChannelCode,
  can,
  type PlayState,
  type playEndpoints,
  type RealtimeEvent,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, forbidden } from '../../platform/http/errors.js';
import { REALTIME_TOPIC } from '../../platform/realtime/realtime-hub.js';
import {
  agentBlockOf,
  closedGroupsAt,
  getTicket,
  getTicketSummary,
  publishRealtime,
  releaseTicket,
} from '../conversations/index.js';
import { findViewRow, requireView, toTicketView } from '../views/index.js';
import {
  claimTicket,
  clearSessionsHolding,
  findSession,
  hasConnectedAccount,
  insertSkip,
  type PlaylistScope,
  type PlaySessionRow,
  peekTicket,
  STOPPED,
  saveSession,
} from './play.repository.js';
import type { PlaySource } from './play.rules.js';

type StartBody = z.output<NonNullable<(typeof playEndpoints)['start']['body']>>;
type SkipBody = z.output<NonNullable<(typeof playEndpoints)['skip']['body']>>;

interface Agent {
  clientId: string;
  userId: string;
}

/** What changed in one step: tickets whose assignment moved (the inbox is told after the commit). */
interface Step {
  session: PlaySessionRow | undefined;
  touched: string[];
}

async function sourceOf(db: DbOrTx, session: PlaySessionRow): Promise<PlaySource | null> {
  if (session.channel) return { kind: 'channel', channel: session.channel as ChannelCode };
  if (!session.viewId) return null;
  const view = await findViewRow(db, session.clientId, session.viewId);
  return view ? { kind: 'view', filters: toTicketView(view).filters } : null;
}

/**
 * Brings a locked, active session up to date: a current ticket that is no longer this agent's open ticket
 * (resolved, reassigned) is dropped with the next one (000 §4 "closing a ticket clears the current and next
 * ticket"); an empty current is filled from the playlist; `advance` moves on even from a held ticket (Next).
 */
async function settle(tx: DbOrTx, session: PlaySessionRow, now: Date, advance: boolean): Promise<Step> {
  const touched: string[] = [];
  let currentId = session.currentTicketId;
  if (currentId && !advance) {
    const ticket = await getTicket(tx, session.clientId, currentId);
    if (!ticket || ticket.status === 'resolved' || ticket.assigneeId !== session.userId) currentId = null;
  }
  if (advance) currentId = null;
  const source = await sourceOf(tx, session);
  if (!source) {
    const stopped = await saveSession(tx, { ...session, ...STOPPED, updatedAt: now });
    return { session: stopped, touched };
  }
  const scope: PlaylistScope = {
    clientId: session.clientId,
    userId: session.userId,
    source,
    since: session.startedAt ?? now,
    now,
    closedGroups: await closedGroupsAt(tx, session.clientId, now),
  };
  // An offline agent, or one with as many open chats as their maximum, is handed nothing (the session's
  // row lock makes this check and the claim one step per agent).
  if (!currentId && !(await agentBlockOf(tx, session.clientId, session.userId))) {
    currentId = await claimTicket(tx, scope);
    if (currentId) touched.push(currentId);
  }
  const nextId = await peekTicket(tx, scope);
  const saved = await saveSession(tx, {
    ...session,
    currentTicketId: currentId,
    nextTicketId: nextId,
    updatedAt: now,
  });
  return { session: saved, touched };
}

async function publishTouched(deps: ServerDeps, clientId: string, ids: readonly string[]) {
  for (const id of ids) {
    const ticket = await getTicketSummary(deps.db, clientId, id);
    if (ticket) await publishRealtime(deps, { type: 'ticket.updated', clientId, ticket });
  }
}

async function stateOf(deps: ServerDeps, session: PlaySessionRow | undefined): Promise<PlayState> {
  if (!session?.active)
    return {
      active: false,
      viewId: null,
      viewName: null,
      channel: null,
      current: null,
      next: null,
      startedAt: null,
      waiting: null,
    };
  const [view, current, next, waiting] = await Promise.all([
    session.viewId ? findViewRow(deps.db, session.clientId, session.viewId) : undefined,
    session.currentTicketId
      ? getTicketSummary(deps.db, session.clientId, session.currentTicketId)
      : undefined,
    session.nextTicketId ? getTicketSummary(deps.db, session.clientId, session.nextTicketId) : undefined,
    session.currentTicketId ? null : agentBlockOf(deps.db, session.clientId, session.userId),
  ]);
  return {
    active: true,
    viewId: session.viewId,
    viewName: view?.name ?? null,
    channel: (session.channel as ChannelCode | null) ?? null,
    current: current ?? null,
    next: next ?? null,
    startedAt: session.startedAt?.getTime() ?? null,
    waiting,
  };
}

/** Runs one step on the agent's locked session, then tells the inbox about the tickets it moved. */
async function step(
  deps: ServerDeps,
  agent: Agent,
  body: (tx: DbOrTx, session: PlaySessionRow | undefined, now: Date) => Promise<Step>,
): Promise<PlayState> {
  const now = new Date();
  const result = await deps.db.transaction(async (tx) =>
    body(tx, await findSession(tx, agent.clientId, agent.userId, true), now),
  );
  await publishTouched(deps, agent.clientId, result.touched);
  return stateOf(deps, result.session);
}

const requireActive = (session: PlaySessionRow | undefined): PlaySessionRow => {
  if (!session?.active) throw conflict('play.notActive');
  return session;
};

/** GET playlist (000 §7 GET /ticket/playlist): the current and next ticket; fills an empty current. */
export function getPlaylist(deps: ServerDeps, auth: AuthContext): Promise<PlayState> {
  return step(deps, auth, async (tx, session, now) =>
    session?.active ? settle(tx, session, now, false) : { session, touched: [] },
  );
}

/** Activate (000 §4): a view when the view feature is allowed, or a channel. */
export async function startPlay(deps: ServerDeps, auth: AuthContext, body: StartBody): Promise<PlayState> {
  // 000 §6 Supervisor 1 cannot be assigned chats.
  if (auth.csPosition === 'SPV1') throw new AppError(403, 'play.cannotBeAssigned');
  if (body.viewId) {
    if (!can(auth.subject, 'VIEW_FEATURE', 'READ')) throw forbidden();
    await requireView(deps, auth.clientId, body.viewId);
  } else if (body.channel && !(await hasConnectedAccount(deps.db, auth.clientId, body.channel))) {
    // Issue 16 §8: a channel with no connected account has nothing to hand out.
    throw badRequest('play.channelNotConnected', { channel: 'play.channelNotConnected' });
  }
  return step(deps, auth, (tx, session, now) =>
    settle(
      tx,
      {
        clientId: auth.clientId,
        userId: auth.userId,
        active: true,
        viewId: body.viewId ?? null,
        channel: body.viewId ? null : (body.channel ?? null),
        // Playing again from the same source keeps the ticket in hand.
        currentTicketId:
          session?.active &&
          session.viewId === (body.viewId ?? null) &&
          session.channel === (body.channel ?? null)
            ? session.currentTicketId
            : null,
        nextTicketId: null,
        startedAt: now,
        updatedAt: now,
      },
      now,
      false,
    ),
  );
}

/** Next (isNext): the current ticket stays with the agent; the next one is handed out. */
export function nextTicket(deps: ServerDeps, auth: AuthContext): Promise<PlayState> {
  return step(deps, auth, (tx, session, now) => settle(tx, requireActive(session), now, true));
}

/**
 * Skip with a note (skipReason): the note goes on the ticket's play history, the ticket goes back to the
 * queue for the others and is not handed to this agent again in this session; the next one is handed out.
 */
export async function skipTicket(deps: ServerDeps, auth: AuthContext, body: SkipBody): Promise<PlayState> {
  let releasedId: string | null = null;
  const state = await step(deps, auth, async (tx, session, now) => {
    const active = requireActive(session);
    const touched: string[] = [];
    const currentId = active.currentTicketId;
    if (currentId) {
      await insertSkip(tx, {
        clientId: auth.clientId,
        id: uuidv7(),
        ticketId: currentId,
        userId: auth.userId,
        note: body.note,
        createdAt: now,
      });
      const released = await releaseTicket(tx, {
        clientId: auth.clientId,
        userId: auth.userId,
        ticketId: currentId,
        now,
        note: body.note,
      });
      if (released) {
        touched.push(currentId);
        releasedId = currentId;
      }
    }
    const settled = await settle(tx, active, now, true);
    return { session: settled.session, touched: [...touched, ...settled.touched] };
  });
  // An agent who sees only their own chats loses sight of the ticket given back (as on a reassignment).
  if (releasedId)
    await publishRealtime(deps, {
      type: 'ticket.revoked',
      clientId: auth.clientId,
      ticketId: releasedId,
      userId: auth.userId,
    });
  return state;
}

/** Deactivate: clears the view or channel, the current and the next ticket (the ticket in hand stays). */
export function stopPlay(deps: ServerDeps, auth: AuthContext): Promise<PlayState> {
  return step(deps, auth, async (tx, session, now) => ({
    session: session ? await saveSession(tx, { ...session, ...STOPPED, updatedAt: now }) : session,
    touched: [],
  }));
}

/**
 * Follows the inbox on the bus: when a ticket someone plays is resolved, or given to someone else, that
 * agent's session drops it (and the next one) and moves on. Every process sees each event; the clearing
 * update lets exactly one of them move the agent on.
 */
export function followTicketChanges(deps: ServerDeps): () => void {
  return deps.bus.subscribe(REALTIME_TOPIC, (payload) => {
    const event = payload as RealtimeEvent;
    if (event.type !== 'ticket.updated') return;
    const { ticket } = event;
    void (async () => {
      const agents = await clearSessionsHolding(deps.db, event.clientId, ticket.id);
      for (const userId of agents)
        await step(deps, { clientId: event.clientId, userId }, async (tx, session, now) =>
          session?.active && !session.currentTicketId
            ? settle(tx, session, now, false)
            : { session, touched: [] },
        );
    })().catch((err) => deps.logger.warn({ err, ticketId: ticket.id }, 'play session follow-up failed'));
  });
}

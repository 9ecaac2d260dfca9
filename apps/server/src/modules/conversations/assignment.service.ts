import {
  type AssignmentSource,
  type CsPosition,
  csCapabilitiesOf,
  DEFAULT_MAX_CONCURRENT_CHATS,
  type RealtimeEvent,
  type TicketSummary,
} from '@sapa/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import { activeMemberOf } from '../identity/index.js';
import {
  AUTO_ASSIGN_QUEUE,
  agentStateOf,
  agentStates,
  autoAssignSchema,
  csConfigurations,
  csGroups,
  requestAutoAssign,
  type TicketLoad,
} from '../teams/index.js';
import { publishRealtime } from './conversation-events.js';
import { getTicketSummary } from './conversations.repository.js';
import { tickets, ticketTransfers } from './conversations.schema.js';
import { recordTicketAudit } from './ticket-history.repository.js';

type AssignTarget = { agentId: string } | { groupId: string };

export interface AssignInput {
  clientId: string;
  ticketId: string;
  to: AssignTarget;
  /** 'manual' (an agent or supervisor), 'auto' (automatic assignment), 'play' (Auto Assign play mode). */
  source: AssignmentSource;
  /** The user who assigns; null for the system. */
  by: string | null;
}

/** Positions that can be handed chats (000 §6: Supervisor 1 cannot be assigned). */
const ASSIGNABLE_POSITIONS = ['SPV2', 'CS1', 'CS2'] as const;

async function assignableMember(db: DbOrTx, clientId: string, userId: string) {
  const member = await activeMemberOf(db, clientId, userId);
  if (!member || !csCapabilitiesOf((member.csPosition as CsPosition | null) ?? null).canBeAssigned)
    return null;
  return member;
}

interface AssignOutcome {
  summary: TicketSummary;
  previousAssigneeId: string | null;
}

/**
 * Assigns a ticket to an agent, or moves it to a group (then it waits there, unassigned, for the automatic
 * assignment). Keeps the transfer history and the audit log in the same transaction, then tells the inbox.
 * Used by the inbox (manual), the automatic assignment, Auto Assign play mode and bulk actions.
 * Visibility and permission checks of the caller are the caller's business; this checks the target.
 */
export async function assignTicket(deps: ServerDeps, input: AssignInput): Promise<TicketSummary> {
  const outcome = await deps.db.transaction((tx) => assignInTx(tx, input));
  await publishAssignment(deps, input.clientId, outcome);
  if ('groupId' in input.to) await requestAutoAssign(deps, input.clientId);
  return outcome.summary;
}

async function publishAssignment(deps: ServerDeps, clientId: string, outcome: AssignOutcome) {
  await publishRealtime(deps, { type: 'ticket.updated', clientId, ticket: outcome.summary });
  const previous = outcome.previousAssigneeId;
  if (previous && previous !== outcome.summary.assigneeId)
    await publishRealtime(deps, {
      type: 'ticket.revoked',
      clientId,
      ticketId: outcome.summary.id,
      userId: previous,
    });
}

async function assignInTx(tx: DbOrTx, input: AssignInput): Promise<AssignOutcome> {
  const { clientId, ticketId } = input;
  const [ticket] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId)))
    .for('update');
  if (!ticket) throw notFound();
  if (ticket.status === 'resolved') throw conflict('inbox.ticketClosed');
  const now = new Date();
  let next: { assigneeId: string | null; groupId: string | null; status: 'assigned' | 'unassigned' };
  if ('agentId' in input.to) {
    const member = await assignableMember(tx, clientId, input.to.agentId);
    if (!member) throw badRequest('inbox.assigneeInvalid', { assigneeId: 'inbox.assigneeInvalid' });
    next = { assigneeId: member.userId, groupId: ticket.groupId, status: 'assigned' };
  } else {
    const [group] = await tx
      .select({ id: csGroups.id })
      .from(csGroups)
      .where(and(eq(csGroups.clientId, clientId), eq(csGroups.id, input.to.groupId)));
    if (!group) throw badRequest('teams.groupInvalid', { groupId: 'teams.groupInvalid' });
    next = { assigneeId: null, groupId: group.id, status: 'unassigned' };
  }
  const status = ticket.status === 'expired' ? 'expired' : next.status;
  await tx
    .update(tickets)
    .set({
      status,
      assigneeId: next.assigneeId,
      groupId: next.groupId,
      assignedVia: next.assigneeId ? input.source : null,
      // A person (or a group) takes the chat: it leaves the chatbot's BOT state.
      heldByBot: false,
      updatedAt: now,
    })
    .where(and(eq(tickets.clientId, clientId), eq(tickets.id, ticketId)));
  await tx.insert(ticketTransfers).values({
    clientId,
    id: uuidv7(),
    ticketId,
    fromUserId: ticket.assigneeId,
    toUserId: next.assigneeId,
    fromGroupId: ticket.groupId,
    toGroupId: next.groupId,
    source: input.source,
    byUserId: input.by,
    createdAt: now,
  });
  await recordTicketAudit(tx, {
    clientId,
    ticketId,
    actorUserId: input.by,
    action: ticket.assigneeId ? 'transfer' : 'assign',
    changes: {
      assigneeId: { from: ticket.assigneeId, to: next.assigneeId },
      groupId: { from: ticket.groupId, to: next.groupId },
      status: { from: ticket.status, to: status },
      assignedVia: { from: ticket.assignedVia, to: next.assigneeId ? input.source : null },
    },
    at: now,
  });
  const summary = await getTicketSummary(tx, clientId, ticketId);
  if (!summary) throw notFound();
  return { summary, previousAssigneeId: ticket.assigneeId };
}

// ---------------------------------------------------------------- automatic assignment

/** The job: hands the business's waiting tickets to online agents with room (its own queue). */
export function autoAssignJob(deps: ServerDeps): JobDefinition<typeof autoAssignSchema> {
  return {
    name: AUTO_ASSIGN_QUEUE,
    schema: autoAssignSchema,
    retryLimit: 3,
    retryDelaySeconds: 1,
    concurrency: 2,
    handler: async ({ clientId }) => {
      await runAutoAssign(deps, clientId);
    },
  };
}

/** The business's time zone for opening hours (000 §1: Asia/Jakarta by default). */
const BUSINESS_TIME_ZONE = 'Asia/Jakarta';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Whether a group takes chats at `at` (000 §3 operational hours): no hours set means always; otherwise the
 * weekday's entry must be open and the time within from–to (to before from spans midnight). Times are
 * Asia/Jakarta.
 */
export function isGroupOpen(
  hours: readonly { day: number; open: boolean; from: string; to: string }[],
  at: Date,
  timeZone = BUSINESS_TIME_ZONE,
): boolean {
  if (hours.length === 0) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAYS.indexOf(part('weekday'));
  const time = `${part('hour')}:${part('minute')}`;
  const entry = hours.find((d) => d.day === day);
  if (!entry?.open) return false;
  if (entry.from === entry.to) return true;
  return entry.from < entry.to
    ? time >= entry.from && time < entry.to
    : time >= entry.from || time < entry.to;
}

/**
 * The business's groups closed at `at` (000 §2 operational hours): automatic assignment and play mode hand
 * none of their chats out then (a chat without a group is the default group's).
 */
export async function closedGroupsAt(db: DbOrTx, clientId: string, at: Date) {
  const groups = await db
    .select({ id: csGroups.id, isDefault: csGroups.isDefault, hours: csGroups.operationalHours })
    .from(csGroups)
    .where(eq(csGroups.clientId, clientId));
  const closed = groups.filter((g) => !isGroupOpen(g.hours, at));
  return { ids: closed.map((g) => g.id), defaultClosed: closed.some((g) => g.isDefault) };
}

/** The SQL condition "the ticket's group is open" for the closed groups of `closedGroupsAt`. */
export function inOpenGroupWhere(closed: { ids: string[]; defaultClosed: boolean }): SQL {
  if (closed.ids.length === 0) return sql`true`;
  const list = sql.join(
    closed.ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const noGroup = closed.defaultClosed ? sql`false` : sql`true`;
  return sql`(case when ${tickets.groupId} is null then ${noGroup} else ${tickets.groupId} not in (${list}) end)`;
}

export interface Candidate {
  userId: string;
  load: number;
  max: number;
  lastAssignedAt: Date | null;
}

/**
 * Round robin with limits: the agent with room who was handed a ticket longest ago (never first), ties
 * by id. Pure, so the rule is unit-tested on its own.
 */
export function pickAgent(candidates: readonly Candidate[]): Candidate | null {
  let best: Candidate | null = null;
  for (const c of candidates) {
    if (c.load >= c.max) continue;
    if (!best) {
      best = c;
      continue;
    }
    const a = c.lastAssignedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const b = best.lastAssignedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (a < b || (a === b && c.userId < best.userId)) best = c;
  }
  return best;
}

/** Online agents of the business who may be handed chats, with their load and groups. */
async function candidatesOf(tx: DbOrTx, clientId: string): Promise<(Candidate & { groupIds: string[] })[]> {
  const rows = await tx.execute(sql`
    select m.user_id as "userId",
      coalesce(a.max_concurrent_chats, ${DEFAULT_MAX_CONCURRENT_CHATS})::int as "max",
      a.last_assigned_at as "lastAssignedAt",
      (select count(*) from tickets t
        where t.client_id = m.client_id and t.assignee_id = m.user_id and t.status = 'assigned')::int as "load",
      coalesce((select array_agg(g.group_id::text) from cs_group_members g
        where g.client_id = m.client_id and g.user_id = m.user_id), '{}') as "groupIds"
    from memberships m
    join users u on u.id = m.user_id and u.status = 'active'
    left join agent_states a on a.client_id = m.client_id and a.user_id = m.user_id
    where m.client_id = ${clientId}::uuid and m.deleted_at is null
      and m.cs_position in (${sql.join(
        ASSIGNABLE_POSITIONS.map((p) => sql`${p}`),
        sql`, `,
      )})
      and coalesce(a.status, 'online') = 'online'`);
  return rowsOf<{
    userId: string;
    max: number;
    lastAssignedAt: string | Date | null;
    load: number;
    groupIds: string[] | string;
  }>(rows).map((r) => ({
    userId: r.userId,
    max: Number(r.max),
    load: Number(r.load),
    lastAssignedAt: r.lastAssignedAt ? new Date(r.lastAssignedAt) : null,
    groupIds: parseTextArray(r.groupIds),
  }));
}

/** A text[] as the driver returns it: an array (pg) or its literal '{a,b}' (some drivers). */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

/**
 * One automatic assignment round of a business: oldest waiting ticket first, each to an online member of
 * its group (no group: the default group; no groups at all: every agent) with room, round robin. Tickets
 * of groups where nobody has room stay waiting.
 *
 * Concurrency: every ticket is handed out in its own transaction that first takes the business's
 * assignment lock (an advisory transaction lock), so two workers never weigh the same agents' room at
 * once, and locks the ticket row with FOR UPDATE SKIP LOCKED, so a ticket being assigned by hand at that
 * moment is skipped. Returns how many it handed out.
 */
export async function runAutoAssign(deps: ServerDeps, clientId: string): Promise<number> {
  const [config] = rowsOf<{ on: boolean }>(
    await deps.db.execute(
      sql`select is_auto_assign_feature as "on" from cs_configurations where client_id = ${clientId}::uuid`,
    ),
  );
  if (!config?.on) return 0;
  let handed = 0;
  for (;;) {
    const result = await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`sapa.auto-assign:${clientId}`}, 0))`,
      );
      const groups = await tx
        .select({ id: csGroups.id, isDefault: csGroups.isDefault, hours: csGroups.operationalHours })
        .from(csGroups)
        .where(eq(csGroups.clientId, clientId));
      const now = new Date();
      const openNow = new Set(groups.filter((g) => isGroupOpen(g.hours, now)).map((g) => g.id));
      const defaultId = groups.find((g) => g.isDefault)?.id ?? null;
      const candidates = (await candidatesOf(tx, clientId)).filter((c) => c.load < c.max);
      if (candidates.length === 0) return null;
      let inOpenGroup = sql``;
      if (groups.length > 0) {
        // Groups open now (000 §3 operational hours) with a member who has room.
        const open = [...new Set(candidates.flatMap((c) => c.groupIds))].filter((id) => openNow.has(id));
        if (open.length === 0) return null;
        const list = sql.join(
          open.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
        inOpenGroup = sql`and coalesce(t.group_id, ${defaultId}::uuid) in (${list})`;
      }
      const [ticket] = rowsOf<{ id: string; groupId: string | null }>(
        await tx.execute(sql`
          select t.id, t.group_id as "groupId" from tickets t
          where t.client_id = ${clientId}::uuid and t.status = 'unassigned' and t.assignee_id is null
            and not t.held_by_bot
            ${inOpenGroup}
          order by t.created_at, t.id
          limit 1
          for update skip locked`),
      );
      if (!ticket) return null;
      const groupId = ticket.groupId ?? defaultId;
      const chosen = pickAgent(
        groups.length > 0 ? candidates.filter((c) => groupId && c.groupIds.includes(groupId)) : candidates,
      );
      if (!chosen) return null;
      const outcome = await assignInTx(tx, {
        clientId,
        ticketId: ticket.id,
        to: { agentId: chosen.userId },
        source: 'auto',
        by: null,
      });
      await tx
        .insert(agentStates)
        .values({ clientId, userId: chosen.userId, lastAssignedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [agentStates.clientId, agentStates.userId],
          set: { lastAssignedAt: now },
        });
      return outcome;
    });
    if (!result) break;
    handed += 1;
    await publishAssignment(deps, clientId, result);
  }
  return handed;
}

/**
 * Starts automatic assignment rounds when customers write on waiting tickets (a new ticket, or a reopened
 * chat): events of one tick are coalesced per business, and nothing is queued for a business whose
 * automatic assignment is off.
 */
export function triggerAutoAssignOnNewChats(deps: ServerDeps): (payload: unknown) => void {
  const pending = new Set<string>();
  const flush = async (clientId: string) => {
    pending.delete(clientId);
    try {
      const [config] = await deps.db
        .select({ on: csConfigurations.isAutoAssignFeature })
        .from(csConfigurations)
        .where(eq(csConfigurations.clientId, clientId));
      if (config?.on) await requestAutoAssign(deps, clientId);
    } catch (err) {
      deps.logger.warn({ err, clientId }, 'auto-assign trigger failed');
    }
  };
  return (payload) => {
    const event = payload as RealtimeEvent;
    if (event?.type !== 'message.created' || event.message.direction !== 'in') return;
    if (event.ticket.status !== 'unassigned' || event.ticket.assigneeId) return;
    if (pending.has(event.clientId)) return;
    pending.add(event.clientId);
    setImmediate(() => void flush(event.clientId));
  };
}

/**
 * Why an agent may not be handed another chat now (000 §3 agentStatus, maximum concurrent chats), or null
 * when they may: offline, or as many open chats as their maximum.
 */
export async function agentBlockOf(
  db: DbOrTx,
  clientId: string,
  userId: string,
): Promise<'offline' | 'atCapacity' | null> {
  const state = await agentStateOf(db, clientId, userId);
  if (state.status === 'offline') return 'offline';
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(eq(tickets.clientId, clientId), eq(tickets.assigneeId, userId), eq(tickets.status, 'assigned')),
    );
  return Number(row?.n ?? 0) >= state.maxConcurrentChats ? 'atCapacity' : null;
}

/** 001 §5: a user cannot be deleted while assigned or open tickets exist (a `UserDeletionGuard`). */
export function hasOpenTickets(db: DbOrTx) {
  return async (clientId: string, userId: string): Promise<boolean> => {
    const [row] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.clientId, clientId),
          eq(tickets.assigneeId, userId),
          sql`${tickets.status} in ('unassigned', 'assigned')`,
        ),
      )
      .limit(1);
    return Boolean(row);
  };
}

/** What teams reads and changes of tickets (handed to teams by the composition root). */
export const ticketLoad: TicketLoad = {
  async openTicketsByAgent(db, clientId, userIds) {
    const open = new Map<string, number>();
    if (userIds.length === 0) return open;
    const rows = await db
      .select({ userId: tickets.assigneeId, n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(
        and(
          eq(tickets.clientId, clientId),
          inArray(tickets.assigneeId, userIds),
          eq(tickets.status, 'assigned'),
        ),
      )
      .groupBy(tickets.assigneeId);
    for (const r of rows) if (r.userId) open.set(r.userId, Number(r.n));
    return open;
  },
  async releaseGroupTickets(tx, clientId, groupId) {
    await tx
      .update(tickets)
      .set({ groupId: null })
      .where(and(eq(tickets.clientId, clientId), eq(tickets.groupId, groupId)));
  },
};

import type { TicketAuditEntry, TicketTransfer } from '@sapa/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { recordAudit } from '../audit/index.js';
import { memberships, users } from '../identity/identity.schema.js';
import { csGroups } from '../teams/index.js';
import { ticketAuditLog, ticketCategories, ticketTransfers } from './conversations.schema.js';

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * Records a ticket change (000 §7 GET /auditLogs): who (null = the system), what, when. Call it in the
 * transaction that makes the change; fields whose value did not change are left out, and nothing is
 * written when nothing changed.
 */
export async function recordTicketAudit(
  db: DbOrTx,
  entry: {
    clientId: string;
    ticketId: string;
    actorUserId: string | null;
    action: string;
    changes: AuditChanges;
    at?: Date;
  },
): Promise<void> {
  const changes: AuditChanges = {};
  for (const [field, change] of Object.entries(entry.changes)) {
    if (JSON.stringify(change.from ?? null) !== JSON.stringify(change.to ?? null)) changes[field] = change;
  }
  if (Object.keys(changes).length === 0) return;
  const at = entry.at ?? new Date();
  await db.insert(ticketAuditLog).values({
    clientId: entry.clientId,
    id: uuidv7(),
    ticketId: entry.ticketId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    changes,
    createdAt: at,
  });
  // The business audit log (001 §2) shows ticket changes beside every other change.
  const side = (key: 'from' | 'to') =>
    Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change[key] ?? null]));
  await recordAudit(db, {
    clientId: entry.clientId,
    actorUserId: entry.actorUserId,
    area: 'TICKETS',
    action: `ticket.${entry.action}`,
    target: { type: 'ticket', id: entry.ticketId },
    before: side('from'),
    after: side('to'),
    at,
  });
}

/** The fields of audit changes whose values are ids, by what they name. */
const USER_FIELDS = ['assigneeId'];
const GROUP_FIELDS = ['groupId'];
const CATEGORY_FIELDS = ['categoryId'];

/**
 * The names of the agents, groups and categories the entries' changes name by id (this business's only;
 * a deleted one is left out and shown as unknown).
 */
export async function namesInAudit(
  db: DbOrTx,
  clientId: string,
  entries: TicketAuditEntry[],
): Promise<Record<string, string>> {
  const idsOf = (fields: string[]) => {
    const ids = new Set<string>();
    for (const e of entries)
      for (const f of fields)
        for (const v of [e.changes[f]?.from, e.changes[f]?.to])
          if (typeof v === 'string' && UUID.test(v)) ids.add(v);
    return [...ids];
  };
  const userIds = idsOf(USER_FIELDS);
  const groupIds = idsOf(GROUP_FIELDS);
  const categoryIds = idsOf(CATEGORY_FIELDS);
  const [u, g, c] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, name: users.name })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.clientId, clientId), inArray(memberships.userId, userIds)))
      : [],
    groupIds.length
      ? db
          .select({ id: csGroups.id, name: csGroups.name })
          .from(csGroups)
          .where(and(eq(csGroups.clientId, clientId), inArray(csGroups.id, groupIds)))
      : [],
    categoryIds.length
      ? db
          .select({ id: ticketCategories.id, name: ticketCategories.name })
          .from(ticketCategories)
          .where(and(eq(ticketCategories.clientId, clientId), inArray(ticketCategories.id, categoryIds)))
      : [],
  ]);
  return Object.fromEntries([...u, ...g, ...c].map((r) => [r.id, r.name]));
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listTicketAudit(
  db: DbOrTx,
  clientId: string,
  ticketId: string,
): Promise<TicketAuditEntry[]> {
  const rows = await db
    .select({ entry: ticketAuditLog, actorName: users.name })
    .from(ticketAuditLog)
    .leftJoin(users, eq(users.id, ticketAuditLog.actorUserId))
    .where(and(eq(ticketAuditLog.clientId, clientId), eq(ticketAuditLog.ticketId, ticketId)))
    .orderBy(asc(ticketAuditLog.createdAt), asc(ticketAuditLog.id))
    .limit(1000);
  return rows.map(({ entry, actorName }) => ({
    id: entry.id,
    action: entry.action,
    actorUserId: entry.actorUserId,
    actorName: actorName ?? null,
    changes: entry.changes,
    at: entry.createdAt.getTime(),
  }));
}

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const byUser = alias(users, 'by_user');

export async function listTicketTransfers(
  db: DbOrTx,
  clientId: string,
  ticketId: string,
): Promise<TicketTransfer[]> {
  const rows = await db
    .select({
      t: ticketTransfers,
      fromName: fromUser.name,
      toName: toUser.name,
      byName: byUser.name,
      groupName: csGroups.name,
    })
    .from(ticketTransfers)
    .leftJoin(fromUser, eq(fromUser.id, ticketTransfers.fromUserId))
    .leftJoin(toUser, eq(toUser.id, ticketTransfers.toUserId))
    .leftJoin(byUser, eq(byUser.id, ticketTransfers.byUserId))
    .leftJoin(
      csGroups,
      and(eq(csGroups.clientId, ticketTransfers.clientId), eq(csGroups.id, ticketTransfers.toGroupId)),
    )
    .where(and(eq(ticketTransfers.clientId, clientId), eq(ticketTransfers.ticketId, ticketId)))
    .orderBy(asc(ticketTransfers.createdAt), asc(ticketTransfers.id))
    .limit(1000);
  return rows.map((r) => ({
    id: r.t.id,
    fromUserId: r.t.fromUserId,
    fromUserName: r.fromName ?? null,
    toUserId: r.t.toUserId,
    toUserName: r.toName ?? null,
    fromGroupId: r.t.fromGroupId,
    toGroupId: r.t.toGroupId,
    toGroupName: r.groupName ?? null,
    source: r.t.source,
    byUserId: r.t.byUserId,
    byUserName: r.byName ?? null,
    at: r.t.createdAt.getTime(),
  }));
}

import { type CsGroup, type CsGroupInput, csGroupInputSchema, translate } from '@sapa/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { requireOwnedIds } from '../../platform/db/owned-ids.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import { requireOwnMembers } from '../identity/index.js';
import { listAgents } from './agents.service.js';
import { requestAutoAssign } from './auto-assign-request.js';
import { csGroupMembers, csGroups } from './teams.schema.js';
import type { TicketLoad } from './ticket-load.js';

type GroupInput = ReturnType<typeof csGroupInputSchema.parse>;
type GroupRow = typeof csGroups.$inferSelect;

/** CS groups named in a body (a view's filter) must be the business's own: 400 `teams.groupInvalid` otherwise. */
export function requireOwnCsGroups(db: DbOrTx, clientId: string, ids: readonly string[], field: string) {
  return requireOwnedIds(
    db,
    { table: csGroups, id: csGroups.id, clientId: csGroups.clientId },
    clientId,
    ids,
    { field, key: 'teams.groupInvalid' },
  );
}

const memberCount = sql<number>`(select count(*) from ${csGroupMembers} m
  where m.client_id = ${csGroups.clientId} and m.group_id = ${csGroups.id})::int`;

function toGroup(row: GroupRow, members: number): CsGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isDefault: row.isDefault,
    operationalHours: [...row.operationalHours].sort((a, b) => a.day - b.day),
    memberCount: Number(members),
    createdAt: row.createdAt.getTime(),
  };
}

export async function listGroups(db: DbOrTx, clientId: string): Promise<CsGroup[]> {
  const rows = await db
    .select({ group: csGroups, members: memberCount })
    .from(csGroups)
    .where(eq(csGroups.clientId, clientId))
    .orderBy(sql`${csGroups.isDefault} desc`, asc(csGroups.name))
    .limit(500);
  return rows.map((r) => toGroup(r.group, r.members));
}

export async function getGroup(db: DbOrTx, clientId: string, id: string): Promise<CsGroup> {
  const [row] = await db
    .select({ group: csGroups, members: memberCount })
    .from(csGroups)
    .where(and(eq(csGroups.clientId, clientId), eq(csGroups.id, id)));
  if (!row) throw notFound();
  return toGroup(row.group, row.members);
}

/** 000 §8 'Failed Saving Group, {0}' with the reason in the caller's language. */
function saveFailed(reason: 'teams.nameTaken', language: 'id' | 'en' = 'id') {
  return new AppError(409, 'teams.saveFailed', {
    params: [translate(reason, language)],
    fields: { name: reason },
  });
}

/** What the audit log keeps of a group (001 §2 audit logs). */
function groupSnapshot(g: {
  name: string;
  description: string | null;
  operationalHours: unknown;
  isDefault?: boolean;
}) {
  return {
    name: g.name,
    description: g.description,
    operationalHours: g.operationalHours,
    ...(g.isDefault === undefined ? {} : { isDefault: g.isDefault }),
  };
}

async function saveGroup(
  deps: ServerDeps,
  auth: AuthContext,
  id: string | null,
  input: GroupInput,
  language: 'id' | 'en',
): Promise<CsGroup> {
  const now = new Date();
  const groupId = id ?? uuidv7();
  try {
    await deps.db.transaction(async (tx) => {
      // Serialises default-flag changes of the business (000 §5: exactly one default group).
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`sapa.groups:${auth.clientId}`}, 0))`,
      );
      const [existingDefault] = await tx
        .select({ id: csGroups.id })
        .from(csGroups)
        .where(and(eq(csGroups.clientId, auth.clientId), eq(csGroups.isDefault, true)));
      const values = {
        name: input.name,
        description: input.description || null,
        operationalHours: input.operationalHours,
        updatedAt: now,
      };
      // The first group of a business is the default; another becomes default only when asked to.
      const makeDefault = !existingDefault || existingDefault.id === groupId || input.isDefault === true;
      if (makeDefault && existingDefault && existingDefault.id !== groupId)
        await tx
          .update(csGroups)
          .set({ isDefault: false, updatedAt: now })
          .where(and(eq(csGroups.clientId, auth.clientId), eq(csGroups.id, existingDefault.id)));
      const after = { ...groupSnapshot(values), isDefault: makeDefault };
      const audit = (before: ReturnType<typeof groupSnapshot> | null) =>
        recordAuditBy(tx, auth, {
          area: 'SETTINGS',
          action: before ? 'group.updated' : 'group.created',
          target: { type: 'group', id: groupId, label: input.name },
          before,
          after,
        });
      if (id) {
        const [old] = await tx
          .select()
          .from(csGroups)
          .where(and(eq(csGroups.clientId, auth.clientId), eq(csGroups.id, id)));
        const [updated] = await tx
          .update(csGroups)
          .set({ ...values, isDefault: makeDefault })
          .where(and(eq(csGroups.clientId, auth.clientId), eq(csGroups.id, id)))
          .returning({ id: csGroups.id });
        if (!updated || !old) throw notFound();
        await audit(groupSnapshot(old));
      } else {
        await tx.insert(csGroups).values({
          clientId: auth.clientId,
          id: groupId,
          ...values,
          isDefault: makeDefault,
          createdAt: now,
        });
        await audit(null);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw saveFailed('teams.nameTaken', language);
    throw error;
  }
  // New hours or a new default may let waiting chats through.
  await requestAutoAssign(deps, auth.clientId);
  return getGroup(deps.db, auth.clientId, groupId);
}

export function createGroup(deps: ServerDeps, auth: AuthContext, input: CsGroupInput, language: 'id' | 'en') {
  return saveGroup(deps, auth, null, csGroupInputSchema.parse(input), language);
}

export function updateGroup(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  input: CsGroupInput,
  language: 'id' | 'en',
) {
  return saveGroup(deps, auth, id, csGroupInputSchema.parse(input), language);
}

/** 000 §5: the default group cannot be deleted, and a group must have no members first. */
export async function deleteGroup(
  deps: ServerDeps,
  load: TicketLoad,
  auth: AuthContext,
  id: string,
  language: 'id' | 'en',
) {
  await deps.db.transaction(async (tx) => {
    const [group] = await tx
      .select()
      .from(csGroups)
      .where(and(eq(csGroups.clientId, auth.clientId), eq(csGroups.id, id)))
      .for('update');
    if (!group) throw notFound();
    const refuse = (reason: 'teams.defaultGroup' | 'teams.groupNotEmpty') =>
      new AppError(409, 'teams.deleteFailed', { params: [translate(reason, language)] });
    if (group.isDefault) throw refuse('teams.defaultGroup');
    const [member] = await tx
      .select({ userId: csGroupMembers.userId })
      .from(csGroupMembers)
      .where(and(eq(csGroupMembers.clientId, auth.clientId), eq(csGroupMembers.groupId, id)))
      .limit(1);
    if (member) throw refuse('teams.groupNotEmpty');
    // Its waiting tickets go back to the default group.
    await load.releaseGroupTickets(tx, auth.clientId, id);
    await tx.delete(csGroups).where(and(eq(csGroups.clientId, auth.clientId), eq(csGroups.id, id)));
    await recordAuditBy(tx, auth, {
      area: 'SETTINGS',
      action: 'group.deleted',
      target: { type: 'group', id, label: group.name },
      before: groupSnapshot(group),
      after: null,
    });
  });
  await requestAutoAssign(deps, auth.clientId);
  return { ok: true as const };
}

export async function listGroupMembers(db: DbOrTx, load: TicketLoad, clientId: string, groupId: string) {
  await getGroup(db, clientId, groupId);
  return { items: await listAgents(db, load, clientId, { groupId }) };
}

/** 000 §7 POST /groupMembership: members must be users of the business with a CS position. */
export async function addGroupMembers(
  deps: ServerDeps,
  load: TicketLoad,
  auth: AuthContext,
  groupId: string,
  userIds: string[],
) {
  await getGroup(deps.db, auth.clientId, groupId);
  const ids = [...new Set(userIds)];
  await requireOwnMembers(
    deps.db,
    auth.clientId,
    ids,
    { field: 'userIds', key: 'teams.memberAddFailed' },
    { csOnly: true },
  );
  await deps.db
    .insert(csGroupMembers)
    .values(ids.map((userId) => ({ clientId: auth.clientId, groupId, userId })))
    .onConflictDoNothing();
  await requestAutoAssign(deps, auth.clientId);
  return listGroupMembers(deps.db, load, auth.clientId, groupId);
}

export async function removeGroupMember(
  deps: ServerDeps,
  auth: AuthContext,
  groupId: string,
  userId: string,
) {
  await getGroup(deps.db, auth.clientId, groupId);
  const removed = await deps.db
    .delete(csGroupMembers)
    .where(
      and(
        eq(csGroupMembers.clientId, auth.clientId),
        eq(csGroupMembers.groupId, groupId),
        eq(csGroupMembers.userId, userId),
      ),
    )
    .returning({ userId: csGroupMembers.userId });
  if (removed.length === 0) throw notFound();
  return { ok: true as const };
}

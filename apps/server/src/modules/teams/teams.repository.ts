import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { memberships, users } from '../identity/identity.schema.js';
import { agentStates, csGroupMembers } from './teams.schema.js';

/** The business's members with a CS position (one, or a group's), with their state and groups, by name. */
export function selectAgentRows(db: DbOrTx, clientId: string, filter: { userId?: string; groupId?: string }) {
  const conditions = [
    eq(memberships.clientId, clientId),
    isNull(memberships.deletedAt),
    sql`${memberships.csPosition} is not null`,
  ];
  if (filter.userId) conditions.push(eq(memberships.userId, filter.userId));
  if (filter.groupId)
    conditions.push(
      sql`exists (select 1 from ${csGroupMembers} g where g.client_id = ${memberships.clientId}
        and g.user_id = ${memberships.userId} and g.group_id = ${filter.groupId}::uuid)`,
    );
  return db
    .select({
      userId: memberships.userId,
      name: users.name,
      email: users.email,
      csPosition: memberships.csPosition,
      active: sql<boolean>`${users.status} = 'active'`,
      status: agentStates.status,
      max: agentStates.maxConcurrentChats,
      groupIds: sql<string[]>`coalesce((select array_agg(g.group_id::text order by g.created_at)
        from ${csGroupMembers} g where g.client_id = ${memberships.clientId}
        and g.user_id = ${memberships.userId}), '{}'::text[])`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      agentStates,
      and(eq(agentStates.clientId, memberships.clientId), eq(agentStates.userId, memberships.userId)),
    )
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(memberships.userId))
    .limit(1000);
}

import { type AssignmentSource, canSeeTicket, csCapabilitiesOf } from '@sapa/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { csGroupMembers, csGroups } from '../teams/index.js';
import { getTicket, type TicketRow } from './conversations.repository.js';
import { tickets } from './conversations.schema.js';

/**
 * Who sees which tickets (000 §6 CS roles in the inbox): Supervisors 1 and 2 and users without a CS
 * position see every ticket; Customer Service 2 the tickets assigned to them; Customer Service 1 only
 * those Auto Assign handed them. The condition to AND into every ticket query; undefined = no limit.
 */
export function visibleTicketsWhere(auth: Pick<AuthContext, 'userId' | 'csPosition'>): SQL | undefined {
  const sees = csCapabilitiesOf(auth.csPosition).sees;
  if (sees === 'all') return undefined;
  if (sees === 'own') return eq(tickets.assigneeId, auth.userId);
  return and(eq(tickets.assigneeId, auth.userId), inArray(tickets.assignedVia, ['auto', 'play']));
}

/**
 * Tickets of a CS group: those in it, and for the default group also those without a group (000 §5: a
 * ticket with no group belongs to the default group).
 */
export function inGroupWhere(clientId: string, groupId: string): SQL {
  return or(
    eq(tickets.groupId, groupId),
    and(
      isNull(tickets.groupId),
      sql`exists (select 1 from ${csGroups} where ${csGroups.clientId} = ${clientId} and ${csGroups.id} = ${groupId} and ${csGroups.isDefault})`,
    ),
  )!;
}

/**
 * Tickets an agent playing Auto Assign may take (000 §5 group rules): a member of groups takes the tickets
 * of their groups (a ticket without a group is the default group's); an agent in no group takes any, as
 * play mode is the agent's own pick of a view or channel.
 */
export function inAgentGroupsWhere(clientId: string, userId: string): SQL {
  return sql`(not exists (select 1 from ${csGroupMembers} where ${csGroupMembers.clientId} = ${clientId} and ${csGroupMembers.userId} = ${userId})
    or coalesce(${tickets.groupId}, (select ${csGroups.id} from ${csGroups} where ${csGroups.clientId} = ${clientId} and ${csGroups.isDefault}))
       in (select ${csGroupMembers.groupId} from ${csGroupMembers} where ${csGroupMembers.clientId} = ${clientId} and ${csGroupMembers.userId} = ${userId}))`;
}

/** Whether the caller may see this ticket row (a ticket they may not see answers 404, like an unknown one). */
export function mayView(
  auth: Pick<AuthContext, 'userId' | 'csPosition'>,
  ticket: { assigneeId: string | null; assignedVia: AssignmentSource | null },
): boolean {
  return canSeeTicket(auth, ticket);
}

/** 000 §6: Supervisor 1 cannot reply. */
export function assertMayReply(auth: Pick<AuthContext, 'csPosition'>): void {
  if (!csCapabilitiesOf(auth.csPosition).canReply) throw new AppError(403, 'teams.cannotReply');
}

/** 000 §6: only supervisors (and users without a CS position) assign chats. */
export function assertMayAssign(auth: Pick<AuthContext, 'csPosition'>): void {
  if (!csCapabilitiesOf(auth.csPosition).canAssign) throw new AppError(403, 'teams.cannotAssign');
}

/** The ticket if the caller may see it; 404 otherwise (unknown, another business's, or another agent's). */
export async function requireVisibleTicket(
  db: DbOrTx,
  auth: AuthContext,
  ticketId: string,
): Promise<TicketRow> {
  const row = await getTicket(db, auth.clientId, ticketId);
  if (!row || !mayView(auth, row)) throw notFound();
  return row;
}

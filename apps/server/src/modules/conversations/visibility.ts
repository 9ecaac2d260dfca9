import {
  type AssignmentSource,
  can,
  canSeeTicket,
  csCapabilitiesOf,
  type RealtimeEvent,
} from '@sapa/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { CanReceive } from '../../platform/realtime/realtime-hub.js';
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

/**
 * The realtime hub's predicate: inbox readers, limited per CS position like the HTTP lists, so an agent's
 * socket never carries another agent's chat. Events that name only a ticket id (`message.updated`) are
 * judged by the ticket's last assignment this process saw on the bus (every ticket change is published
 * with its summary); a ticket not seen since the process started goes only to those who see every
 * ticket, and to the author of the message (the ticks of one's own reply). `ticket.revoked` goes only to
 * the agent it names.
 */
export function createTicketAudience(options: { maxTickets?: number } = {}) {
  const maxTickets = options.maxTickets ?? 100_000;
  const lastSeen = new Map<string, { assigneeId: string | null; assignedVia: AssignmentSource | null }>();
  const remember = (event: RealtimeEvent) => {
    if (event.type !== 'message.created' && event.type !== 'ticket.updated') return;
    const { id, assigneeId, assignedVia } = event.ticket;
    lastSeen.delete(id);
    lastSeen.set(id, { assigneeId, assignedVia });
    if (lastSeen.size > maxTickets) {
      const oldest = lastSeen.keys().next().value;
      if (oldest !== undefined) lastSeen.delete(oldest);
    }
  };
  const canReceive: CanReceive = (auth, event) => {
    if (!can(auth.subject, 'CUSTOMER_SERVICE_INBOX', 'READ')) return false;
    const sees = csCapabilitiesOf(auth.csPosition).sees;
    switch (event.type) {
      case 'ticket.revoked':
        return event.userId === auth.userId && sees !== 'all';
      case 'message.created':
      case 'ticket.updated':
        return canSeeTicket(auth, event.ticket);
      case 'message.updated': {
        if (sees === 'all' || event.message.senderUserId === auth.userId) return true;
        const ticket = lastSeen.get(event.ticketId);
        return ticket ? canSeeTicket(auth, ticket) : false;
      }
      default: {
        // Other events name the user they are for (a bulk job's progress), or carry no ticket at all (a
        // "refetch your lists" nudge, which every inbox reader may get); anything else only to who sees all.
        const e = event as { userId?: unknown; ticket?: unknown; ticketId?: unknown };
        if (typeof e.userId === 'string') return e.userId === auth.userId;
        return (e.ticket === undefined && e.ticketId === undefined) || sees === 'all';
      }
    }
  };
  return { canReceive, remember };
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

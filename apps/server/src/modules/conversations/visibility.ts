import { type AssignmentSource, canSeeTicket, csCapabilitiesOf } from '@sapa/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { type AuthContext, requireAuth } from '../../platform/auth/route-access.js';
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
function mayView(
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

/** A route scoped to one ticket: `/api/tickets/:id` and everything under it. */
const TICKET_SCOPED_ROUTE = /^\/api\/tickets\/:id(\/|$)/;

const uuid = z.string().uuid();

declare module 'fastify' {
  interface FastifyRequest {
    /** The ticket of a ticket-scoped route, once the visibility check let the caller through. */
    visibleTicket: TicketRow | null;
  }
}

/**
 * One visibility check for every ticket-scoped route (000 §6 CS positions): before the body is even
 * validated, a ticket the caller may not see (unknown, another business's, or another agent's) answers 404.
 * Installed on the app before any route, so a ticket route added later is covered without asking.
 */
export function installTicketVisibility(app: FastifyInstance, db: DbOrTx): void {
  app.decorateRequest('visibleTicket', null);
  const check: preValidationHookHandler = async (request: FastifyRequest) => {
    const ticketId = (request.params as { id?: string }).id;
    if (!uuid.safeParse(ticketId).success) throw notFound();
    request.visibleTicket = await requireVisibleTicket(db, requireAuth(request), ticketId!);
  };
  app.addHook('onRoute', (route) => {
    if (!TICKET_SCOPED_ROUTE.test(route.url)) return;
    const existing = route.preValidation;
    route.preValidation = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}

/** The ticket the visibility check let through (ticket-scoped routes only). */
export function visibleTicketOf(request: FastifyRequest): TicketRow {
  if (!request.visibleTicket) throw notFound();
  return request.visibleTicket;
}

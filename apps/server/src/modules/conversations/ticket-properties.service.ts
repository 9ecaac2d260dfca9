import type { TicketSummary, ticketPropertyEndpoints } from '@sapa/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { publishRealtime } from './conversation-events.js';
import { getTicketSummary, selectSummaries, toTicketSummary } from './conversations.repository.js';
import { tickets } from './conversations.schema.js';
import { findCategory } from './ticket-categories.repository.js';
import { recordTicketAudit } from './ticket-history.repository.js';
import { requireVisibleTicket } from './visibility.js';

type UpdateBody = z.output<NonNullable<(typeof ticketPropertyEndpoints)['update']['body']>>;

/** How many recently active tagged tickets the tag suggestions are drawn from (keeps the query bounded). */
const TAG_SOURCE_TICKETS = 5_000;
const TAG_SUGGESTIONS = 100;

/** Which tickets changed: by id, or every open ticket of a contact or with a category. */
export type ChangedTickets = { ids: string[] } | { contactId: string } | { categoryId: string };

/**
 * Tells every agent's inbox that tickets changed (`ticket.updated`), one summary query for all. By contact
 * or category only the open tickets are sent: those are the ones inboxes show live.
 */
export async function publishTicketsUpdated(deps: ServerDeps, clientId: string, changed: ChangedTickets) {
  if ('ids' in changed && changed.ids.length === 0) return;
  const open = sql`${tickets.status} in ('unassigned', 'assigned')`;
  const which =
    'ids' in changed
      ? inArray(tickets.id, changed.ids)
      : 'contactId' in changed
        ? and(eq(tickets.contactId, changed.contactId), open)
        : and(eq(tickets.categoryId, changed.categoryId), open);
  const rows = await selectSummaries(deps.db).where(and(eq(tickets.clientId, clientId), which));
  for (const row of rows)
    await publishRealtime(deps, { type: 'ticket.updated', clientId, ticket: toTicketSummary(row) });
}

/**
 * 000 §2 inbox, §3 Ticket, §7 POST chatRoom/priority and chatRoom/category: priority, tags, remarks and
 * category of one ticket. Only the fields sent change; every agent sees the change live.
 */
export async function updateTicketProperties(
  deps: ServerDeps,
  auth: AuthContext,
  ticketId: string,
  body: UpdateBody,
): Promise<TicketSummary> {
  // A ticket the caller may not see (000 §6 CS positions) is a 404 like an unknown one.
  const ticket = await requireVisibleTicket(deps.db, auth, ticketId);
  if (body.categoryId && !(await findCategory(deps.db, auth.clientId, body.categoryId)))
    throw badRequest('ticket.categoryNotFound', { categoryId: 'ticket.categoryNotFound' });
  const changes: Partial<typeof tickets.$inferInsert> = {};
  if (body.priority !== undefined) changes.priority = body.priority;
  if (body.tags !== undefined) changes.tags = body.tags;
  if (body.remarks !== undefined) changes.remarks = body.remarks;
  if (body.categoryId !== undefined) changes.categoryId = body.categoryId;
  if (Object.keys(changes).length > 0) {
    const now = new Date();
    await deps.db.transaction(async (tx) => {
      await tx
        .update(tickets)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(tickets.clientId, auth.clientId), eq(tickets.id, ticketId)));
      // 000 §7 auditLogs: who changed which property from what to what.
      await recordTicketAudit(tx, {
        clientId: auth.clientId,
        ticketId,
        actorUserId: auth.userId,
        action: 'update',
        changes: Object.fromEntries(
          Object.entries(changes).map(([field, to]) => [
            field,
            { from: ticket[field as keyof typeof ticket], to },
          ]),
        ),
        at: now,
      });
    });
  }
  const summary = await getTicketSummary(deps.db, auth.clientId, ticketId);
  if (!summary) throw notFound();
  if (Object.keys(changes).length > 0)
    await publishRealtime(deps, { type: 'ticket.updated', clientId: auth.clientId, ticket: summary });
  return summary;
}

/**
 * 000 §7 GET csplatform/tags: tags in use in the business, most used first, for suggestions and the tag
 * filter. Drawn from the most recently active tagged tickets so the query stays bounded.
 */
export async function listTags(deps: ServerDeps, auth: AuthContext, search: string | undefined) {
  const term = search?.trim().toLowerCase() ?? '';
  const recent = deps.db
    .select({ tags: tickets.tags })
    .from(tickets)
    .where(and(eq(tickets.clientId, auth.clientId), sql`cardinality(${tickets.tags}) > 0`))
    .orderBy(desc(tickets.lastMessageAt))
    .limit(TAG_SOURCE_TICKETS)
    .as('recent');
  const used = deps.db
    .select({ tag: sql<string>`unnest(${recent.tags})`.as('tag') })
    .from(recent)
    .as('used');
  const rows = await deps.db
    .select({ tag: used.tag })
    .from(used)
    .where(term ? sql`position(${term} in lower(${used.tag})) > 0` : undefined)
    .groupBy(used.tag)
    .orderBy(sql`count(*) desc`, used.tag)
    .limit(TAG_SUGGESTIONS);
  return { items: rows.map((r) => r.tag) };
}

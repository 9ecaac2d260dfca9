import type { TemplateUsage } from '@sapa/contracts';
import { and, asc, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { channelAccounts } from '../channels/channels.schema.js';
import { whatsappTemplates } from './templates.schema.js';

export type TemplateRow = typeof whatsappTemplates.$inferSelect;

/**
 * Approved and not deleted, and when an account is given, of that account or of none (a template of no
 * account serves every account).
 */
function approvedFor(channelAccountId: string | undefined): SQL[] {
  const conditions: SQL[] = [eq(whatsappTemplates.status, 'approved'), isNull(whatsappTemplates.deletedAt)];
  if (channelAccountId)
    conditions.push(
      or(
        isNull(whatsappTemplates.channelAccountId),
        eq(whatsappTemplates.channelAccountId, channelAccountId),
      )!,
    );
  return conditions;
}

/**
 * What makes a template usable for an inbox action: approved and not deleted (`approvedFor`); a follow-up
 * template is marked as one; a new message is marked as one and has no variables (001 §4: a rejected or
 * variable template cannot be used as a new message).
 */
function usableFor(usage: TemplateUsage, channelAccountId: string | undefined): SQL {
  const conditions = approvedFor(channelAccountId);
  if (usage === 'follow_up') conditions.push(eq(whatsappTemplates.isFollowUp, true));
  else
    conditions.push(
      eq(whatsappTemplates.isNewMessage, true),
      sql`jsonb_array_length(${whatsappTemplates.variables}) = 0`,
    );
  return and(...conditions)!;
}

export function listUsableTemplates(
  db: DbOrTx,
  clientId: string,
  usage: TemplateUsage,
  channelAccountId?: string,
) {
  return db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.clientId, clientId), usableFor(usage, channelAccountId)))
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language))
    .limit(200);
}

/** The template when it is usable for `usage` on that account (one query; undefined otherwise). */
export async function findUsableTemplate(
  db: DbOrTx,
  input: { clientId: string; id: string; usage: TemplateUsage; channelAccountId: string },
) {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.clientId, input.clientId),
        eq(whatsappTemplates.id, input.id),
        usableFor(input.usage, input.channelAccountId),
      ),
    );
  return row;
}

export async function insertTemplates(db: DbOrTx, rows: (typeof whatsappTemplates.$inferInsert)[]) {
  if (rows.length) await db.insert(whatsappTemplates).values(rows).onConflictDoNothing();
}

// ------------------------------------------------------------------------------- template management

/** Templates of the business that are not deleted, newest change first, optionally by name and status. */
export function listManagedTemplates(
  db: DbOrTx,
  clientId: string,
  filter: { search?: string | undefined; status?: string | undefined },
) {
  const conditions: SQL[] = [eq(whatsappTemplates.clientId, clientId), isNull(whatsappTemplates.deletedAt)];
  if (filter.search)
    conditions.push(
      sql`position(${filter.search.toLowerCase()} in lower(${whatsappTemplates.name} || ' ' || ${whatsappTemplates.body})) > 0`,
    );
  if (filter.status) conditions.push(eq(whatsappTemplates.status, filter.status));
  return db
    .select()
    .from(whatsappTemplates)
    .where(and(...conditions))
    .orderBy(desc(whatsappTemplates.updatedAt), asc(whatsappTemplates.name))
    .limit(500);
}

/** A template of the business that is not deleted. */
export async function findLiveTemplate(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.clientId, clientId),
        eq(whatsappTemplates.id, id),
        isNull(whatsappTemplates.deletedAt),
      ),
    );
  return row;
}

/** Whether a live template has this name, and whether a template of this name was deleted since `since`. */
export async function nameUse(db: DbOrTx, clientId: string, name: string, since: Date) {
  const rows = await db
    .select({ deletedAt: whatsappTemplates.deletedAt })
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.clientId, clientId),
        eq(whatsappTemplates.name, name),
        or(isNull(whatsappTemplates.deletedAt), gt(whatsappTemplates.deletedAt, since)),
      ),
    );
  return { taken: rows.some((r) => r.deletedAt === null), blocked: rows.some((r) => r.deletedAt !== null) };
}

/**
 * For broadcasts (issue 7 points 2–3): the approved, not deleted templates of the business, optionally of
 * one account (a template of no account serves every account), with their variables (`name`, `sample`,
 * `contactField`) and `templateType` — a broadcast fills contact variables from each recipient's contact
 * and asks the maker for the manual ones. Render one recipient's message with `renderTemplateMessage`
 * (templates.service.ts): it gives the Graph `components` and the rendered text.
 */
export function listApprovedTemplates(db: DbOrTx, clientId: string, channelAccountId?: string) {
  const conditions = [eq(whatsappTemplates.clientId, clientId), ...approvedFor(channelAccountId)];
  return db
    .select()
    .from(whatsappTemplates)
    .where(and(...conditions))
    .orderBy(asc(whatsappTemplates.name))
    .limit(500);
}

/** The template when it is approved, not deleted and usable on that account (what a broadcast sends). */
export async function findApprovedTemplate(
  db: DbOrTx,
  clientId: string,
  id: string,
  channelAccountId: string,
) {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.clientId, clientId),
        eq(whatsappTemplates.id, id),
        ...approvedFor(channelAccountId),
      ),
    );
  return row;
}

/** The business's connected WhatsApp accounts (whose template lists a sync pulls). */
export function listConnectedWhatsappAccounts(db: DbOrTx, clientId: string) {
  return db
    .select()
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.clientId, clientId),
        eq(channelAccounts.channel, 'WAP'),
        eq(channelAccounts.status, 'connected'),
      ),
    );
}

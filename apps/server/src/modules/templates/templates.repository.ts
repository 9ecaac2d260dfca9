import type { TemplateUsage } from '@sapa/contracts';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { whatsappTemplates } from './templates.schema.js';

export type TemplateRow = typeof whatsappTemplates.$inferSelect;

/**
 * What makes a template usable for an inbox action: approved and not deleted; a follow-up template is
 * marked as one; a new message is marked as one and has no variables (001 §4: a rejected or variable
 * template cannot be used as a new message). A template of no account serves every account.
 */
function usableFor(usage: TemplateUsage, channelAccountId: string | undefined): SQL {
  const conditions: SQL[] = [eq(whatsappTemplates.status, 'approved'), isNull(whatsappTemplates.deletedAt)];
  if (usage === 'follow_up') conditions.push(eq(whatsappTemplates.isFollowUp, true));
  else
    conditions.push(
      eq(whatsappTemplates.isNewMessage, true),
      sql`jsonb_array_length(${whatsappTemplates.variables}) = 0`,
    );
  if (channelAccountId)
    conditions.push(
      or(
        isNull(whatsappTemplates.channelAccountId),
        eq(whatsappTemplates.channelAccountId, channelAccountId),
      )!,
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

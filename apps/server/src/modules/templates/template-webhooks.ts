import { templateStatusOf } from '@sapa/contracts';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { whatsappTemplates } from './templates.schema.js';

/**
 * The template webhooks of a WhatsApp Business Account (reference/channel-protocols.md §1g): the review
 * outcome (`message_template_status_update`) and a category the provider changed (`template_category_update`).
 * They arrive on the account's webhook like messages (signature checked on the raw bytes, stored in
 * `inbound_events`) and are applied by the inbound drainer in its transaction.
 */

export const TEMPLATE_WEBHOOK_FIELDS = [
  'message_template_status_update',
  'template_category_update',
] as const;

export interface TemplateWebhookChange {
  clientId: string;
  channelAccountId: string;
  field: string;
  value: unknown;
}

interface TemplateChangeValue {
  event?: string;
  message_template_id?: number | string;
  message_template_name?: string;
  message_template_language?: string;
  reason?: string;
  message_template_category?: string;
  previous_category?: string;
  new_category?: string;
  correct_category?: string;
}

/** The live template a webhook names: by the provider's id, else by name and language. */
async function findNamed(tx: DbOrTx, clientId: string, v: TemplateChangeValue) {
  const byName =
    v.message_template_name && v.message_template_language
      ? and(
          eq(whatsappTemplates.name, v.message_template_name),
          eq(whatsappTemplates.language, v.message_template_language),
        )
      : undefined;
  const byId =
    v.message_template_id !== undefined
      ? eq(whatsappTemplates.providerTemplateId, String(v.message_template_id))
      : undefined;
  const match = byId && byName ? or(byId, byName) : (byId ?? byName);
  if (!match) return undefined;
  const [row] = await tx
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.clientId, clientId), isNull(whatsappTemplates.deletedAt), match))
    .limit(1);
  return row;
}

/**
 * Applies template webhooks in order: a status (pending, approved, rejected with its reason, paused,
 * disabled …) and the category the provider gives, keeping the category Sapa submitted as
 * `previousCategory` when it changed. A webhook for an unknown or deleted template is ignored. Returns how
 * many templates changed.
 */
export async function applyTemplateWebhooks(tx: DbOrTx, changes: readonly TemplateWebhookChange[]) {
  let changed = 0;
  for (const change of changes) {
    const v = (change.value ?? {}) as TemplateChangeValue;
    const row = await findNamed(tx, change.clientId, v);
    if (!row) continue;
    const set: Partial<typeof whatsappTemplates.$inferInsert> = { updatedAt: new Date() };
    let category: string | undefined;
    if (change.field === 'message_template_status_update') {
      if (!v.event) continue;
      const status = templateStatusOf(v.event);
      // Deleted here means deleted in WhatsApp Manager: the template is gone for Sapa too.
      if (status === 'deleted') set.deletedAt = new Date();
      else set.status = status;
      set.rejectionReason = status === 'rejected' ? (v.reason ?? null) : null;
      category = v.message_template_category?.toUpperCase();
    } else {
      // An impending change (correct_category) is only announced; the completed one has previous_category.
      if (!v.previous_category || !v.new_category) continue;
      category = v.new_category.toUpperCase();
    }
    if (v.message_template_id !== undefined && !row.providerTemplateId)
      set.providerTemplateId = String(v.message_template_id);
    if (category && category !== row.category) {
      set.category = category;
      set.previousCategory = row.previousCategory ?? row.category;
    }
    await tx
      .update(whatsappTemplates)
      .set(set)
      .where(and(eq(whatsappTemplates.clientId, change.clientId), eq(whatsappTemplates.id, row.id)));
    changed++;
  }
  return changed;
}

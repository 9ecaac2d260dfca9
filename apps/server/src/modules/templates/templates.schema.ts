import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

export interface TemplateVariable {
  name: string;
  sample: string;
  /** A contact field that fills it (contact-variable templates), or null for a manual value. */
  contactField: string | null;
}

export interface TemplateButton {
  type: 'QUICK_REPLY' | 'PHONE_NUMBER' | 'URL';
  text: string;
  phoneNumber?: string;
  url?: string;
}

/** A WhatsApp message template of a business (001 §3 Broadcast template; §4 template review). */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    channelAccountId: uuid('channel_account_id'),
    name: text('name').notNull(),
    language: text('language').notNull(),
    /** AUTHENTICATION, UTILITY or MARKETING (the provider's, when it changed the submitted one). */
    category: text('category').notNull(),
    /** The category Sapa submitted, when the provider changed it (001 §4; `template_category_update`). */
    previousCategory: text('previous_category'),
    subCategory: text('sub_category'),
    headerType: text('header_type')
      .$type<'none' | 'text' | 'image' | 'video' | 'document'>()
      .notNull()
      .default('none'),
    headerText: text('header_text'),
    headerMediaUrl: text('header_media_url'),
    body: text('body').notNull(),
    footer: text('footer'),
    variables: jsonb('variables').$type<TemplateVariable[]>().notNull().default(sql`'[]'::jsonb`),
    buttons: jsonb('buttons').$type<TemplateButton[]>().notNull().default(sql`'[]'::jsonb`),
    /** static, contact_variables or manual_variables (001 §4). */
    templateType: text('template_type').notNull().default('static'),
    /** Offered in the inbox after a chat expired (000 §2 follow-up chat template). */
    isFollowUp: boolean('is_follow_up').notNull().default(false),
    /** Offered by the new chat window (a rejected or variable template cannot be one). */
    isNewMessage: boolean('is_new_message').notNull().default(false),
    /** TEMPLATE_STATUSES of the contracts: pending, approved, rejected, paused, disabled … (001 §4). */
    status: text('status').notNull().default('pending'),
    providerTemplateId: text('provider_template_id'),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // 001 §5: a template name is unique in the business (whatever its language) while not deleted.
    uniqueIndex('whatsapp_templates_name_key').on(t.clientId, t.name).where(sql`${t.deletedAt} is null`),
    // The 30-day block of a deleted name (001 §4) and the status webhooks' lookup by provider id.
    index('whatsapp_templates_deleted_name_idx')
      .on(t.clientId, t.name, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('whatsapp_templates_provider_idx').on(t.clientId, t.providerTemplateId),
  ],
);

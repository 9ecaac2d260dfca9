import type { AuditArea } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * The business audit log (001 §2 audit logs, /setting/logs): one row per change or sign-in — who (null: the
 * system), when, the area, the action, what it was done to, and the values before and after. Written by other
 * modules through `recordAudit` in the transaction of the change; never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
    actorUserId: uuid('actor_user_id'),
    area: text('area').$type<AuditArea>().notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('audit_log_at_idx').on(t.clientId, t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.clientId, t.actorUserId, t.at.desc()),
    index('audit_log_area_idx').on(t.clientId, t.area, t.at.desc()),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/** Feature-access (custom access) roles: name max 15, description, menu access, all-menu toggle (001 §3). */
export const featureAccessRoles = pgTable(
  'feature_access_roles',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    menus: text('menus').array().notNull().default(sql`'{}'::text[]`),
    allMenu: boolean('all_menu').notNull().default(false),
    /** The user feature-access string the role grants, derived from `menus`. */
    featureAccess: text('feature_access').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('feature_access_roles_name_key')
      .on(t.clientId, sql`lower(${t.name})`)
      .where(sql`${t.isDeleted} = false`),
  ],
);

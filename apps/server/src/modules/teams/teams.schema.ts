import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberships } from '../identity/identity.schema.js';
import { clients } from '../tenancy/tenancy.schema.js';

/** One weekday's opening hours of a group (000 §3 Group operational hours); day 0 = Sunday. */
export interface OperationalDay {
  day: number;
  open: boolean;
  /** 'HH:mm' in the business's time zone. */
  from: string;
  to: string;
}

/** A group of agents (000 §3 Group; §5 group rules: one default group, empty before deletion). */
export const csGroups = pgTable(
  'cs_groups',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    operationalHours: jsonb('operational_hours').$type<OperationalDay[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_groups_name_key').on(t.clientId, sql`lower(${t.name})`),
    // 000 §5: only one group can be the default.
    uniqueIndex('cs_groups_default_key').on(t.clientId).where(sql`${t.isDefault}`),
  ],
);

/** An agent's membership of a group (000 §7 groupMembership). */
export const csGroupMembers = pgTable(
  'cs_group_members',
  {
    clientId: uuid('client_id').notNull(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.groupId, t.userId] }),
    index('cs_group_members_user_idx').on(t.clientId, t.userId),
    foreignKey({ columns: [t.clientId, t.groupId], foreignColumns: [csGroups.clientId, csGroups.id] }),
    foreignKey({
      columns: [t.clientId, t.userId],
      foreignColumns: [memberships.clientId, memberships.userId],
    }),
  ],
);

/** The customer-service configuration of a business (000 §3; §7 GET/PUT csplatform/configuration). */
export const csConfigurations = pgTable('cs_configurations', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  /** Bit flags for CS agents; bit 128 hides customer phone numbers (000 §5). */
  featureCs: integer('feature_cs').notNull().default(0),
  /** Bit flags for supervisors; bit 128 hides customer phone numbers. */
  featureManager: integer('feature_manager').notNull().default(0),
  isAutoAssignFeature: boolean('is_auto_assign_feature').notNull().default(false),
  isDisplayChatroomEmoji: boolean('is_display_chatroom_emoji').notNull().default(true),
  isDisplayChatroomAttachment: boolean('is_display_chatroom_attachment').notNull().default(true),
  isDisplayChatroomCsName: boolean('is_display_chatroom_cs_name').notNull().default(true),
  isFetchFromContact: boolean('is_fetch_from_contact').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** An agent's availability and load limit in a business (000 §3 agentStatus); no row = online, default limit. */
export const agentStates = pgTable(
  'agent_states',
  {
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status').$type<'online' | 'offline'>().notNull().default('online'),
    maxConcurrentChats: integer('max_concurrent_chats').notNull().default(10),
    /** Round robin: the agent handed a ticket longest ago goes first. */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.userId] }),
    foreignKey({
      columns: [t.clientId, t.userId],
      foreignColumns: [memberships.clientId, memberships.userId],
    }),
  ],
);

export type AssignmentSource = 'manual' | 'auto' | 'play';

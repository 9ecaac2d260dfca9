import type { TicketFieldType, TicketFieldValue } from '@sapa/contracts';
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
import { tickets } from '../conversations/index.js';
import { clients } from '../tenancy/tenancy.schema.js';

/** 000 §7 GET /fields: a custom ticket field (type, options for the select kinds). */
export const ticketFields = pgTable(
  'ticket_fields',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    type: text('type').$type<TicketFieldType>().notNull(),
    options: jsonb('options').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('ticket_fields_title_key').on(t.clientId, sql`lower(${t.title})`),
  ],
);

/** 000 §7 GET /ticket-form/list, /ticket-form/{id}: a form groups fields. */
export const ticketForms = pgTable(
  'ticket_forms',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('ticket_forms_title_key').on(t.clientId, sql`lower(${t.title})`),
  ],
);

/** A field of a form, in order, mandatory or optional (000 §3 bulk action: mandatory and optional values). */
export const ticketFormFields = pgTable(
  'ticket_form_fields',
  {
    clientId: uuid('client_id').notNull(),
    formId: uuid('form_id').notNull(),
    fieldId: uuid('field_id').notNull(),
    position: integer('position').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.formId, t.fieldId] }),
    index('ticket_form_fields_field_idx').on(t.clientId, t.fieldId),
    foreignKey({
      columns: [t.clientId, t.formId],
      foreignColumns: [ticketForms.clientId, ticketForms.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.clientId, t.fieldId],
      foreignColumns: [ticketFields.clientId, ticketFields.id],
    }).onDelete('cascade'),
  ],
);

/**
 * 000 §3 ticket form state of one ticket: the chosen form, email CC and custom field values (fieldId → value).
 * chatPriority and chatCategory live on the ticket itself.
 */
export const ticketFormStates = pgTable(
  'ticket_form_states',
  {
    clientId: uuid('client_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    formId: uuid('form_id'),
    emailCc: text('email_cc').array().notNull().default(sql`'{}'::text[]`),
    values: jsonb('values').$type<Record<string, TicketFieldValue>>().notNull().default(sql`'{}'::jsonb`),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.ticketId] }),
    foreignKey({ columns: [t.clientId, t.ticketId], foreignColumns: [tickets.clientId, tickets.id] }),
  ],
);

/** 000 §3 time tracker, §7 POST /time-tracking: time an agent spent on a ticket, in seconds. */
export const timeTracking = pgTable(
  'time_tracking',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').$type<'update_ticket' | 'create_ticket'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('time_tracking_ticket_idx').on(t.clientId, t.ticketId, t.userId),
    foreignKey({ columns: [t.clientId, t.ticketId], foreignColumns: [tickets.clientId, tickets.id] }),
  ],
);

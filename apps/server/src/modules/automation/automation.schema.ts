import type { AutoChatSettings, ChatbotFlow } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/** A business's automatic-chat settings (001 §3 auto-chat settings per day; 000 §7 csplatform/autoReply). */
export const autoChatSettings = pgTable('auto_chat_settings', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id),
  settings: jsonb('settings').$type<AutoChatSettings>().notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * 001 §3 auto close, pending: each open chat's customer's last message (`since`) and when its close is due. Written
 * as the message arrives (a newer message moves it on: writing again cancels the pending close), claimed in
 * batches by the `automation.auto-close-due` drain (`FOR UPDATE SKIP LOCKED`, a lease so a process that dies
 * leaves it for another) and deleted once decided.
 */
export const autoCloseDue = pgTable(
  'auto_close_due',
  {
    clientId: uuid('client_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.ticketId] }), index('auto_close_due_at_idx').on(t.dueAt)],
);

export type AutoChatKind =
  | 'inHours'
  | 'outOfHours'
  | 'followUp'
  | 'autoClose'
  | 'survey'
  | 'surveyThanks'
  | 'chatbot';

/**
 * Every automatic message decided: sent (with its message) or skipped with the reason (outside the channel's
 * reply window, chat closed, auto close unavailable). `dedupeKey` makes each decision happen once: a greeting
 * once per customer and WIB day (or per chat), a follow-up once per unanswered message, a job run twice
 * sends nothing twice.
 */
export const autoChatLog = pgTable(
  'auto_chat_log',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    id: uuid('id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    kind: text('kind').$type<AutoChatKind>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    outcome: text('outcome').$type<'sent' | 'skipped'>().notNull(),
    reason: text('reason'),
    messageId: uuid('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('auto_chat_log_dedupe_key').on(t.clientId, t.dedupeKey),
    index('auto_chat_log_ticket_idx').on(t.clientId, t.ticketId, t.createdAt),
  ],
);

/**
 * The satisfaction survey of a resolved ticket (000 §2 customer satisfaction and survey rating; 001 §3 survey
 * rating): asked once per ticket; the rating (1–5) and comment with the agent who handled the chat, the agent's
 * CS tags then, and the remarks an agent writes on it.
 */
export const ticketSurveys = pgTable(
  'ticket_surveys',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    ticketId: uuid('ticket_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    channelAccountId: uuid('channel_account_id').notNull(),
    agentId: uuid('agent_id'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    rating: smallint('rating'),
    comment: text('comment'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** 001 §3 survey rating "remarks": the agent's note on the rated chat, typed in the ticket list. */
    remarks: text('remarks'),
    /** 001 §3 survey rating "CS tags": the handling agent's CS tags (001 §2 user) when the survey was asked. */
    csTags: text('cs_tags').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.ticketId] }),
    index('ticket_surveys_pending_idx')
      .on(t.clientId, t.contactId, t.channelAccountId, t.askedAt.desc().nullsFirst())
      .where(sql`${t.answeredAt} is null`),
  ],
);

/**
 * The chatbot of a channel account (000 §2 /chatbot): its flow and whether it answers. One per account; the
 * automatic chat and an answering chatbot never run together (001 §4).
 */
export const chatbots = pgTable(
  'chatbots',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    channelAccountId: uuid('channel_account_id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    flow: jsonb('flow').$type<ChatbotFlow>().notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.channelAccountId] })],
);

/**
 * A ticket the chatbot handles (its BOT state): the question the customer is answering, until the hand-over
 * (or a person taking the chat) ends the bot's part for the ticket.
 */
export const chatbotSessions = pgTable(
  'chatbot_sessions',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    ticketId: uuid('ticket_id').notNull(),
    nodeId: text('node_id'),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.ticketId] })],
);

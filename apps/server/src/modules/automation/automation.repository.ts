import type { AutoChatSettings } from '@sapa/contracts';
import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import { rowsOf } from '../../platform/db/rows.js';
import { channelAccounts } from '../channels/channels.schema.js';
import { contacts } from '../contacts/contacts.schema.js';
import { messages } from '../conversations/conversations.schema.js';
import { csGroups } from '../teams/teams.schema.js';
import {
  type AutoChatKind,
  autoChatLog,
  autoChatSettings,
  autoCloseDue,
  chatbotSessions,
  chatbots,
  ticketSurveys,
} from './automation.schema.js';

export async function selectSettings(db: DbOrTx, clientId: string): Promise<AutoChatSettings | undefined> {
  const [row] = await db
    .select({ settings: autoChatSettings.settings })
    .from(autoChatSettings)
    .where(eq(autoChatSettings.clientId, clientId));
  return row?.settings;
}

export async function upsertSettings(db: DbOrTx, clientId: string, settings: AutoChatSettings, by: string) {
  const now = new Date();
  await db
    .insert(autoChatSettings)
    .values({ clientId, settings, updatedBy: by, updatedAt: now })
    .onConflictDoUpdate({
      target: autoChatSettings.clientId,
      set: { settings, updatedBy: by, updatedAt: now },
    });
}

export interface LogEntry {
  clientId: string;
  ticketId: string;
  kind: AutoChatKind | 'surveyAnswer';
  dedupeKey: string;
  outcome: 'sent' | 'skipped';
  reason?: string | null;
  messageId?: string | null;
  at: Date;
}

/** Claims a decision: true when this key was not decided before (the caller then acts), false otherwise. */
export async function claimLogEntry(db: DbOrTx, e: LogEntry): Promise<boolean> {
  const rows = await db
    .insert(autoChatLog)
    .values({
      clientId: e.clientId,
      id: uuidv7(),
      ticketId: e.ticketId,
      kind: e.kind as AutoChatKind,
      dedupeKey: e.dedupeKey,
      outcome: e.outcome,
      reason: e.reason ?? null,
      messageId: e.messageId ?? null,
      createdAt: e.at,
    })
    .onConflictDoNothing()
    .returning({ id: autoChatLog.id });
  return rows.length > 0;
}

export async function setLogOutcome(
  db: DbOrTx,
  ref: { clientId: string; dedupeKey: string },
  outcome: { outcome: 'sent' | 'skipped'; reason: string | null; messageId: string | null },
) {
  await db
    .update(autoChatLog)
    .set(outcome)
    .where(and(eq(autoChatLog.clientId, ref.clientId), eq(autoChatLog.dedupeKey, ref.dedupeKey)));
}

export async function logHasKey(db: DbOrTx, clientId: string, dedupeKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: autoChatLog.id })
    .from(autoChatLog)
    .where(and(eq(autoChatLog.clientId, clientId), eq(autoChatLog.dedupeKey, dedupeKey)));
  return Boolean(row);
}

/** The log of a ticket, oldest first (tests and support read it). */
export function selectLog(db: DbOrTx, clientId: string, ticketId: string) {
  return db
    .select()
    .from(autoChatLog)
    .where(and(eq(autoChatLog.clientId, clientId), eq(autoChatLog.ticketId, ticketId)))
    .orderBy(autoChatLog.createdAt, autoChatLog.id);
}

/** Whether an agent (a person, not the automation) sent a public message on the ticket after `since`. */
export async function agentRepliedSince(db: DbOrTx, clientId: string, ticketId: string, since: Date) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.ticketId, ticketId),
        eq(messages.direction, 'out'),
        eq(messages.visibility, 'public'),
        isNotNull(messages.senderUserId),
        gt(messages.createdAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertSurvey(db: DbOrTx, row: typeof ticketSurveys.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(ticketSurveys)
    .values(row)
    .onConflictDoNothing()
    .returning({ t: ticketSurveys.ticketId });
  return rows.length > 0;
}

/** The contact's latest unanswered survey on this channel account asked after `after`. */
export async function pendingSurveyOf(
  db: DbOrTx,
  ref: { clientId: string; contactId: string; channelAccountId: string },
  after: Date,
) {
  const [row] = await db
    .select()
    .from(ticketSurveys)
    .where(
      and(
        eq(ticketSurveys.clientId, ref.clientId),
        eq(ticketSurveys.contactId, ref.contactId),
        eq(ticketSurveys.channelAccountId, ref.channelAccountId),
        isNull(ticketSurveys.answeredAt),
        gt(ticketSurveys.askedAt, after),
      ),
    )
    .orderBy(desc(ticketSurveys.askedAt))
    .limit(1);
  return row;
}

export async function answerSurvey(
  db: DbOrTx,
  ref: { clientId: string; ticketId: string },
  answer: { rating: number; comment: string | null; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(ticketSurveys)
    .set({ rating: answer.rating, comment: answer.comment, answeredAt: answer.at })
    .where(
      and(
        eq(ticketSurveys.clientId, ref.clientId),
        eq(ticketSurveys.ticketId, ref.ticketId),
        isNull(ticketSurveys.answeredAt),
      ),
    )
    .returning({ t: ticketSurveys.ticketId });
  return rows.length > 0;
}

export async function surveyOf(db: DbOrTx, clientId: string, ticketId: string) {
  const [row] = await db
    .select()
    .from(ticketSurveys)
    .where(and(eq(ticketSurveys.clientId, clientId), eq(ticketSurveys.ticketId, ticketId)));
  return row;
}

/** Writes the agent's remarks on a ticket's survey; false when the ticket has none. */
export async function setSurveyRemarks(
  db: DbOrTx,
  ref: { clientId: string; ticketId: string },
  remarks: string | null,
): Promise<boolean> {
  const rows = await db
    .update(ticketSurveys)
    .set({ remarks })
    .where(and(eq(ticketSurveys.clientId, ref.clientId), eq(ticketSurveys.ticketId, ref.ticketId)))
    .returning({ t: ticketSurveys.ticketId });
  return rows.length > 0;
}

export async function lastAgentReplyAt(db: DbOrTx, clientId: string, ticketId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.ticketId, ticketId),
        eq(messages.direction, 'out'),
        eq(messages.visibility, 'public'),
        isNotNull(messages.senderUserId),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.at ?? null;
}

export async function messageOf(db: DbOrTx, clientId: string, messageId: string) {
  const [row] = await db
    .select({
      id: messages.id,
      direction: messages.direction,
      text: messages.text,
      payload: messages.payload,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId)));
  return row;
}

/** The business's groups with their operational hours (teams' table, read for the hours only). */
export function groupsOf(db: DbOrTx, clientId: string) {
  return db
    .select({ id: csGroups.id, isDefault: csGroups.isDefault, hours: csGroups.operationalHours })
    .from(csGroups)
    .where(eq(csGroups.clientId, clientId));
}

/** The business's connected accounts with their chatbots (none yet: no flow), oldest account first. */
export async function selectChatbots(db: DbOrTx, clientId: string) {
  return db
    .select({
      channelAccountId: channelAccounts.id,
      channel: channelAccounts.channel,
      accountName: channelAccounts.name,
      bot: chatbots,
    })
    .from(channelAccounts)
    .leftJoin(
      chatbots,
      and(eq(chatbots.clientId, channelAccounts.clientId), eq(chatbots.channelAccountId, channelAccounts.id)),
    )
    .where(and(eq(channelAccounts.clientId, clientId), eq(channelAccounts.status, 'connected')))
    .orderBy(asc(channelAccounts.createdAt), asc(channelAccounts.id));
}

export async function upsertChatbot(db: DbOrTx, row: typeof chatbots.$inferInsert) {
  const { clientId: _c, channelAccountId: _a, ...set } = row;
  await db
    .insert(chatbots)
    .values(row)
    .onConflictDoUpdate({ target: [chatbots.clientId, chatbots.channelAccountId], set });
}

export async function findChatbot(db: DbOrTx, clientId: string, channelAccountId: string) {
  const [row] = await db
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.clientId, clientId), eq(chatbots.channelAccountId, channelAccountId)));
  return row;
}

/** Whether any chatbot of the business answers (001 §4: then the automatic chat stays off). */
export async function anyChatbotOn(db: DbOrTx, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chatbots.channelAccountId })
    .from(chatbots)
    .where(and(eq(chatbots.clientId, clientId), eq(chatbots.enabled, true)))
    .limit(1);
  return row !== undefined;
}

export async function findChatbotSession(db: DbOrTx, clientId: string, ticketId: string) {
  const [row] = await db
    .select()
    .from(chatbotSessions)
    .where(and(eq(chatbotSessions.clientId, clientId), eq(chatbotSessions.ticketId, ticketId)));
  return row;
}

export async function saveChatbotSession(
  db: DbOrTx,
  row: { clientId: string; ticketId: string; nodeId: string | null; handedOverAt: Date | null; at: Date },
) {
  const set = { nodeId: row.nodeId, handedOverAt: row.handedOverAt, updatedAt: row.at };
  await db
    .insert(chatbotSessions)
    .values({ clientId: row.clientId, ticketId: row.ticketId, ...set })
    .onConflictDoUpdate({ target: [chatbotSessions.clientId, chatbotSessions.ticketId], set });
}

/** The contact's values a chatbot's text may name. */
export async function contactVariablesOf(db: DbOrTx, clientId: string, contactId: string) {
  const [row] = await db
    .select({ name: contacts.name, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.id, contactId)));
  return { name: row?.name ?? '', phone: row?.phone ?? '' };
}

export type DueClose = { clientId: string; ticketId: string; since: Date };

/** A customer's message schedules its chat's close (only a newer message moves a pending one). */
export async function scheduleClose(db: DbOrTx, row: DueClose & { dueAt: Date }) {
  await db
    .insert(autoCloseDue)
    .values({ ...row, leasedUntil: null })
    .onConflictDoUpdate({
      target: [autoCloseDue.clientId, autoCloseDue.ticketId],
      set: { since: row.since, dueAt: row.dueAt, leasedUntil: null },
      setWhere: sql`${autoCloseDue.since} < ${row.since}`,
    });
}

/** Claims up to `limit` closes due at `now` (oldest first), leased for `leaseMs`; others skip the locked ones. */
export async function claimDueCloses(
  db: DbOrTx,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<DueClose[]> {
  const leasedUntil = new Date(Date.now() + leaseMs);
  const result = await db.execute(sql`
    update auto_close_due d set leased_until = ${leasedUntil}
      from (select client_id, ticket_id from auto_close_due
             where due_at <= ${now} and (leased_until is null or leased_until < now())
             order by due_at limit ${limit} for update skip locked) c
     where d.client_id = c.client_id and d.ticket_id = c.ticket_id
    returning d.client_id, d.ticket_id, d.since`);
  const rows = rowsOf<{ client_id: string; ticket_id: string; since: Date | string }>(result);
  return rows.map((r) => ({ clientId: r.client_id, ticketId: r.ticket_id, since: new Date(r.since) }));
}

/** Not due yet under the settings now (a longer delay saved meanwhile): due again at `dueAt`. */
export async function rescheduleClose(db: DbOrTx, row: DueClose, dueAt: Date) {
  await db
    .update(autoCloseDue)
    .set({ dueAt, leasedUntil: null })
    .where(
      and(
        eq(autoCloseDue.clientId, row.clientId),
        eq(autoCloseDue.ticketId, row.ticketId),
        eq(autoCloseDue.since, row.since),
      ),
    );
}

/** Decided: gone, unless the customer wrote again meanwhile (then the newer close stays). */
export async function finishClose(db: DbOrTx, row: DueClose) {
  await db
    .delete(autoCloseDue)
    .where(
      and(
        eq(autoCloseDue.clientId, row.clientId),
        eq(autoCloseDue.ticketId, row.ticketId),
        eq(autoCloseDue.since, row.since),
      ),
    );
}

/** Pending closes of a business (tests and the settings page). */
export function pendingCloses(db: DbOrTx, clientId: string) {
  return db.select().from(autoCloseDue).where(eq(autoCloseDue.clientId, clientId));
}

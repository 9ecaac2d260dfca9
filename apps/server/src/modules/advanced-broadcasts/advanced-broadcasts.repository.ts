import type { AdvancedBroadcastStatus, RecipientRule } from '@sapa/contracts';
import { and, asc, eq, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { takenIgnoringCase } from '../../platform/db/unique-names.js';
import { channelAccounts } from '../channels/channels.schema.js';
import { contactGroupMembers } from '../contacts/contact-groups.schema.js';
import { contacts } from '../contacts/contacts.schema.js';
import { whatsappTemplates } from '../templates/templates.schema.js';
import { advancedBroadcastRuns, advancedBroadcasts } from './advanced-broadcasts.schema.js';

export type AdvancedBroadcastRow = typeof advancedBroadcasts.$inferSelect;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const t = advancedBroadcasts;

/** The row with its template's name and language (a deleted template keeps its name). */
const columns = {
  row: t,
  templateName: sql<string>`coalesce(${whatsappTemplates.name}, '')`,
  templateLanguage: sql<string>`coalesce(${whatsappTemplates.language}, '')`,
};
const withTemplate = (db: DbOrTx) =>
  db
    .select(columns)
    .from(t)
    .leftJoin(
      whatsappTemplates,
      and(eq(whatsappTemplates.clientId, t.clientId), eq(whatsappTemplates.id, t.templateId)),
    );

/**
 * 001 §2 list: `today` keeps those with a sending due or made today (Asia/Jakarta, `[dayStart, dayEnd)`).
 * A business has few; at most 500, by name.
 */
export function listAdvancedBroadcasts(
  db: DbOrTx,
  clientId: string,
  q: { search?: string | undefined; today?: { start: Date; end: Date } | undefined },
) {
  const term = q.search?.trim();
  return withTemplate(db)
    .where(
      and(
        eq(t.clientId, clientId),
        term ? sql`${t.name} ilike ${`%${escapeLike(term)}%`}` : undefined,
        q.today
          ? or(
              and(gte(t.nextRunAt, q.today.start), lt(t.nextRunAt, q.today.end)),
              and(gte(t.lastRunAt, q.today.start), lt(t.lastRunAt, q.today.end)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${t.name})`), asc(t.id))
    .limit(500);
}

export async function findAdvancedBroadcast(db: DbOrTx, clientId: string, id: string) {
  const [row] = await withTemplate(db).where(and(eq(t.clientId, clientId), eq(t.id, id)));
  return row;
}

export function nameTaken(db: DbOrTx, clientId: string, name: string, exceptId?: string) {
  return takenIgnoringCase(db, t, t.name, clientId, name, exceptId);
}

export async function insertAdvancedBroadcast(db: DbOrTx, row: typeof advancedBroadcasts.$inferInsert) {
  await db.insert(t).values(row);
}

export async function updateAdvancedBroadcast(
  db: DbOrTx,
  clientId: string,
  id: string,
  values: Partial<Omit<typeof advancedBroadcasts.$inferInsert, 'clientId' | 'id'>>,
) {
  await db
    .update(t)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(t.clientId, clientId), eq(t.id, id)));
}

export async function deleteAdvancedBroadcast(db: DbOrTx, clientId: string, id: string) {
  await db.delete(t).where(and(eq(t.clientId, clientId), eq(t.id, id)));
}

/** A live template of the business: its name, status and variables (001 §5: it must have contact variables). */
export async function findTemplate(db: DbOrTx, clientId: string, id: string) {
  const w = whatsappTemplates;
  const [row] = await db
    .select({
      id: w.id,
      name: w.name,
      status: w.status,
      templateType: w.templateType,
      variables: w.variables,
      channelAccountId: w.channelAccountId,
    })
    .from(w)
    .where(and(eq(w.clientId, clientId), eq(w.id, id), isNull(w.deletedAt)));
  return row;
}

// ---------------------------------------------------------------- recipients

const c = contacts;
/** `(timestamptz)` as a date in Asia/Jakarta (UTC+7, no daylight saving), whatever the session's zone. */
const wibDate = (column: SQL | typeof c.createdAt) =>
  sql`((${column} at time zone 'UTC') + interval '7 hours')::date`;

/** One rule as a condition on `contacts` (values are parameters; rules were validated by the contract). */
function ruleCondition(r: RecipientRule): SQL {
  const v = r.value.trim();
  if (r.variable === 'name' || r.variable === 'email' || r.variable === 'phone') {
    const column = r.variable === 'name' ? c.name : r.variable === 'email' ? c.email : c.phone;
    const value = r.variable === 'phone' && v.startsWith('0') ? `62${v.slice(1)}` : v;
    switch (r.rule) {
      case 'equals':
        return sql`lower(${column}) = ${value.toLowerCase()}`;
      case 'not_equals':
        return sql`coalesce(lower(${column}), '') <> ${value.toLowerCase()}`;
      case 'contains':
        return sql`${column} ilike ${`%${escapeLike(value)}%`}`;
      default:
        return sql`${column} ilike ${`${escapeLike(value)}%`}`;
    }
  }
  if (r.variable === 'group') {
    const member = sql`exists (select 1 from ${contactGroupMembers} m where m.client_id = ${c.clientId} and m.contact_id = ${c.id} and m.group_id = ${v}::uuid)`;
    return r.rule === 'is' ? member : sql`not ${member}`;
  }
  if (r.variable === 'tag') {
    const tagged = sql`exists (select 1 from contact_tag_links l join contact_tags g on g.client_id = l.client_id and g.id = l.tag_id where l.client_id = ${c.clientId} and l.contact_id = ${c.id} and lower(g.name) = ${v.toLowerCase()})`;
    return r.rule === 'is' ? tagged : sql`not ${tagged}`;
  }
  const column = r.variable === 'birthDate' ? sql`${c.birthDate}` : wibDate(c.createdAt);
  switch (r.rule) {
    case 'within_days':
      return sql`${c.createdAt} >= now() - make_interval(days => ${Number(v)})`;
    case 'before':
      return sql`${column} < ${v}::date`;
    case 'after':
      return sql`${column} > ${v}::date`;
    default:
      return sql`${column} = ${v}::date`;
  }
}

/** Contacts with a WhatsApp number that match every rule. */
const matching = (clientId: string, rules: readonly RecipientRule[]) =>
  and(
    eq(c.clientId, clientId),
    sql`${c.phone} is not null and ${c.phone} <> ''`,
    ...rules.map(ruleCondition),
  );

export async function countMatchingContacts(db: DbOrTx, clientId: string, rules: readonly RecipientRule[]) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(c).where(matching(clientId, rules));
  return Number(row?.n ?? 0);
}

/** Matching contacts by id (keyset pages of `limit` after `afterId`). */
export function matchingContacts(
  db: DbOrTx,
  clientId: string,
  rules: readonly RecipientRule[],
  page: { limit: number; afterId?: string | undefined },
) {
  return db
    .select({ id: c.id, name: c.name, phone: sql<string>`${c.phone}` })
    .from(c)
    .where(and(matching(clientId, rules), page.afterId ? sql`${c.id} > ${page.afterId}::uuid` : undefined))
    .orderBy(asc(c.id))
    .limit(page.limit);
}

/** When the business's contacts last changed (a contact saved, or added to a group): the sync prompt. */
export async function contactsChangedAt(db: DbOrTx, clientId: string): Promise<Date | null> {
  const m = contactGroupMembers;
  const [[saved], [joined]] = await Promise.all([
    db
      .select({ at: sql<number | null>`(extract(epoch from max(${c.updatedAt})) * 1000)::float8` })
      .from(c)
      .where(eq(c.clientId, clientId)),
    db
      .select({ at: sql<number | null>`(extract(epoch from max(${m.createdAt})) * 1000)::float8` })
      .from(m)
      .where(eq(m.clientId, clientId)),
  ]);
  const times = [saved?.at, joined?.at].filter((x) => x !== null && x !== undefined).map(Number);
  return times.length ? new Date(Math.max(...times)) : null;
}

// ---------------------------------------------------------------- dispatcher

/** Takes due sendings across businesses, locked for this transaction (other processes skip them). */
export function claimDue(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select()
    .from(t)
    .where(and(eq(t.status, 'waiting'), lte(t.nextRunAt, now)))
    .orderBy(asc(t.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Rows whose estimate is older than `since` (the last 00:00 in Asia/Jakarta), locked for this transaction. */
export function claimStaleEstimates(tx: DbOrTx, since: Date, limit: number) {
  return tx
    .select({ clientId: t.clientId, id: t.id, rules: t.rules })
    .from(t)
    .where(or(isNull(t.estimatedAt), lt(t.estimatedAt, since)))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Records one sending; false when it was already recorded (a retry or another process). */
export async function insertRun(tx: DbOrTx, row: typeof advancedBroadcastRuns.$inferInsert) {
  const inserted = await tx
    .insert(advancedBroadcastRuns)
    .values(row)
    .onConflictDoNothing()
    .returning({ at: advancedBroadcastRuns.scheduledFor });
  return inserted.length > 0;
}

export async function updateRun(
  tx: DbOrTx,
  key: { clientId: string; advancedBroadcastId: string; scheduledFor: Date },
  values: Partial<typeof advancedBroadcastRuns.$inferInsert>,
) {
  const r = advancedBroadcastRuns;
  await tx
    .update(r)
    .set(values)
    .where(
      and(
        eq(r.clientId, key.clientId),
        eq(r.advancedBroadcastId, key.advancedBroadcastId),
        eq(r.scheduledFor, key.scheduledFor),
      ),
    );
}

/** A WhatsApp number of the business (the sending account). */
export async function findWhatsappAccount(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select({ id: channelAccounts.id })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.clientId, clientId),
        eq(channelAccounts.id, id),
        eq(channelAccounts.channel, 'WAP'),
      ),
    );
  return row;
}

/**
 * Sendings left in `sending` since before `claimedBefore` (their process died), with their advanced
 * broadcast, locked for this transaction. `created_at` of a run is when it was last claimed.
 */
export async function claimStuckRuns(tx: DbOrTx, claimedBefore: Date, limit: number) {
  const r = advancedBroadcastRuns;
  const rows = await tx
    .select({ row: t, scheduledFor: r.scheduledFor })
    .from(r)
    .innerJoin(t, and(eq(t.clientId, r.clientId), eq(t.id, r.advancedBroadcastId)))
    .where(and(eq(r.status, 'sending'), lt(r.createdAt, claimedBefore)))
    .limit(limit)
    .for('update', { of: r, skipLocked: true });
  return rows;
}

export async function touchRuns(
  tx: DbOrTx,
  runs: { row: { clientId: string; id: string }; scheduledFor: Date }[],
  at: Date,
) {
  for (const run of runs)
    await updateRun(
      tx,
      { clientId: run.row.clientId, advancedBroadcastId: run.row.id, scheduledFor: run.scheduledFor },
      { createdAt: at },
    );
}

/**
 * Writes a sending's outcome on its advanced broadcast if it is still the latest sending: a row with no
 * sending left takes the outcome as its status (001 §4 sent, failed, chat credits insufficient); one waiting
 * for a later sending, or deactivated meanwhile, keeps its status.
 */
export async function recordOutcome(
  db: DbOrTx,
  key: { clientId: string; advancedBroadcastId: string; scheduledFor: Date },
  o: {
    finalStatus: AdvancedBroadcastStatus;
    lastBroadcastId: string | null;
    lastError: string | null;
    estimatedRecipients: number;
  },
) {
  await db
    .update(t)
    .set({
      status: sql`case when ${t.status} = 'waiting' and ${t.nextRunAt} is null then ${o.finalStatus} else ${t.status} end`,
      lastBroadcastId: o.lastBroadcastId,
      lastError: o.lastError,
      estimatedRecipients: o.estimatedRecipients,
      estimatedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(eq(t.clientId, key.clientId), eq(t.id, key.advancedBroadcastId), eq(t.lastRunAt, key.scheduledFor)),
    );
}

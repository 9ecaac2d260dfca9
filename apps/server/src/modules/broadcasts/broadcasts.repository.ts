import { BROADCAST_PHONE_DIGITS, type BroadcastRecipientStatus } from '@sapa/contracts';
import { and, asc, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.js';
import { channelAccounts } from '../channels/channels.schema.js';
import { users } from '../identity/identity.schema.js';
import {
  broadcastRecipientSheets,
  broadcastRecipients,
  broadcastSenders,
  broadcasts,
  type StoredVariableSource,
} from './broadcasts.schema.js';

export type BroadcastRow = typeof broadcasts.$inferSelect;
export type RecipientRow = typeof broadcastRecipients.$inferSelect;
type Rows = { rows: Record<string, unknown>[] };

/** A history row with what it shows of its sender account, its maker and its counts (`sent,delivered,read,failed`). */
function selectBroadcasts(db: DbOrTx) {
  return db
    .select({
      broadcast: broadcasts,
      senderName: channelAccounts.name,
      senderPhone: channelAccounts.address,
      creatorName: users.name,
      counts: sql<string>`(select coalesce(sum(k.sent), 0) || ',' || coalesce(sum(k.delivered), 0) || ',' ||
        coalesce(sum(k.read), 0) || ',' || coalesce(sum(k.failed), 0)
        from broadcast_counters k where k.client_id = ${broadcasts.clientId} and k.broadcast_id = ${broadcasts.id})`,
    })
    .from(broadcasts)
    .leftJoin(
      channelAccounts,
      and(
        eq(channelAccounts.clientId, broadcasts.clientId),
        eq(channelAccounts.id, broadcasts.channelAccountId),
      ),
    )
    .leftJoin(users, eq(users.id, broadcasts.createdBy));
}
export type BroadcastListRow = Awaited<ReturnType<ReturnType<typeof selectBroadcasts>['where']>>[number];

export async function findBroadcast(db: DbOrTx, clientId: string, id: string) {
  const [row] = await selectBroadcasts(db).where(
    and(eq(broadcasts.clientId, clientId), eq(broadcasts.id, id)),
  );
  return row;
}

export async function findByRequestId(db: DbOrTx, clientId: string, clientRequestId: string) {
  const [row] = await selectBroadcasts(db).where(
    and(eq(broadcasts.clientId, clientId), eq(broadcasts.clientRequestId, clientRequestId)),
  );
  return row;
}

export function listBroadcasts(
  db: DbOrTx,
  clientId: string,
  q: {
    status?: string | undefined;
    search?: string | undefined;
    after?: { at: Date; id: string } | null;
    limit: number;
  },
) {
  const where: SQL[] = [eq(broadcasts.clientId, clientId)];
  if (q.status) where.push(eq(broadcasts.status, q.status));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(broadcasts.templateName, like), ilike(broadcasts.campaignCode, like))!);
  }
  if (q.after)
    where.push(
      sql`(${broadcasts.createdAt}, ${broadcasts.id}) < (${q.after.at.toISOString()}::timestamptz, ${q.after.id}::uuid)`,
    );
  return selectBroadcasts(db)
    .where(and(...where))
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(q.limit + 1);
}

/** Recipients in number order after `afterPhone` (keyset on the unique (broadcast, phone) index). */
export function listRecipients(
  db: DbOrTx,
  clientId: string,
  broadcastId: string,
  q: { status?: BroadcastRecipientStatus | undefined; afterPhone?: string | undefined; limit: number },
) {
  const where: SQL[] = [
    eq(broadcastRecipients.clientId, clientId),
    eq(broadcastRecipients.broadcastId, broadcastId),
  ];
  if (q.status) where.push(eq(broadcastRecipients.status, q.status));
  if (q.afterPhone) where.push(gt(broadcastRecipients.phone, q.afterPhone));
  return db
    .select()
    .from(broadcastRecipients)
    .where(and(...where))
    .orderBy(asc(broadcastRecipients.phone))
    .limit(q.limit + 1);
}

/** The value of a template variable for a recipient row of the contact `c` (or none, for an unknown number). */
function valueSql(v: StoredVariableSource, phone: SQL): SQL {
  if (v.source === 'manual') return sql`${v.value}::text`;
  const fallback = sql`${v.fallback}::text`;
  const field =
    v.field === 'name'
      ? sql`c.name`
      : v.field === 'phone'
        ? sql`coalesce(c.phone, ${phone})`
        : v.field === 'email'
          ? sql`c.email`
          : sql`(c.custom_values ->> ${v.field}::text)`;
  return sql`coalesce(nullif(${field}, ''), ${fallback})`;
}

function valuesSql(variables: readonly StoredVariableSource[], phone: SQL): SQL {
  if (!variables.length) return sql`'[]'::jsonb`;
  return sql`jsonb_build_array(${sql.join(
    variables.map((v) => valueSql(v, phone)),
    sql`, `,
  )})`;
}

const PHONE_RULE = `^[0-9]{${BROADCAST_PHONE_DIGITS.min},${BROADCAST_PHONE_DIGITS.max}}$`;

interface InsertTarget {
  clientId: string;
  broadcastId: string;
  variables: readonly StoredVariableSource[];
}

/**
 * Typed numbers, each with the business's contact of that number when there is one (its name and fields
 * fill the variables). A number already in the broadcast is skipped.
 */
export async function insertNumberRecipients(db: DbOrTx, t: InsertTarget, phones: readonly string[]) {
  if (!phones.length) return;
  await db.execute(sql`
    insert into broadcast_recipients (client_id, broadcast_id, id, phone, name, contact_id, "values")
    select ${t.clientId}::uuid, ${t.broadcastId}::uuid, gen_random_uuid(), n.phone, c.name, c.id,
      ${valuesSql(t.variables, sql`n.phone`)}
    from unnest(${`{${phones.join(',')}}`}::text[]) with ordinality as n(phone, ord)
    left join contacts c on c.client_id = ${t.clientId} and c.phone = n.phone
    order by n.ord
    on conflict (client_id, broadcast_id, phone) do nothing`);
}

/** Contacts named one by one, and the members of groups: those with a WhatsApp-able number (10-13 digits). */
export async function insertContactRecipients(
  db: DbOrTx,
  t: InsertTarget,
  source: { contactIds: readonly string[]; groupIds: readonly string[] },
) {
  const values = valuesSql(t.variables, sql`c.phone`);
  if (source.contactIds.length)
    await db.execute(sql`
      insert into broadcast_recipients (client_id, broadcast_id, id, phone, name, contact_id, "values")
      select ${t.clientId}::uuid, ${t.broadcastId}::uuid, gen_random_uuid(), c.phone, c.name, c.id, ${values}
      from contacts c
      where c.client_id = ${t.clientId} and c.id = any(${`{${source.contactIds.join(',')}}`}::uuid[])
        and c.phone ~ ${PHONE_RULE}
      on conflict (client_id, broadcast_id, phone) do nothing`);
  if (source.groupIds.length)
    await db.execute(sql`
      insert into broadcast_recipients (client_id, broadcast_id, id, phone, name, contact_id, "values")
      select ${t.clientId}::uuid, ${t.broadcastId}::uuid, gen_random_uuid(), c.phone, c.name, c.id, ${values}
      from contact_group_members m
      join contacts c on c.client_id = m.client_id and c.id = m.contact_id
      where m.client_id = ${t.clientId} and m.group_id = any(${`{${source.groupIds.join(',')}}`}::uuid[])
        and c.phone ~ ${PHONE_RULE}
      on conflict (client_id, broadcast_id, phone) do nothing`);
}

/** Rows of an uploaded sheet with their values already worked out. */
export async function insertSheetRecipients(
  db: DbOrTx,
  t: Omit<InsertTarget, 'variables'>,
  rows: readonly { phone: string; name: string | null; values: string[] }[],
) {
  const CHUNK = 2_000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into broadcast_recipients (client_id, broadcast_id, id, phone, name, "values")
      select ${t.clientId}::uuid, ${t.broadcastId}::uuid, gen_random_uuid(), r.phone, r.name, r."values"
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as r(phone text, name text, "values" jsonb)
      on conflict (client_id, broadcast_id, phone) do nothing`);
  }
}

export async function countRecipients(db: DbOrTx, clientId: string, broadcastId: string) {
  const r = (await db.execute(
    sql`select count(*)::int as n from broadcast_recipients where client_id = ${clientId} and broadcast_id = ${broadcastId}`,
  )) as unknown as Rows;
  return Number(r.rows[0]?.n ?? 0);
}

export async function findSheet(db: DbOrTx, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(broadcastRecipientSheets)
    .where(and(eq(broadcastRecipientSheets.clientId, clientId), eq(broadcastRecipientSheets.id, id)));
  return row;
}

export async function insertSheet(db: DbOrTx, row: typeof broadcastRecipientSheets.$inferInsert) {
  await db.insert(broadcastRecipientSheets).values(row);
}

async function findSender(db: DbOrTx, clientId: string, channelAccountId: string) {
  const [row] = await db
    .select()
    .from(broadcastSenders)
    .where(
      and(eq(broadcastSenders.clientId, clientId), eq(broadcastSenders.channelAccountId, channelAccountId)),
    );
  return row;
}

/** The sender's row, created with the defaults when the number has none yet. */
export async function ensureSender(
  db: DbOrTx,
  clientId: string,
  channelAccountId: string,
  defaults: { throughputPerSecond: number; dailyQuota: number },
) {
  await db
    .insert(broadcastSenders)
    .values({ clientId, channelAccountId, ...defaults, tokens: 0 })
    .onConflictDoNothing();
  return (await findSender(db, clientId, channelAccountId))!;
}

export async function updateSender(
  db: DbOrTx,
  clientId: string,
  channelAccountId: string,
  set: { throughputPerSecond: number; dailyQuota: number },
) {
  await db
    .update(broadcastSenders)
    .set(set)
    .where(
      and(eq(broadcastSenders.clientId, clientId), eq(broadcastSenders.channelAccountId, channelAccountId)),
    );
}

/** Recipients the number has been given in the last 24 hours (broadcasts started then, not refused). */
export async function usedLast24h(db: DbOrTx, clientId: string, channelAccountId: string, exceptId?: string) {
  const r = (await db.execute(sql`
    select coalesce(sum(total), 0)::bigint as n from broadcasts
    where client_id = ${clientId} and channel_account_id = ${channelAccountId}
      and started_at > now() - interval '24 hours'
      and status not in ('failed_daily_quota', 'cancelled', 'rejected', 'expired')
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}`)) as unknown as Rows;
  return Number(r.rows[0]?.n ?? 0);
}

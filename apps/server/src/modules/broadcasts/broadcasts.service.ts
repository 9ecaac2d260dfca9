import {
  BROADCAST_CANCELLABLE_STATUSES,
  BROADCAST_DAILY_QUOTA_DEFAULT,
  BROADCAST_MAX_RECIPIENTS,
  BROADCAST_THROUGHPUT,
  type Broadcast,
  type BroadcastRecipient,
  type BroadcastRecipientsInput,
  type BroadcastReview,
  type BroadcastRole,
  type BroadcastSenderSettings,
  type BroadcastStatus,
  broadcastCost,
  CONTACT_UPLOAD_MAX_BYTES,
  type CreateBroadcast,
  can,
  type MessageKey,
  type RecipientSheetResult,
} from '@sapa/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx, Tx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor } from '../../platform/http/pagination.js';
import type { CanReceive } from '../../platform/realtime/realtime-hub.js';
import { assertCreditsAvailable, chargeCredits } from '../billing/chat-credits.service.js';
import { getAccount } from '../channels/channels.service.js';
import { contentMatches, uploadExtensionOf } from '../contacts/contact-upload.sheet.js';
import { makerCheckerOf } from '../maker-checker/maker-checker.service.js';
import { findApprovedTemplate } from '../templates/templates.repository.js';
import { mediaStorage } from '../tickets/media-storage.js';
import { publishRealtime } from '../tickets/realtime.js';
import { broadcastImageKey, checkBroadcastImage } from './broadcasts.image.js';
import * as repo from './broadcasts.repository.js';
import type { BroadcastHeaderMedia } from './broadcasts.schema.js';
import { broadcasts, type StoredVariableSource } from './broadcasts.schema.js';
import { readRecipientSheet } from './broadcasts.sheet.js';

/** What the service needs of the sending engine: a nudge when something became ready to send. */
export interface BroadcastEngineHandle {
  wake(): void;
}

const MEDIA_TYPE = 'WHATSAPP' as const;

// ---------------------------------------------------------------- shaping

export function toBroadcast(r: repo.BroadcastListRow): Broadcast {
  const b = r.broadcast;
  const [sentNow = 0, deliveredNow = 0, readNow = 0, failed = 0] = (r.counts ?? '').split(',').map(Number);
  const sent = sentNow + deliveredNow + readNow;
  return {
    id: b.id,
    campaignCode: b.campaignCode,
    status: b.status as BroadcastStatus,
    createdAt: b.createdAt.getTime(),
    scheduledAt: b.scheduledAt?.getTime() ?? null,
    startedAt: b.startedAt?.getTime() ?? null,
    finishedAt: b.finishedAt?.getTime() ?? null,
    template: { id: b.templateId, name: b.templateName, language: b.templateLanguage },
    category: b.category,
    subCategory: b.subCategory,
    sender: { channelAccountId: b.channelAccountId, name: r.senderName ?? '', phone: r.senderPhone ?? null },
    createdBy: b.createdBy ? { id: b.createdBy, name: r.creatorName ?? '' } : null,
    note: b.note,
    hasImage: b.image !== null,
    totals: {
      recipients: b.total,
      sent,
      delivered: deliveredNow + readNow,
      read: readNow,
      failed,
      pending: Math.max(0, b.total - sent - failed),
    },
    cost: Number(b.cost),
    failureReason: b.failureReason,
    review: b.review
      ? { decision: b.review.decision, by: b.review.by, at: b.review.at, reason: b.review.reason }
      : null,
  };
}

function toRecipient(r: repo.RecipientRow): BroadcastRecipient {
  return {
    id: r.id,
    phone: r.phone,
    name: r.name,
    status: r.status as BroadcastRecipient['status'],
    sentAt: r.sentAt?.getTime() ?? null,
    deliveredAt: r.deliveredAt?.getTime() ?? null,
    readAt: r.readAt?.getTime() ?? null,
    failedAt: r.failedAt?.getTime() ?? null,
    error: r.error ?? null,
  };
}

/** Tells every reader of the business where the broadcast stands (the progress bar, the history row). */
export async function publishProgress(
  deps: Pick<ServerDeps, 'bus' | 'logger' | 'db'>,
  clientId: string,
  id: string,
) {
  const row = await repo.findBroadcast(deps.db, clientId, id);
  if (!row) return;
  const b = toBroadcast(row);
  await publishRealtime(deps, {
    type: 'broadcast.progress',
    clientId,
    broadcast: { id: b.id, status: b.status, totals: b.totals },
  });
}

// ---------------------------------------------------------------- maker/checker (001 §4, §6)

/**
 * The caller's position: with maker/checker off every user who may write broadcasts is a maker and nobody
 * checks; with it on, the active accounts of the maker/checker list decide (helper module maker-checker).
 */
export async function roleOf(deps: Pick<ServerDeps, 'db'>, auth: AuthContext): Promise<BroadcastRole> {
  const mc = await makerCheckerOf(deps.db, auth.clientId);
  return {
    makerCheckerEnabled: mc.enabled,
    maker: mc.isMaker(auth.userId, MEDIA_TYPE),
    checker: mc.enabled && mc.isChecker(auth.userId, MEDIA_TYPE),
  };
}

// ---------------------------------------------------------------- starting (credits, quota)

async function senderOf(db: DbOrTx, clientId: string, channelAccountId: string) {
  return repo.ensureSender(db, clientId, channelAccountId, {
    throughputPerSecond: BROADCAST_THROUGHPUT.default,
    dailyQuota: BROADCAST_DAILY_QUOTA_DEFAULT,
  });
}

/** Is there room in the number's daily quota for `total` more recipients? */
async function quotaLeft(db: DbOrTx, clientId: string, channelAccountId: string, exceptId?: string) {
  const sender = await senderOf(db, clientId, channelAccountId);
  return sender.dailyQuota - (await repo.usedLast24h(db, clientId, channelAccountId, exceptId));
}

/**
 * Starts sending (in the caller's transaction): the daily quota is checked and the credits are charged for
 * every recipient (001 §4, §8: a number out of quota ends as failed for daily quota; a business without the
 * credits ends as failed with the insufficient-credits reason). Answers the status it got.
 */
export async function startBroadcast(
  tx: Tx,
  b: Pick<repo.BroadcastRow, 'clientId' | 'id' | 'channelAccountId' | 'category' | 'total' | 'templateName'>,
): Promise<{ status: BroadcastStatus; reason: MessageKey | null }> {
  const now = new Date();
  const stop = async (status: BroadcastStatus, reason: MessageKey) => {
    await tx
      .update(broadcasts)
      .set({ status, failureReason: reason, finishedAt: now, updatedAt: now })
      .where(and(eq(broadcasts.clientId, b.clientId), eq(broadcasts.id, b.id)));
    return { status, reason };
  };
  // One business's starts are serialised per number, so two starts never share the same quota room.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`broadcast-quota:${b.channelAccountId}`}))`);
  if ((await quotaLeft(tx, b.clientId, b.channelAccountId, b.id)) < b.total)
    return stop('failed_daily_quota', 'broadcast.dailyQuota');
  const cost = broadcastCost(b.category, b.total);
  try {
    await chargeCredits(tx, {
      clientId: b.clientId,
      amount: cost,
      description: `Broadcast ${b.templateName} (${b.total})`,
      referenceType: 'broadcast',
      referenceId: b.id,
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 402)
      return stop('failed', 'broadcast.creditsInsufficient');
    throw err;
  }
  await tx
    .update(broadcasts)
    .set({ status: 'in_process', cost: cost.toFixed(2), startedAt: now, updatedAt: now })
    .where(and(eq(broadcasts.clientId, b.clientId), eq(broadcasts.id, b.id)));
  return { status: 'in_process', reason: null };
}

// ---------------------------------------------------------------- create

/** Three characters: the business's broadcast count in base 36 (001 §9 campaign code: 3 characters). */
async function nextCampaignCode(tx: DbOrTx, clientId: string) {
  const r = (await tx.execute(
    sql`select count(*)::int as n from broadcasts where client_id = ${clientId}`,
  )) as unknown as { rows: { n: number }[] };
  const n = (Number(r.rows[0]?.n ?? 0) + 1) % 36 ** 3;
  return n.toString(36).toUpperCase().padStart(3, '0');
}

/** A sheet row's values: its own column where it has one, else the variable's source. */
function sheetValues(
  variables: readonly StoredVariableSource[],
  row: { phone: string; name: string | null; values: string[] },
) {
  return variables.map((v, i) => {
    const own = row.values[i]?.trim();
    if (own) return own;
    if (v.source === 'manual') return v.value;
    if (v.field === 'name' && row.name) return row.name;
    if (v.field === 'phone') return row.phone;
    return v.fallback;
  });
}

/** Inserts every recipient of the selection (duplicates across sources dropped) and answers how many. */
async function insertRecipients(
  tx: Tx,
  target: { clientId: string; broadcastId: string; variables: readonly StoredVariableSource[] },
  recipients: BroadcastRecipientsInput,
) {
  await repo.insertNumberRecipients(tx, target, recipients.numbers.map(normalise));
  if (recipients.sheetId) {
    const sheet = await repo.findSheet(tx, target.clientId, recipients.sheetId);
    if (!sheet)
      throw badRequest('broadcast.sheetNotFound', { 'recipients.sheetId': 'broadcast.sheetNotFound' });
    await repo.insertSheetRecipients(
      tx,
      target,
      sheet.rows.map((r) => ({ phone: r.phone, name: r.name, values: sheetValues(target.variables, r) })),
    );
  }
  await repo.insertContactRecipients(tx, target, recipients);
  const total = await repo.countRecipients(tx, target.clientId, target.broadcastId);
  if (total === 0) throw badRequest('broadcast.noRecipients');
  if (total > BROADCAST_MAX_RECIPIENTS)
    throw new AppError(400, 'broadcast.tooManyRecipients', { params: [BROADCAST_MAX_RECIPIENTS] });
  return total;
}

const normalise = (n: string) => {
  const digits = n
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s\-.()]/g, '');
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
};

async function requireSender(deps: ServerDeps, clientId: string, channelAccountId: string) {
  const account = await getAccount(deps.db, clientId, channelAccountId);
  if (account?.status !== 'connected' || account.channel !== 'WAP')
    throw badRequest('broadcast.senderRequired', { channelAccountId: 'broadcast.senderRequired' });
  return account;
}

async function requireTemplate(
  deps: ServerDeps,
  clientId: string,
  body: { templateId: string; channelAccountId: string },
) {
  const template = await findApprovedTemplate(deps.db, clientId, body.templateId, body.channelAccountId);
  if (!template)
    throw badRequest('broadcast.templateNotApproved', { templateId: 'broadcast.templateNotApproved' });
  return template;
}

/**
 * 001 §2, §3, §4: a Maker's broadcast. With maker/checker on it waits for a checker (need approval);
 * otherwise a scheduled one waits for its time and one sent now starts at once — its credits charged and
 * the number's daily quota checked in the same transaction (402 / 409 with the spec's messages, nothing
 * stored). Idempotent on `clientRequestId`.
 */
export async function createBroadcast(
  deps: ServerDeps,
  engine: BroadcastEngineHandle,
  auth: AuthContext,
  body: CreateBroadcast,
): Promise<Broadcast> {
  const mc = await makerCheckerOf(deps.db, auth.clientId);
  if (!mc.isMaker(auth.userId, MEDIA_TYPE)) throw new AppError(403, 'broadcast.notMaker');
  const existing = await repo.findByRequestId(deps.db, auth.clientId, body.clientRequestId);
  if (existing) return toBroadcast(existing);
  await requireSender(deps, auth.clientId, body.channelAccountId);
  const template = await requireTemplate(deps, auth.clientId, body);
  if (body.variables.length !== template.variables.length)
    throw badRequest('broadcast.variablesMismatch', { variables: 'broadcast.variablesMismatch' });
  const variables = body.variables as StoredVariableSource[];
  const image = await headerMediaOf(deps, auth.clientId, template, body.imageId);
  const id = uuidv7();
  const now = new Date();
  const waitsForChecker = mc.enabled;
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
  const outcome = { started: false, total: 0 };
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(broadcasts).values({
        clientId: auth.clientId,
        id,
        campaignCode: await nextCampaignCode(tx, auth.clientId),
        channelAccountId: body.channelAccountId,
        templateId: template.id,
        templateName: template.name,
        templateLanguage: template.language,
        category: template.category,
        subCategory: template.subCategory,
        status: waitsForChecker ? 'need_approval' : scheduledAt ? 'scheduled' : 'in_process',
        variables,
        image,
        note: body.note,
        createdBy: auth.userId,
        clientRequestId: body.clientRequestId,
        scheduledAt,
        createdAt: now,
        updatedAt: now,
      });
      const total = await insertRecipients(
        tx,
        { clientId: auth.clientId, broadcastId: id, variables },
        body.recipients,
      );
      outcome.total = total;
      await tx
        .update(broadcasts)
        .set({ total })
        .where(and(eq(broadcasts.clientId, auth.clientId), eq(broadcasts.id, id)));
      const b = {
        clientId: auth.clientId,
        id,
        channelAccountId: body.channelAccountId,
        category: template.category,
        total,
        templateName: template.name,
      };
      if (waitsForChecker || scheduledAt) {
        // Refused now rather than at its time when the business cannot pay for it today.
        await assertCredits(tx, auth.clientId, broadcastCost(template.category, total));
        return;
      }
      const started = await startBroadcast(tx, b);
      // Sent now: nothing is stored when it cannot start (the maker sees the spec's message at once).
      if (started.reason === 'broadcast.dailyQuota') throw new AppError(409, 'broadcast.dailyQuota');
      if (started.reason === 'broadcast.creditsInsufficient')
        throw new AppError(402, 'broadcast.creditsInsufficient');
      outcome.started = true;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await repo.findByRequestId(deps.db, auth.clientId, body.clientRequestId);
    if (!raced) throw err;
    return toBroadcast(raced);
  }
  if (outcome.total >= ANALYZE_AFTER_RECIPIENTS) await refreshRecipientStatistics(deps);
  if (outcome.started) engine.wake();
  await publishProgress(deps, auth.clientId, id);
  const row = await repo.findBroadcast(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  return toBroadcast(row);
}

/**
 * A broadcast this large changes `broadcast_recipients` more than autovacuum notices before the engine starts
 * (it analyses after 10 % of a table changed, up to a minute later): until then the planner takes the table
 * for empty and joins the engine's batches by scanning the whole broadcast for every row (measured: 10,000
 * recipients sent at 100/s instead of 1,000/s). Statistics are refreshed before the engine is woken.
 */
const ANALYZE_AFTER_RECIPIENTS = 1_000;

async function refreshRecipientStatistics(deps: ServerDeps) {
  try {
    await deps.db.execute(sql`analyze broadcast_recipients`);
  } catch (err) {
    deps.logger.warn({ err }, 'could not analyse broadcast_recipients');
  }
}

async function assertCredits(db: DbOrTx, clientId: string, amount: number) {
  try {
    await assertCreditsAvailable(db, clientId, amount);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 402)
      throw new AppError(402, 'broadcast.creditsInsufficient');
    throw err;
  }
}

/** How many distinct recipients a selection makes, what it costs and what the business has (nothing stored). */
export async function estimateBroadcast(
  deps: ServerDeps,
  auth: AuthContext,
  body: { channelAccountId: string; templateId: string; recipients: BroadcastRecipientsInput },
) {
  await requireSender(deps, auth.clientId, body.channelAccountId);
  const template = await requireTemplate(deps, auth.clientId, body);
  const rollback = new Error('estimate');
  let recipients = 0;
  try {
    await deps.db.transaction(async (tx) => {
      const id = uuidv7();
      await tx.execute(
        sql`insert into broadcasts (client_id, id, campaign_code, channel_account_id, template_id, template_name, template_language, category, status, client_request_id)
            values (${auth.clientId}, ${id}, '---', ${body.channelAccountId}, ${template.id}, ${template.name}, ${template.language}, ${template.category}, 'cancelled', ${uuidv7()})`,
      );
      recipients = await insertRecipients(
        tx,
        { clientId: auth.clientId, broadcastId: id, variables: [] },
        body.recipients,
      );
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  const cost = broadcastCost(template.category, recipients);
  const wallet = (await deps.db.execute(
    sql`select coalesce((select balance from chat_credit_wallets where client_id = ${auth.clientId}), 0)::float8 as balance,
        (select billing_type from clients where id = ${auth.clientId}) as billing_type`,
  )) as unknown as { rows: { balance: number; billing_type: string }[] };
  const balance = Number(wallet.rows[0]?.balance ?? 0);
  return {
    recipients,
    cost,
    balance,
    sufficient: wallet.rows[0]?.billing_type === 'POST_PAID' || balance >= cost,
    quotaLeft: Math.max(0, await quotaLeft(deps.db, auth.clientId, body.channelAccountId)),
  };
}

// ---------------------------------------------------------------- read

export async function listBroadcasts(
  deps: ServerDeps,
  auth: AuthContext,
  q: {
    status?: BroadcastStatus | undefined;
    search?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
) {
  const after = q.cursor ? decodeTimeCursor(q.cursor) : null;
  if (q.cursor && !after) throw badRequest('validation.invalid');
  const rows = await repo.listBroadcasts(deps.db, auth.clientId, { ...q, after });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toBroadcast),
    nextCursor:
      rows.length > q.limit && last ? encodeTimeCursor(last.broadcast.createdAt, last.broadcast.id) : null,
  };
}

export async function getBroadcast(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await repo.findBroadcast(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  return toBroadcast(row);
}

export async function listBroadcastRecipients(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  q: { status?: BroadcastRecipient['status'] | undefined; cursor?: string | undefined; limit: number },
) {
  if (!(await repo.findBroadcast(deps.db, auth.clientId, id))) throw notFound();
  if (q.cursor && !/^\d{1,20}$/.test(q.cursor)) throw badRequest('validation.invalid');
  const rows = await repo.listRecipients(deps.db, auth.clientId, id, {
    status: q.status,
    afterPhone: q.cursor,
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(toRecipient),
    nextCursor: rows.length > q.limit ? (page.at(-1)?.phone ?? null) : null,
  };
}

// ---------------------------------------------------------------- cancel, review

/** 001 §4: a scheduled dispatch (or one still waiting for a checker) is cancelled; anything else is 409. */
export async function cancelBroadcast(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await repo.findBroadcast(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  const now = new Date();
  const [changed] = await deps.db
    .update(broadcasts)
    .set({ status: 'cancelled', finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(broadcasts.clientId, auth.clientId),
        eq(broadcasts.id, id),
        inArray(broadcasts.status, [...BROADCAST_CANCELLABLE_STATUSES]),
      ),
    )
    .returning({ id: broadcasts.id });
  if (!changed) throw conflict('broadcast.notCancellable');
  await publishProgress(deps, auth.clientId, id);
  return getBroadcast(deps, auth, id);
}

const REVIEW_FROM: Record<BroadcastReview['action'], BroadcastStatus> = {
  approve: 'need_approval',
  reject: 'need_approval',
  reset: 'rejected',
};

/**
 * 001 §4: a Checker approves, rejects or resets the selected items, or all of them. Approving starts a
 * broadcast meant for now (charged, quota checked), schedules one whose time is ahead and expires one whose
 * time has passed; rejecting ends it; resetting puts a rejected item back in the approval list. Items not in
 * the state the action needs are left as they are.
 */
export async function reviewBroadcasts(
  deps: ServerDeps,
  engine: BroadcastEngineHandle,
  auth: AuthContext,
  body: BroadcastReview,
) {
  const mc = await makerCheckerOf(deps.db, auth.clientId);
  if (!mc.enabled || !mc.isChecker(auth.userId, MEDIA_TYPE)) throw new AppError(403, 'broadcast.notChecker');
  const from = REVIEW_FROM[body.action];
  const where = [eq(broadcasts.clientId, auth.clientId), eq(broadcasts.status, from)];
  if (!body.all) where.push(inArray(broadcasts.id, body.ids));
  const targets = await deps.db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(...where))
    .limit(500);
  const [me] = (
    (await deps.db.execute(sql`select name from users where id = ${auth.userId}`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const changedIds: string[] = [];
  let woke = false;
  for (const { id } of targets) {
    const done = await deps.db.transaction(async (tx) => {
      const [b] = await tx
        .select()
        .from(broadcasts)
        .where(
          and(eq(broadcasts.clientId, auth.clientId), eq(broadcasts.id, id), eq(broadcasts.status, from)),
        )
        .for('update');
      if (!b) return false;
      const now = new Date();
      const review = {
        byUserId: auth.userId,
        by: me?.name ?? '',
        at: now.getTime(),
        reason: body.reason ?? null,
      };
      const set = (status: BroadcastStatus, extra: Partial<repo.BroadcastRow> = {}) =>
        tx
          .update(broadcasts)
          .set({ status, updatedAt: now, ...extra })
          .where(and(eq(broadcasts.clientId, auth.clientId), eq(broadcasts.id, id)));
      if (body.action === 'reject')
        await set('rejected', { review: { ...review, decision: 'rejected' }, finishedAt: now });
      else if (body.action === 'reset') await set('need_approval', { review: null, finishedAt: null });
      else if (b.scheduledAt && b.scheduledAt > now)
        await set('scheduled', { review: { ...review, decision: 'approved' } });
      else if (b.scheduledAt)
        await set('expired', { review: { ...review, decision: 'approved' }, finishedAt: now });
      else {
        await set('need_approval', { review: { ...review, decision: 'approved' } });
        const started = await startBroadcast(tx, b);
        woke ||= started.status === 'in_process';
      }
      return true;
    });
    if (done) changedIds.push(id);
  }
  if (woke) engine.wake();
  const items: Broadcast[] = [];
  for (const id of changedIds) {
    await publishProgress(deps, auth.clientId, id);
    items.push(await getBroadcast(deps, auth, id));
  }
  return { changed: changedIds.length, items };
}

// ---------------------------------------------------------------- sender limits

async function senderSettings(
  deps: ServerDeps,
  clientId: string,
  channelAccountId: string,
): Promise<BroadcastSenderSettings> {
  const s = await senderOf(deps.db, clientId, channelAccountId);
  return {
    channelAccountId,
    throughputPerSecond: s.throughputPerSecond,
    dailyQuota: s.dailyQuota,
    usedLast24h: await repo.usedLast24h(deps.db, clientId, channelAccountId),
  };
}

export async function getSenderSettings(deps: ServerDeps, auth: AuthContext, channelAccountId: string) {
  await requireSender(deps, auth.clientId, channelAccountId).catch(() => {
    throw notFound();
  });
  return senderSettings(deps, auth.clientId, channelAccountId);
}

/** Throughput (1-1,000 msg/s, 001 §4 provider limit) and daily quota of a number: owners and admins only. */
export async function updateSenderSettings(
  deps: ServerDeps,
  auth: AuthContext,
  channelAccountId: string,
  body: { throughputPerSecond: number; dailyQuota: number },
) {
  if (auth.role !== 'OWN' && auth.role !== 'ADC' && auth.role !== 'SAD')
    throw new AppError(403, 'broadcast.ownerOnly');
  await getSenderSettings(deps, auth, channelAccountId);
  await repo.updateSender(deps.db, auth.clientId, channelAccountId, body);
  return senderSettings(deps, auth.clientId, channelAccountId);
}

/** `broadcast.progress` goes to every user of the business who may read broadcasts; the rest to `next`. */
export function broadcastProgressToReaders(next: CanReceive): CanReceive {
  return (auth, event) =>
    event.type === 'broadcast.progress' ? can(auth.subject, 'WHATSAPP_BROADCAST', 'READ') : next(auth, event);
}

// ---------------------------------------------------------------- recipient sheet

/**
 * An uploaded recipient sheet (raw body): required, xlsx/xls/csv by name and content ('Invalid file
 * format'), at most 5 MB; its valid rows are kept for `recipients.sheetId`, its problems reported by row.
 */
export async function uploadRecipientSheet(
  deps: ServerDeps,
  auth: AuthContext,
  file: { bytes: Buffer; name: string },
): Promise<RecipientSheetResult> {
  if (file.bytes.length === 0)
    throw badRequest('contacts.upload.fileRequired', { file: 'contacts.upload.fileRequired' });
  const ext = uploadExtensionOf(file.name);
  if (!ext || !contentMatches(ext, file.bytes))
    throw badRequest('contacts.upload.invalidFormat', { file: 'contacts.upload.invalidFormat' });
  if (file.bytes.length > CONTACT_UPLOAD_MAX_BYTES)
    throw new AppError(400, 'attachment.tooLarge', { params: [5], fields: { file: 'attachment.tooLarge' } });
  const sheet = readRecipientSheet(file.bytes);
  if (!sheet.ok) throw badRequest(sheet.reason, { file: sheet.reason });
  const id = uuidv7();
  await repo.insertSheet(deps.db, { clientId: auth.clientId, id, createdBy: auth.userId, rows: sheet.rows });
  return {
    id,
    rows: sheet.rows.length,
    problems: sheet.problems.slice(0, 500),
    preview: sheet.rows.slice(0, 10),
  };
}

// ---------------------------------------------------------------- image

/** 001 §5: the broadcast image (raw body): jpeg or png, at most 2 MB and 500x500; kept for `imageId`. */
export async function uploadBroadcastImage(deps: ServerDeps, auth: AuthContext, bytes: Buffer) {
  const checked = checkBroadcastImage(bytes);
  if (!checked.ok) throw badRequest(checked.reason, { file: checked.reason });
  const id = uuidv7();
  await mediaStorage(deps).put(broadcastImageKey(auth.clientId, id), bytes, checked.mime);
  return { id, mime: checked.mime, size: bytes.length, width: checked.width, height: checked.height };
}

/**
 * The broadcast's header media: the uploaded image; else, for a template with a media header, the
 * template's sample media (WhatsApp refuses a media-header template sent without its header); a template
 * with a media header and neither is refused.
 */
async function headerMediaOf(
  deps: ServerDeps,
  clientId: string,
  template: { headerType: string; headerMediaUrl: string | null },
  imageId: string | undefined,
): Promise<BroadcastHeaderMedia | null> {
  if (imageId) return imageOf(deps, clientId, imageId);
  const kind = template.headerType;
  if (kind !== 'image' && kind !== 'video' && kind !== 'document') return null;
  if (!template.headerMediaUrl)
    throw badRequest('broadcast.imageRequired', { imageId: 'broadcast.imageRequired' });
  return { link: template.headerMediaUrl, kind };
}

async function imageOf(deps: ServerDeps, clientId: string, imageId: string) {
  const storageKey = broadcastImageKey(clientId, imageId);
  const file = await mediaStorage(deps).get(storageKey);
  if (!file) throw badRequest('broadcast.imageNotFound', { imageId: 'broadcast.imageNotFound' });
  return { storageKey, mime: file.mime };
}

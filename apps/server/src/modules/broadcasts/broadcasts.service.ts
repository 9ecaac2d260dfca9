import {
  BROADCAST_MAX_RECIPIENTS,
  type Broadcast,
  type BroadcastRecipientsInput,
  broadcastCost,
  type CreateBroadcast,
} from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx, Tx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import { assertCreditsAvailable } from '../billing/index.js';
import { requireOwnContactRefs } from '../contacts/index.js';
import { makerCheckerOf } from '../maker-checker/index.js';
import { findApprovedTemplate } from '../templates/index.js';
import * as repo from './broadcasts.repository.js';
import { MEDIA_TYPE } from './broadcasts.review.js';
import { broadcasts, type StoredVariableSource } from './broadcasts.schema.js';
import { requireSender } from './broadcasts.senders.js';
import { type BroadcastEngineHandle, quotaLeft, startBroadcast } from './broadcasts.start.js';
import { headerMediaOf } from './broadcasts.uploads.js';
import { publishProgress, toBroadcast } from './broadcasts.views.js';

/**
 * Creating broadcasts (001 §3, §4): the recipients of a selection, its estimate and its start. Reading,
 * reviewing, sender limits and uploads live in `broadcasts.views`, `.review`, `.senders` and `.uploads`.
 */

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
  // Contacts and groups of another business (or unknown) refuse the broadcast; they are never dropped silently.
  await requireOwnContactRefs(
    tx,
    target.clientId,
    'contacts',
    recipients.contactIds,
    'recipients.contactIds',
  );
  await requireOwnContactRefs(tx, target.clientId, 'groups', recipients.groupIds, 'recipients.groupIds');
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
      await recordAuditBy(tx, auth, {
        area: 'BROADCASTS',
        action: 'broadcast.created',
        target: { type: 'broadcast', id, label: template.name },
        after: {
          template: template.name,
          recipients: total,
          scheduledAt: body.scheduledAt ?? null,
          note: body.note,
        },
      });
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

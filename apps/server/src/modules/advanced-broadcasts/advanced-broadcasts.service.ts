import {
  type AdvancedBroadcast,
  type AdvancedBroadcastInputParsed,
  advancedBroadcastEditable,
  localDayOf,
  nextScheduledRun,
  type RecipientRule,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import * as repo from './advanced-broadcasts.repository.js';

const DAY_MS = 86_400_000;
const WIB_OFFSET_MS = 7 * 3_600_000;
/** 00:00 in Asia/Jakarta of the day of `now`. */
const startOfWibDay = (now: number) => localDayOf(now) * DAY_MS - WIB_OFFSET_MS;

/** 001 §8 "duplicate name": the same 409 from the check and from the unique index (a race). */
const nameTaken = () => conflict('advancedBroadcast.nameTaken', { name: 'advancedBroadcast.nameTaken' });
function nameTakenOnRace(error: unknown): never {
  if (isUniqueViolation(error)) throw nameTaken();
  throw error;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findAdvancedBroadcast>>>;

function toAdvancedBroadcast(r: Row, now: number, contactsChangedAt: Date | null): AdvancedBroadcast {
  const { row } = r;
  return {
    id: row.id,
    name: row.name,
    template: { id: row.templateId, name: r.templateName, language: r.templateLanguage },
    channelAccountId: row.channelAccountId,
    rules: row.rules,
    schedule: row.schedule,
    status: row.status,
    nextRunAt: row.nextRunAt?.getTime() ?? null,
    lastRunAt: row.lastRunAt?.getTime() ?? null,
    lastBroadcastId: row.lastBroadcastId,
    lastError: row.lastError,
    estimatedRecipients: row.estimatedRecipients,
    estimatedAt: row.estimatedAt?.getTime() ?? null,
    syncNeeded:
      row.estimatedAt === null || (contactsChangedAt !== null && contactsChangedAt > row.estimatedAt),
    editable: advancedBroadcastEditable(row.schedule, { lastRunAt: row.lastRunAt?.getTime() ?? null }, now),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

async function rowOf(deps: ServerDeps, clientId: string, id: string) {
  const row = await repo.findAdvancedBroadcast(deps.db, clientId, id);
  if (!row) throw notFound();
  return row;
}

async function answer(deps: ServerDeps, clientId: string, id: string) {
  const [row, changedAt] = await Promise.all([
    rowOf(deps, clientId, id),
    repo.contactsChangedAt(deps.db, clientId),
  ]);
  return toAdvancedBroadcast(row, Date.now(), changedAt);
}

/**
 * 001 §5 "template must contain contact variables": a live template of the business whose type is contact
 * variables or that fills at least one variable from a contact field.
 */
async function checkTemplate(deps: ServerDeps, clientId: string, templateId: string) {
  const template = await repo.findTemplate(deps.db, clientId, templateId);
  if (!template) throw badRequest('template.required', { templateId: 'template.required' });
  const hasContactVariables =
    template.templateType === 'contact_variables' || template.variables.some((v) => !!v.contactField);
  if (!hasContactVariables)
    throw badRequest('advancedBroadcast.templateNeedsContactVariables', {
      templateId: 'advancedBroadcast.templateNeedsContactVariables',
    });
  return template;
}

async function checkInput(
  deps: ServerDeps,
  clientId: string,
  input: AdvancedBroadcastInputParsed,
  id?: string,
) {
  await checkTemplate(deps, clientId, input.templateId);
  if (!(await repo.findWhatsappAccount(deps.db, clientId, input.channelAccountId)))
    throw badRequest('broadcast.senderRequired', { channelAccountId: 'broadcast.senderRequired' });
  if (await repo.nameTaken(deps.db, clientId, input.name, id)) throw nameTaken();
}

export async function listAdvancedBroadcasts(
  deps: ServerDeps,
  auth: AuthContext,
  query: { view: 'today' | 'all'; search?: string | undefined },
) {
  const now = Date.now();
  const start = startOfWibDay(now);
  const [rows, changedAt] = await Promise.all([
    repo.listAdvancedBroadcasts(deps.db, auth.clientId, {
      search: query.search,
      today: query.view === 'today' ? { start: new Date(start), end: new Date(start + DAY_MS) } : undefined,
    }),
    repo.contactsChangedAt(deps.db, auth.clientId),
  ]);
  return { items: rows.map((r) => toAdvancedBroadcast(r, now, changedAt)) };
}

export function getAdvancedBroadcast(deps: ServerDeps, auth: AuthContext, id: string) {
  return answer(deps, auth.clientId, id);
}

/** 001 §4: saved inactive, with its first estimate. */
export async function createAdvancedBroadcast(
  deps: ServerDeps,
  auth: AuthContext,
  input: AdvancedBroadcastInputParsed,
) {
  await checkInput(deps, auth.clientId, input);
  const id = uuidv7();
  const estimate = await repo.countMatchingContacts(deps.db, auth.clientId, input.rules);
  await repo
    .insertAdvancedBroadcast(deps.db, {
      clientId: auth.clientId,
      id,
      name: input.name,
      templateId: input.templateId,
      channelAccountId: input.channelAccountId,
      rules: input.rules,
      schedule: input.schedule,
      status: 'inactive',
      estimatedRecipients: estimate,
      estimatedAt: new Date(),
      createdBy: auth.userId,
    })
    .catch(nameTakenOnRace);
  return answer(deps, auth.clientId, id);
}

/** 001 §4: one-time broadcasts that were sent or passed and expired schedules cannot be edited. */
function assertEditable(row: Row['row'], now: number) {
  if (!advancedBroadcastEditable(row.schedule, { lastRunAt: row.lastRunAt?.getTime() ?? null }, now))
    throw new AppError(409, 'advancedBroadcast.notEditable');
}

export async function updateAdvancedBroadcast(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  input: AdvancedBroadcastInputParsed,
) {
  const { row } = await rowOf(deps, auth.clientId, id);
  const now = Date.now();
  assertEditable(row, now);
  await checkInput(deps, auth.clientId, input, id);
  const estimate = await repo.countMatchingContacts(deps.db, auth.clientId, input.rules);
  // An active one follows its new schedule at once.
  const nextRunAt = row.status === 'waiting' ? nextScheduledRun(input.schedule, now) : null;
  await repo
    .updateAdvancedBroadcast(deps.db, auth.clientId, id, {
      name: input.name,
      templateId: input.templateId,
      channelAccountId: input.channelAccountId,
      rules: input.rules,
      schedule: input.schedule,
      estimatedRecipients: estimate,
      estimatedAt: new Date(),
      ...(row.status === 'waiting'
        ? nextRunAt
          ? { nextRunAt: new Date(nextRunAt) }
          : { status: 'inactive' as const, nextRunAt: null }
        : {}),
    })
    .catch(nameTakenOnRace);
  return answer(deps, auth.clientId, id);
}

export async function deleteAdvancedBroadcast(deps: ServerDeps, auth: AuthContext, id: string) {
  await rowOf(deps, auth.clientId, id);
  await repo.deleteAdvancedBroadcast(deps.db, auth.clientId, id);
  return { ok: true as const };
}

/** 001 §4: activating schedules the next sending; a schedule with none left cannot be activated. */
export async function activateAdvancedBroadcast(deps: ServerDeps, auth: AuthContext, id: string) {
  const { row } = await rowOf(deps, auth.clientId, id);
  if (row.status === 'waiting') return answer(deps, auth.clientId, id);
  const template = await checkTemplate(deps, auth.clientId, row.templateId);
  if (template.status !== 'approved') throw badRequest('broadcast.templateNotApproved');
  const now = Date.now();
  const next =
    row.schedule.frequency === 'once' && row.lastRunAt ? null : nextScheduledRun(row.schedule, now);
  if (next === null) throw new AppError(409, 'advancedBroadcast.scheduleExpired');
  await repo.updateAdvancedBroadcast(deps.db, auth.clientId, id, {
    status: 'waiting',
    nextRunAt: new Date(next),
    lastError: null,
  });
  return answer(deps, auth.clientId, id);
}

/** 001 §4: deactivating cancels the schedule. */
export async function deactivateAdvancedBroadcast(deps: ServerDeps, auth: AuthContext, id: string) {
  await rowOf(deps, auth.clientId, id);
  await repo.updateAdvancedBroadcast(deps.db, auth.clientId, id, { status: 'inactive', nextRunAt: null });
  return answer(deps, auth.clientId, id);
}

/** 001 §4 sync update: recounts the contacts the rules select now. */
export async function syncAdvancedBroadcast(deps: ServerDeps, auth: AuthContext, id: string) {
  const { row } = await rowOf(deps, auth.clientId, id);
  const estimate = await repo.countMatchingContacts(deps.db, auth.clientId, row.rules);
  await repo.updateAdvancedBroadcast(deps.db, auth.clientId, id, {
    estimatedRecipients: estimate,
    estimatedAt: new Date(),
  });
  return answer(deps, auth.clientId, id);
}

export async function estimateRecipients(
  deps: ServerDeps,
  auth: AuthContext,
  rules: readonly RecipientRule[],
) {
  return { recipients: await repo.countMatchingContacts(deps.db, auth.clientId, rules) };
}

const ELIGIBLE_PREVIEW = 50;

/** 001 §8 "eligible contacts": the first matching contacts and how many there are. */
export async function eligibleContacts(deps: ServerDeps, auth: AuthContext, id: string) {
  const { row } = await rowOf(deps, auth.clientId, id);
  const [items, total] = await Promise.all([
    repo.matchingContacts(deps.db, auth.clientId, row.rules, { limit: ELIGIBLE_PREVIEW }),
    repo.countMatchingContacts(deps.db, auth.clientId, row.rules),
  ]);
  return { items, total };
}

// ---------------------------------------------------------------- sending and daily estimates

/**
 * What an advanced broadcast's sending hands to the broadcasts module: the recipients it selected and an
 * idempotency key derived from the advanced broadcast and the scheduled time (the same sending retried makes
 * one broadcast). Answers the broadcast made, or throws an AppError (e.g. 402 `broadcast.creditsInsufficient`).
 */
export interface AdvancedBroadcastSending {
  clientId: string;
  advancedBroadcastId: string;
  name: string;
  createdBy: string | null;
  templateId: string;
  channelAccountId: string;
  contactIds: string[];
  scheduledFor: Date;
}
export type SendAdvancedBroadcast = (
  sending: AdvancedBroadcastSending,
) => Promise<{ broadcastId: string | null }>;

/** Without a broadcasts module to hand it to, a sending only records the recipients it selected. */
export const recordOnly: SendAdvancedBroadcast = async () => ({ broadcastId: null });

const RECIPIENT_PAGE = 5_000;

async function allMatchingContactIds(
  db: ServerDeps['db'],
  clientId: string,
  rules: readonly RecipientRule[],
) {
  const ids: string[] = [];
  let afterId: string | undefined;
  for (;;) {
    const page = await repo.matchingContacts(db, clientId, rules, { limit: RECIPIENT_PAGE, afterId });
    ids.push(...page.map((p) => p.id));
    if (page.length < RECIPIENT_PAGE) return ids;
    afterId = page.at(-1)!.id;
  }
}

type RunOutcome = {
  status: 'sent' | 'failed' | 'credits_insufficient';
  error: string | null;
  broadcastId: string | null;
};

function failureOf(error: unknown): RunOutcome {
  if (error instanceof AppError)
    return {
      status: error.key === 'broadcast.creditsInsufficient' ? 'credits_insufficient' : 'failed',
      error: error.key,
      broadcastId: null,
    };
  return { status: 'failed', error: 'advancedBroadcast.sendFailed', broadcastId: null };
}

/** A sending recorded as `sending` for longer than this is taken again (its process died). */
const STUCK_SENDING_MS = 2 * 60_000;

/**
 * Sends what is due (001 §4 waiting → sent, failed or chat credits insufficient; a repeating one waits for its
 * next sending). Step 1, in one transaction: due rows are claimed with `FOR UPDATE SKIP LOCKED`, each
 * occurrence is recorded as a `sending` run keyed by its scheduled time and the row moves to its next
 * occurrence (missed occurrences after a downtime are skipped, not sent late in a burst). Step 2, per run:
 * the recipients are selected and handed to `send`, then the run and the row get the outcome. A run left in
 * `sending` by a process that died is taken again; `send` is idempotent on the advanced broadcast and the
 * scheduled time, so an occurrence is sent once. Answers true when there may be more due.
 */
export async function sendDueAdvancedBroadcasts(deps: ServerDeps, send: SendAdvancedBroadcast, limit = 10) {
  const now = new Date();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await repo.claimDue(tx, now, limit);
    const runs: { row: (typeof due)[number]; scheduledFor: Date }[] = [];
    for (const row of due) {
      const scheduledFor = row.nextRunAt!;
      const first = await repo.insertRun(tx, {
        clientId: row.clientId,
        advancedBroadcastId: row.id,
        scheduledFor,
        status: 'sending',
        recipients: 0,
      });
      // A one-time broadcast sends once; a repeating one moves to its next occurrence after now.
      const next =
        row.schedule.frequency === 'once'
          ? null
          : nextScheduledRun(row.schedule, Math.max(scheduledFor.getTime(), now.getTime()));
      await repo.updateAdvancedBroadcast(tx, row.clientId, row.id, {
        // The outcome of a last sending is written in step 2.
        nextRunAt: next !== null ? new Date(next) : null,
        lastRunAt: scheduledFor,
      });
      if (first)
        runs.push({ row: { ...row, nextRunAt: next !== null ? new Date(next) : null }, scheduledFor });
    }
    const stuck = await repo.claimStuckRuns(tx, new Date(now.getTime() - STUCK_SENDING_MS), limit);
    await repo.touchRuns(tx, stuck, now);
    return { due: due.length, runs: [...runs, ...stuck] };
  });
  for (const run of claimed.runs) await sendRun(deps, send, run.row, run.scheduledFor);
  return claimed.due === limit;
}

async function sendRun(
  deps: ServerDeps,
  send: SendAdvancedBroadcast,
  row: repo.AdvancedBroadcastRow,
  scheduledFor: Date,
) {
  const key = { clientId: row.clientId, advancedBroadcastId: row.id, scheduledFor };
  const contactIds = await allMatchingContactIds(deps.db, row.clientId, row.rules);
  let outcome: RunOutcome;
  if (contactIds.length === 0)
    outcome = { status: 'failed', error: 'broadcast.noRecipients', broadcastId: null };
  else
    try {
      const made = await send({
        clientId: row.clientId,
        advancedBroadcastId: row.id,
        name: row.name,
        createdBy: row.createdBy,
        templateId: row.templateId,
        channelAccountId: row.channelAccountId,
        contactIds,
        scheduledFor,
      });
      outcome = { status: 'sent', error: null, broadcastId: made.broadcastId };
    } catch (error) {
      outcome = failureOf(error);
      if (outcome.error === 'advancedBroadcast.sendFailed')
        deps.logger.error({ err: error, advancedBroadcastId: row.id }, 'advanced broadcast sending failed');
    }
  await repo.updateRun(deps.db, key, {
    status: outcome.status,
    recipients: contactIds.length,
    broadcastId: outcome.broadcastId,
    error: outcome.error,
  });
  await repo.recordOutcome(deps.db, key, {
    // A row still waiting for a later sending keeps waiting; the last one ends in the outcome.
    finalStatus: outcome.status,
    lastBroadcastId: outcome.broadcastId,
    lastError: outcome.error,
    estimatedRecipients: contactIds.length,
  });
}

/**
 * 001 §4 "Estimates refresh daily at 00:00": recounts every advanced broadcast whose estimate is older than
 * today's 00:00 in Asia/Jakarta. Answers true when there may be more to refresh.
 */
export async function refreshStaleEstimates(deps: ServerDeps, now = Date.now(), limit = 50) {
  return deps.db.transaction(async (tx) => {
    const stale = await repo.claimStaleEstimates(tx, new Date(startOfWibDay(now)), limit);
    for (const row of stale) {
      const estimate = await repo.countMatchingContacts(tx, row.clientId, row.rules);
      await repo.updateAdvancedBroadcast(tx, row.clientId, row.id, {
        estimatedRecipients: estimate,
        estimatedAt: new Date(now),
      });
    }
    return stale.length === limit;
  });
}

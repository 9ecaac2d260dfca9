import { createHash } from 'node:crypto';
import {
  BULK_MAX_TICKETS,
  BULK_RECENT_JOBS,
  type BulkFilter,
  type BulkJob,
  type BulkProgress,
  type bulkEndpoints,
  type Message,
} from '@sapa/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import { type AuthContext, authContextOf, claimsOf } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';
import { recordAuditBy } from '../audit/index.js';
import type { InboxJobs } from '../conversations/index.js';
import {
  assertMayAssign,
  assertMayReply,
  assignTicket,
  changeManyTickets,
  type messages,
  previewOf,
  publishRealtime,
  recordOutboundBatch,
  selectSummaries,
  tickets,
  toMessage,
  toTicketSummary,
} from '../conversations/index.js';
import { applyMacro } from '../cs-library/index.js';
import { activeMemberOf, userNameOf } from '../identity/index.js';
import { saveFormState } from '../ticket-forms/index.js';
import * as repo from './bulk.repository.js';
import { BULK_CHUNK_SIZE, nextTags, ticketFailure } from './bulk.rules.js';

type CreateBody = z.output<NonNullable<(typeof bulkEndpoints)['create']['body']>>;

export const bulkJobPayloadSchema = z.object({ clientId: z.string().uuid(), jobId: z.string().uuid() });

export interface BulkJobs {
  bulk: JobDefinition<typeof bulkJobPayloadSchema>;
}

const progressOf = (
  row: Pick<repo.BulkJobRow, 'id' | 'status' | 'total' | 'processed' | 'failed' | 'finishedAt'>,
): BulkProgress => ({
  id: row.id,
  status: row.status,
  totalTickets: row.total,
  processed: row.processed,
  failed: row.failed,
  finishedAt: row.finishedAt?.getTime() ?? null,
});

const jobOf = (row: Omit<repo.BulkJobRow, 'ticketIds'>): BulkJob => ({
  ...progressOf(row),
  action: row.action,
  createdAt: row.createdAt.getTime(),
});

/**
 * 000 §3 bulk ticket action, §7 PUT tickets/bulk: resolves the selection to ticket ids now (the "N matching"
 * the user confirmed), stores the job and queues it on its own low-concurrency queue.
 */
export async function createBulkJob(deps: ServerDeps, jobs: BulkJobs, auth: AuthContext, body: CreateBody) {
  const { action, selection } = body;
  // The caller's own limits first (000 §6: Supervisor 1 never replies; only supervisors assign).
  if (action.sendMessageAs === 'public') assertMayReply(auth);
  if (action.assignedCs || action.assignedCsGroup) assertMayAssign(auth);
  if (action.assignedCs && !(await activeMemberOf(deps.db, auth.clientId, action.assignedCs)))
    throw badRequest('inbox.assigneeInvalid', { 'action.assignedCs': 'inbox.assigneeInvalid' });
  if (action.assignedCsGroup && !(await repo.groupExists(deps.db, auth.clientId, action.assignedCsGroup)))
    throw badRequest('bulk.groupNotFound', { 'action.assignedCsGroup': 'bulk.groupNotFound' });
  if (action.macroId && !(await repo.macroExists(deps.db, auth.clientId, action.macroId)))
    throw badRequest('bulk.macroNotFound', { 'action.macroId': 'bulk.macroNotFound' });
  const ids =
    selection.kind === 'ids'
      ? [...new Set(selection.ids)]
      : await repo.matchingTicketIds(deps.db, auth, selection.filter, BULK_MAX_TICKETS + 1);
  if (ids.length === 0) throw badRequest('bulk.nothingSelected');
  if (ids.length > BULK_MAX_TICKETS) throw new AppError(400, 'bulk.tooMany', { params: [BULK_MAX_TICKETS] });
  const id = uuidv7();
  await deps.db.transaction(async (tx) => {
    await repo.insertJob(tx, {
      clientId: auth.clientId,
      id,
      userId: auth.userId,
      actor: claimsOf(auth),
      action,
      selection,
      ticketIds: ids,
      total: ids.length,
    });
    // The job's own changes reach the log ticket by ticket, through conversations.
    await recordAuditBy(tx, auth, {
      area: 'TICKETS',
      action: 'bulk.started',
      target: { type: 'bulkJob', id },
      after: { tickets: ids.length, ...action },
    });
  });
  await deps.jobs.send(jobs.bulk, { clientId: auth.clientId, jobId: id }, { singletonKey: id });
  return { jobId: id, totalTickets: ids.length };
}

/** "Select all N matching": the count of the inbox filter, bounded by the job limit. */
export async function countMatching(deps: ServerDeps, auth: AuthContext, filter: BulkFilter) {
  const count = await repo.countMatchingTickets(deps.db, auth, filter, BULK_MAX_TICKETS + 1);
  return { count: Math.min(count, BULK_MAX_TICKETS), overLimit: count > BULK_MAX_TICKETS };
}

export async function getBulkJob(deps: ServerDeps, auth: AuthContext, id: string): Promise<BulkJob> {
  const row = await repo.findJob(deps.db, auth.clientId, id);
  // Another user's job is not found (its progress and log are theirs).
  if (!row || row.userId !== auth.userId) throw notFound();
  return jobOf(row);
}

export async function listBulkJobs(deps: ServerDeps, auth: AuthContext) {
  const rows = await repo.listUserJobs(deps.db, auth.clientId, auth.userId, BULK_RECENT_JOBS);
  return { items: rows.map(jobOf) };
}

export async function listBulkFailures(deps: ServerDeps, auth: AuthContext, id: string) {
  await getBulkJob(deps, auth, id);
  return { items: await repo.listFailures(deps.db, auth.clientId, id) };
}

/** A stable idempotency key for the job's message on a ticket: a chunk run again never sends twice. */
function bulkMessageKey(jobId: string, ticketId: string): string {
  const hex = createHash('sha256').update(`bulk:${jobId}:${ticketId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface RunOptions {
  /** The inbox's jobs: outbound sends of public messages (and of a macro's messages). */
  inbox: InboxJobs;
  chunkSize?: number;
}

/**
 * The changes that go through their own module's service one ticket at a time (assignment with its
 * transfer history, the custom form, a macro). The ticket's failure reason, or null.
 */
async function applyPerTicket(
  deps: ServerDeps,
  options: RunOptions,
  auth: AuthContext,
  jobId: string,
  action: BulkJob['action'],
  ticketId: string,
): Promise<string | null> {
  try {
    if (action.assignedCs || action.assignedCsGroup)
      await assignTicket(deps, {
        clientId: auth.clientId,
        ticketId,
        to: action.assignedCs ? { agentId: action.assignedCs } : { groupId: action.assignedCsGroup! },
        source: 'manual',
        by: auth.userId,
      });
    if (action.form) await saveFormState(deps, auth, ticketId, action.form);
    if (action.macroId) {
      const applied = await applyMacro(
        { server: deps, jobs: options.inbox },
        auth,
        ticketId,
        action.macroId,
        {
          applicationId: bulkMessageKey(jobId, ticketId),
        },
      );
      const failed = applied.results.find((r) => !r.ok);
      if (failed) return failed.error?.code ?? 'bulk.jobFailed';
    }
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return err.statusCode === 404 ? 'bulk.ticketNotFound' : err.key;
  }
}

const hasPerTicketChanges = (a: BulkJob['action']) =>
  Boolean(a.assignedCs || a.assignedCsGroup || a.form || a.macroId);

/**
 * Processes one chunk at the job's cursor in one transaction: the tickets the action cannot apply to go to
 * the failure log, the others change in one UPDATE (and one multi-row INSERT of messages), and the cursor
 * moves past the chunk. Then the outbound sends are queued and the inbox and the job's owner are told.
 * Resolves to false when the job has nothing left to do.
 */
async function processBulkChunk(
  deps: ServerDeps,
  options: RunOptions,
  clientId: string,
  jobId: string,
): Promise<boolean> {
  const job = await repo.jobChunk(deps.db, clientId, jobId, options.chunkSize ?? BULK_CHUNK_SIZE);
  if (job?.status !== 'PROCESSING') return false;
  const ids = job.chunk ?? [];
  const { action } = job;
  const auth = authContextOf(job.actor);
  const now = new Date();
  const found = new Map((await repo.loadTickets(deps.db, auth, ids)).map((t) => [t.id, t]));
  const failures: { ticketId: string; reason: string }[] = [];
  let ok: string[] = [];
  for (const id of ids) {
    const reason = ticketFailure(action, found.get(id), now.getTime());
    if (reason) failures.push({ ticketId: id, reason });
    else ok.push(id);
  }
  if (hasPerTicketChanges(action)) {
    const passed: string[] = [];
    for (const id of ok) {
      const reason = await applyPerTicket(deps, options, auth, jobId, action, id);
      if (reason) failures.push({ ticketId: id, reason });
      else passed.push(id);
    }
    ok = passed;
  }
  const tagChanges = action.addTags || action.removeTags;
  const tags = tagChanges ? new Map(ok.map((id) => [id, nextTags(found.get(id)!.tags, action)])) : null;
  const withMessage = action.message !== undefined && action.sendMessageAs !== undefined;
  const internal = action.sendMessageAs === 'internal';
  const done = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockJob(tx, clientId, jobId);
    // Another worker moved the cursor meanwhile (a retried job after a restart): this chunk is done.
    if (locked?.status !== 'PROCESSING' || locked.processed !== job.processed) return null;
    await changeManyTickets(tx, clientId, ok, {
      priority: action.priority,
      remarks: action.remarks,
      resolve: action.status === 'resolved',
      actorId: job.userId,
      now,
      tags,
      publicPreview:
        withMessage && !internal ? previewOf({ type: 'text', text: action.message ?? null }) : null,
    });
    const inserted =
      withMessage && ok.length > 0
        ? await recordOutboundBatch(
            tx,
            ok.map((ticketId) => ({
              clientId,
              id: uuidv7(),
              ticketId,
              channelAccountId: found.get(ticketId)!.channelAccountId,
              visibility: internal ? ('internal' as const) : ('public' as const),
              type: 'text' as const,
              text: action.message ?? null,
              // An internal note never leaves Sapa: stored as sent, no job.
              status: internal ? ('sent' as const) : ('pending' as const),
              clientMessageId: bulkMessageKey(jobId, ticketId),
              senderUserId: job.userId,
              createdAt: now,
              updatedAt: now,
            })),
          )
        : [];
    await repo.insertFailures(tx, clientId, jobId, failures);
    const row = await repo.advanceJob(tx, clientId, jobId, ids.length, failures.length);
    return { row, inserted };
  });
  if (!done) return true;
  if (!internal)
    for (const m of done.inserted) await deps.jobs.send(options.inbox.send, { clientId, messageId: m.id });
  await publishChanges(deps, clientId, ok, done.inserted, job.userId);
  if (done.row)
    await publishRealtime(deps, {
      type: 'bulk.progress',
      clientId,
      userId: job.userId,
      job: progressOf(done.row),
    });
  return done.row?.status === 'PROCESSING';
}

/** Up to this many changed tickets a chunk publishes each ticket; above it, one `tickets.changed`. */
const BULK_LIVE_TICKETS = 50;

/**
 * Tells the inboxes. A small change: one summary query, then message.created for tickets that got the
 * message and ticket.updated for the others. A large one: a single `tickets.changed` (inboxes refetch the
 * page they show), so a 10,000-ticket job never floods every agent's socket with 10,000 events.
 */
async function publishChanges(
  deps: ServerDeps,
  clientId: string,
  changed: string[],
  inserted: (typeof messages.$inferSelect)[],
  senderId: string,
) {
  if (changed.length === 0) return;
  if (changed.length > BULK_LIVE_TICKETS) {
    await publishRealtime(deps, { type: 'tickets.changed', clientId, count: changed.length });
    return;
  }
  const rows = await selectSummaries(deps.db).where(
    and(eq(tickets.clientId, clientId), inArray(tickets.id, changed)),
  );
  const byTicket = new Map<string, Message>();
  if (inserted.length > 0) {
    const senderName = await userNameOf(deps.db, senderId);
    for (const m of inserted) byTicket.set(m.ticketId, toMessage(m, senderName));
  }
  for (const row of rows) {
    const ticket = toTicketSummary(row);
    const message = byTicket.get(ticket.id);
    await publishRealtime(
      deps,
      message
        ? { type: 'message.created', clientId, ticket, message }
        : { type: 'ticket.updated', clientId, ticket },
    );
  }
}

/** Runs the job to its end, chunk after chunk, yielding to other work between chunks. */
export async function runBulkJob(deps: ServerDeps, options: RunOptions, clientId: string, jobId: string) {
  while (await processBulkChunk(deps, options, clientId, jobId))
    await new Promise((resolve) => setImmediate(resolve));
}

/** The job stops for good (its retries are spent): FAILED, and its owner is told. */
export async function failBulkJob(deps: ServerDeps, clientId: string, jobId: string) {
  const row = await repo.failJob(deps.db, clientId, jobId, 'bulk.jobFailed');
  if (row)
    await publishRealtime(deps, {
      type: 'bulk.progress',
      clientId,
      userId: row.userId,
      job: progressOf(row),
    });
}

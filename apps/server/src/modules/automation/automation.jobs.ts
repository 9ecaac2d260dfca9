import { z } from 'zod';
import type { ServerDeps } from '../../platform/deps.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';

/** A job whose payload is `T` (the channels' send job, handed in by app.ts). */
export type JobOf<T> = JobDefinition<z.ZodType<T>>;

/** What the automation acts with: the process's deps, the channels' send job and the clock (tests set it). */
export interface AutomationContext {
  deps: ServerDeps;
  send: JobOf<{ clientId: string; messageId: string }>;
  now: () => Date;
}

const ticketRef = { clientId: z.string().uuid(), ticketId: z.string().uuid() };

/** The automation's queues and payloads (pg-boss: kept in PostgreSQL, so a restart loses none). */
export const AUTOMATION_QUEUES = {
  /** A customer's message arrived: greet, schedule the follow-up and auto close, take a survey answer. */
  inbound: { name: 'automation.inbound', schema: z.object({ ...ticketRef, messageId: z.string().uuid() }) },
  /** N minutes after a customer's message `since`: a follow-up unless an agent replied. */
  followUp: {
    name: 'automation.follow-up',
    schema: z.object({ ...ticketRef, since: z.string().datetime() }),
  },
  /** N minutes after a customer's message `since`: auto close unless the customer wrote again. */
  autoClose: {
    name: 'automation.auto-close',
    schema: z.object({ ...ticketRef, since: z.string().datetime() }),
  },
  /** A ticket was resolved: ask for a rating. */
  survey: { name: 'automation.survey', schema: z.object(ticketRef) },
  /** A group's hours open: waiting chats get assigned. */
  hoursOpen: { name: 'automation.hours-open', schema: z.object({ clientId: z.string().uuid() }) },
} as const;

type Queue = (typeof AUTOMATION_QUEUES)[keyof typeof AUTOMATION_QUEUES];

/** The definition of a queue for sending (the handler runs in the worker, where `automationJobs` registers it). */
function sendable<Q extends Queue>(queue: Q): JobDefinition<Q['schema']> {
  return { ...queue, retryLimit: 5, retryDelaySeconds: 5, handler: async () => undefined };
}

/** Queues a job, at once or at `at` (pg-boss `startAfter`); one per `key` while it waits. */
export async function enqueue<Q extends Queue>(
  ctx: Pick<AutomationContext, 'deps' | 'now'>,
  queue: Q,
  data: z.input<Q['schema']>,
  options: { key: string; at?: Date },
): Promise<void> {
  const seconds = options.at ? Math.ceil((options.at.getTime() - ctx.now().getTime()) / 1000) : 0;
  await ctx.deps.jobs.send(sendable(queue), data, {
    singletonKey: options.key,
    ...(seconds > 0 ? { startAfterSeconds: seconds } : {}),
  });
}

/** Builds the worker's definitions from the handlers (`automation.engine.ts`). */
export function defineAutomationJob<Q extends Queue>(
  queue: Q,
  handler: (data: z.output<Q['schema']>) => Promise<void>,
): JobDefinition<Q['schema']> {
  return { ...sendable(queue), concurrency: 4, handler };
}

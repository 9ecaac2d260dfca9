import type { RealtimeEvent } from '@sapa/contracts';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../platform/jobs/job-queue.js';
import { type PushContext, pushAssigned, pushMentions } from './push.service.js';

const QUEUES = {
  assigned: {
    name: 'push.assigned',
    schema: z.object({ clientId: z.string().uuid(), ticketId: z.string().uuid(), userId: z.string().uuid() }),
  },
  mention: {
    name: 'push.mention',
    schema: z.object({ clientId: z.string().uuid(), messageId: z.string().uuid() }),
  },
} as const;

/** The push jobs (the worker runs them; a failed send is tried again, each device gets each push once). */
export function pushJobs(ctx: PushContext) {
  return {
    pushAssigned: defineJob({
      ...QUEUES.assigned,
      retryLimit: 5,
      retryDelaySeconds: 10,
      concurrency: 4,
      handler: async (data) => {
        await pushAssigned(ctx, data);
      },
    }),
    pushMention: defineJob({
      ...QUEUES.mention,
      retryLimit: 5,
      retryDelaySeconds: 10,
      concurrency: 4,
      handler: async (data) => {
        await pushMentions(ctx, data);
      },
    }),
  };
}

type PushJobs = ReturnType<typeof pushJobs>;

/**
 * On the `realtime` topic: a chat assigned to someone queues `push.assigned`, an internal note with an `@`
 * queues `push.mention` (one job per chat and assignee or per note while it waits; the job decides whether the
 * person is away and claims each device's push once, so an event seen by several processes pushes once).
 */
export function pushTriggers(ctx: Pick<PushContext, 'deps'>, jobs: PushJobs): (payload: unknown) => void {
  const send = <S extends z.ZodType>(job: JobDefinition<S>, data: z.input<S>, key: string) =>
    ctx.deps.jobs
      .send(job, data, { singletonKey: key })
      .catch((err) => ctx.deps.logger.warn({ err }, 'push trigger failed'));
  return (payload) => {
    const event = payload as RealtimeEvent;
    if (event?.type === 'ticket.updated' && event.ticket.status === 'assigned' && event.ticket.assigneeId) {
      const data = { clientId: event.clientId, ticketId: event.ticket.id, userId: event.ticket.assigneeId };
      void send(jobs.pushAssigned, data, `assigned:${data.ticketId}:${data.userId}`);
    } else if (
      event?.type === 'message.created' &&
      event.message.visibility === 'internal' &&
      event.message.text?.includes('@')
    ) {
      void send(
        jobs.pushMention,
        { clientId: event.clientId, messageId: event.message.id },
        `mention:${event.message.id}`,
      );
    }
  };
}

import { z } from 'zod';
import type { ServerDeps } from '../../platform/deps.js';
import type { JobDefinition } from '../../platform/jobs/job-queue.js';

/** The queue of automatic assignment rounds (the round itself is conversations' `autoAssignJob`). */
export const AUTO_ASSIGN_QUEUE = 'teams.auto-assign';
export const autoAssignSchema = z.object({ clientId: z.string().uuid() });

/**
 * Asks for an automatic assignment round of a business: after a ticket arrives, an agent comes online or
 * gets room (a ticket closed, a limit raised), or a group gains members. Rounds are idempotent.
 */
export async function requestAutoAssign(deps: ServerDeps, clientId: string): Promise<void> {
  // Only the name, schema and retry settings are read when sending; the handler runs in the worker.
  const definition: JobDefinition<typeof autoAssignSchema> = {
    name: AUTO_ASSIGN_QUEUE,
    schema: autoAssignSchema,
    retryLimit: 3,
    retryDelaySeconds: 1,
    handler: async () => undefined,
  };
  try {
    await deps.jobs.send(definition, { clientId });
  } catch (err) {
    deps.logger.warn({ err, clientId }, 'auto-assign request failed');
  }
}

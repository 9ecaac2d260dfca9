import { z } from 'zod';

/** 000 §4 Enumerations: bulk job status. */
export const bulkJobStatusSchema = z.enum(['PROCESSING', 'COMPLETED', 'FAILED']);
export type BulkJobStatus = z.infer<typeof bulkJobStatusSchema>;

/** A bulk job's counters (000 §3 Bulk job: jobId, totalTickets), as the job and its progress events carry them. */
export const bulkProgressSchema = z.object({
  id: z.string().uuid(),
  status: bulkJobStatusSchema,
  totalTickets: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  finishedAt: z.number().nullable(),
});
export type BulkProgress = z.infer<typeof bulkProgressSchema>;

/** `bulk.progress` on the chat socket, only to the user who started the job (after every chunk). */
export const bulkProgressEventSchema = z.object({
  type: z.literal('bulk.progress'),
  clientId: z.string().uuid(),
  userId: z.string().uuid(),
  job: bulkProgressSchema,
});

/**
 * Many tickets of the business changed at once (a bulk job's chunk): inboxes refetch what they show instead
 * of receiving one event per ticket.
 */
export const ticketsChangedEventSchema = z.object({
  type: z.literal('tickets.changed'),
  clientId: z.string().uuid(),
  count: z.number().int(),
});

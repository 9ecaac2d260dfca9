import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { assignmentSourceSchema } from '../teams/teams.js';

export const ticketTransferSchema = z.object({
  id: z.string().uuid(),
  fromUserId: z.string().uuid().nullable(),
  fromUserName: z.string().nullable(),
  toUserId: z.string().uuid().nullable(),
  toUserName: z.string().nullable(),
  fromGroupId: z.string().uuid().nullable(),
  toGroupId: z.string().uuid().nullable(),
  toGroupName: z.string().nullable(),
  source: assignmentSourceSchema,
  byUserId: z.string().uuid().nullable(),
  byUserName: z.string().nullable(),
  at: z.number(),
});
export type TicketTransfer = z.infer<typeof ticketTransferSchema>;

export const ticketAuditEntrySchema = z.object({
  id: z.string().uuid(),
  action: z.string(),
  actorUserId: z.string().uuid().nullable(),
  actorName: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  at: z.number(),
});
export type TicketAuditEntry = z.infer<typeof ticketAuditEntrySchema>;

/** A ticket's history: its transfers and its audit log (read by the chat room's side panel). */
export const ticketHistoryEndpoints = {
  /** Transfer history of a ticket (who, from, to, when, manual or automatic). */
  transfers: defineEndpoint({
    method: 'GET',
    path: '/api/tickets/:id/transfers',
    response: z.object({ items: z.array(ticketTransferSchema) }),
  }),
  /** 000 §7 GET /auditLogs: the ticket's changes, oldest first. */
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/tickets/:id/audit',
    response: z.object({
      items: z.array(ticketAuditEntrySchema),
      /** Names of the agents, groups and categories the changes name by id. */
      names: z.record(z.string(), z.string()),
    }),
  }),
} as const;

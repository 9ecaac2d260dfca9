import { z } from 'zod';

/** Broadcast and recipient statuses (001 §4) and how they move. */

// ---------------------------------------------------------------- statuses (001 §4)

/**
 * 001 §4 Broadcast statuses, with the spec's names: need approval (pending for approval), rejected,
 * expired (never approved before its time), scheduled, in process (queued), sending, delivered, read,
 * partially failed, failed, failed for daily quota, cancelled.
 */
export const BROADCAST_STATUSES = [
  'need_approval',
  'rejected',
  'expired',
  'scheduled',
  'in_process',
  'sending',
  'delivered',
  'read',
  'partially_failed',
  'failed',
  'failed_daily_quota',
  'cancelled',
] as const;
export const broadcastStatusSchema = z.enum(BROADCAST_STATUSES);
export type BroadcastStatus = z.infer<typeof broadcastStatusSchema>;

/** The spec's name of each status (001 §4), as the history shows it in English. */
export const BROADCAST_STATUS_NAMES: Record<BroadcastStatus, string> = {
  need_approval: 'Need approval',
  rejected: 'Rejected',
  expired: 'Expired',
  scheduled: 'Scheduled',
  in_process: 'In process',
  sending: 'Sending',
  delivered: 'Delivered',
  read: 'Read',
  partially_failed: 'Partially failed',
  failed: 'Failed',
  failed_daily_quota: 'Failed for daily quota',
  cancelled: 'Cancelled',
};

/** Statuses after which nothing more is sent. */
export const BROADCAST_FINAL_STATUSES: readonly BroadcastStatus[] = [
  'rejected',
  'expired',
  'delivered',
  'read',
  'partially_failed',
  'failed',
  'failed_daily_quota',
  'cancelled',
];

/** 001 §4: only a scheduled dispatch (or one still waiting for a checker) can be cancelled. */
export const BROADCAST_CANCELLABLE_STATUSES: readonly BroadcastStatus[] = ['scheduled', 'need_approval'];

/**
 * 001 §4 Recipient statuses: sent, read, connected (delivered to the phone), failed — plus queued and
 * sending before the provider answered. A status only moves forward: queued < sending < sent < delivered
 * < read; failed is terminal and never replaces read.
 */
export const BROADCAST_RECIPIENT_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
] as const;
export const broadcastRecipientStatusSchema = z.enum(BROADCAST_RECIPIENT_STATUSES);
export type BroadcastRecipientStatus = z.infer<typeof broadcastRecipientStatusSchema>;

const RECIPIENT_RANK: Record<BroadcastRecipientStatus, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
};

/** May a recipient in `from` move to `to`? (forward only; failed never replaces read or itself) */
export function recipientMayMove(from: BroadcastRecipientStatus, to: BroadcastRecipientStatus): boolean {
  if (to === 'failed') return from !== 'read' && from !== 'failed';
  if (from === 'failed') return false;
  return RECIPIENT_RANK[to] > RECIPIENT_RANK[from];
}

/** A broadcast's counters: how many recipients are in each status now. */
export interface BroadcastCounts {
  total: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

/**
 * The status of a broadcast whose every recipient has been attempted (001 §4): failed when none got it,
 * partially failed when some did not, read when every one read it, delivered otherwise.
 */
export function finishedBroadcastStatus(c: BroadcastCounts): BroadcastStatus {
  if (c.total > 0 && c.failed >= c.total) return 'failed';
  if (c.failed > 0) return 'partially_failed';
  if (c.total > 0 && c.read >= c.total) return 'read';
  return 'delivered';
}

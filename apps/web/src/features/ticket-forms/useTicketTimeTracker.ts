import type { TicketSummary } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formKeys, sendTimeEntry } from './api';
import { VisibleTimer } from './visibleTimer';

/** The open chat rooms' flush functions, so a form save or an applied macro can send the time at once. */
const flushers = new Map<string, () => void>();

/** Sends the time counted in `ticketId`'s chat room so far (after the ticket was updated). */
export function flushTicketTime(ticketId: string): void {
  flushers.get(ticketId)?.();
}

/**
 * 000 §3 time tracker, §7 POST /time-tracking: measures the time the chat room is on screen (visible tab
 * only) and records it as `update_ticket` when the ticket is updated (form saved, macro applied) or closed,
 * and when the agent leaves the room.
 */
export function useTicketTimeTracker(ticketId: string, status: TicketSummary['status']) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = new VisibleTimer(Date.now(), document.visibilityState === 'visible');
    const onVisibility = () => timer.setVisible(document.visibilityState === 'visible', Date.now());
    const flush = () => {
      const entry = timer.take(Date.now());
      if (!entry) return;
      void sendTimeEntry(ticketId, {
        id: crypto.randomUUID(),
        kind: 'update_ticket',
        startedAt: entry.startedAt,
        endedAt: entry.endedAt,
        durationInSecond: entry.seconds,
      })
        .then((totals) => queryClient.setQueryData(formKeys.time(ticketId), totals))
        .catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisibility);
    flushers.set(ticketId, flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      if (flushers.get(ticketId) === flush) flushers.delete(ticketId);
      flush();
    };
  }, [ticketId, queryClient]);
  useEffect(() => {
    if (status === 'resolved') flushTicketTime(ticketId);
  }, [status, ticketId]);
}

import type { TimeTrackingInput } from '@sapa/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { joinEntries, type TimeEntry, VisibleTimer } from './visibleTimer';

interface Running {
  id: string;
  timer: VisibleTimer;
  spent: TimeEntry | null;
}

/**
 * 000 §3 time tracker of manual ticket creation: counts the visible time while the new chat window is
 * open. `take()` gives the entry to send with the create call (the same id on a retry, so the server
 * records it once), or undefined when under a second was spent.
 */
export function useCreationTimer(opened: boolean): () => TimeTrackingInput | undefined {
  const running = useRef<Running | null>(null);
  useEffect(() => {
    if (!opened) {
      running.current = null;
      return;
    }
    const state: Running = {
      id: crypto.randomUUID(),
      timer: new VisibleTimer(Date.now(), document.visibilityState === 'visible'),
      spent: null,
    };
    running.current = state;
    const onVisibility = () => state.timer.setVisible(document.visibilityState === 'visible', Date.now());
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [opened]);
  return useCallback(() => {
    const state = running.current;
    if (!state) return undefined;
    state.spent = joinEntries(state.spent, state.timer.take(Date.now()));
    if (!state.spent) return undefined;
    return {
      id: state.id,
      kind: 'create_ticket',
      startedAt: state.spent.startedAt,
      endedAt: state.spent.endedAt,
      durationInSecond: state.spent.seconds,
    };
  }, []);
}

/**
 * Groups new customer messages per chat room within a window (000 §4: 3 s), then emits one notification
 * per room with the count and the latest message. Pure apart from the injected timer functions.
 */
export interface NotificationItem {
  ticketId: string;
  title: string;
  body: string;
}

export interface NotificationGroup extends NotificationItem {
  count: number;
}

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export function createNotificationGrouper(
  windowMs: number,
  emit: (group: NotificationGroup) => void,
  timers: Timers = {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
) {
  const pending = new Map<string, { group: NotificationGroup; timer: unknown }>();
  return {
    add(item: NotificationItem): void {
      const current = pending.get(item.ticketId);
      if (current) {
        current.group = { ...item, count: current.group.count + 1 };
        return;
      }
      const entry = {
        group: { ...item, count: 1 },
        timer: timers.setTimeout(() => {
          pending.delete(item.ticketId);
          emit(entry.group);
        }, windowMs),
      };
      pending.set(item.ticketId, entry);
    },
    dispose(): void {
      for (const entry of pending.values()) timers.clearTimeout(entry.timer);
      pending.clear();
    },
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationGrouper, type NotificationGroup } from './notificationGroups';

describe('desktop notification grouping (000 §4: per chat room, 3 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('emits one notification per room for the messages of a 3 s window', () => {
    const shown: NotificationGroup[] = [];
    const grouper = createNotificationGrouper(3_000, (group) => shown.push(group));
    grouper.add({ ticketId: 'a', title: 'Budi', body: 'Halo' });
    vi.advanceTimersByTime(1_000);
    grouper.add({ ticketId: 'a', title: 'Budi', body: 'Ada stok?' });
    grouper.add({ ticketId: 'b', title: 'Sari', body: 'Pagi' });
    vi.advanceTimersByTime(1_999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([{ ticketId: 'a', title: 'Budi', body: 'Ada stok?', count: 2 }]);
    vi.advanceTimersByTime(1_000);
    expect(shown).toHaveLength(2);
    expect(shown[1]).toEqual({ ticketId: 'b', title: 'Sari', body: 'Pagi', count: 1 });
  });

  it('starts a new group after the window', () => {
    const shown: NotificationGroup[] = [];
    const grouper = createNotificationGrouper(3_000, (group) => shown.push(group));
    grouper.add({ ticketId: 'a', title: 'Budi', body: '1' });
    vi.advanceTimersByTime(3_000);
    grouper.add({ ticketId: 'a', title: 'Budi', body: '2' });
    vi.advanceTimersByTime(3_000);
    expect(shown.map((g) => g.count)).toEqual([1, 1]);
  });

  it('drops pending groups when disposed', () => {
    const shown: NotificationGroup[] = [];
    const grouper = createNotificationGrouper(3_000, (group) => shown.push(group));
    grouper.add({ ticketId: 'a', title: 'Budi', body: '1' });
    grouper.dispose();
    vi.advanceTimersByTime(5_000);
    expect(shown).toEqual([]);
  });
});

import type { Message, TicketSummary } from '@sapa/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * Pure updates of the inbox caches from real-time events and mutations (no reload): ticket lists,
 * the open chat room's messages.
 */

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type TicketPages = InfiniteData<Page<TicketSummary>>;
export type MessagePages = InfiniteData<Page<Message>>;

export interface TicketFilters {
  tab: 'unassigned' | 'assigned';
  sort: 'latest' | 'oldest';
  channel?: TicketSummary['channel'] | undefined;
  priority?: TicketSummary['priority'] | undefined;
  tag?: string | undefined;
  responded?: 'true' | 'false' | undefined;
  search?: string | undefined;
  /** A CS group; the default group also holds tickets without a group. */
  groupId?: string | undefined;
}

/** Which tab a ticket belongs to; null when it leaves the inbox (resolved). */
export function tabOf(ticket: TicketSummary): TicketFilters['tab'] | null {
  if (ticket.status === 'resolved') return null;
  if (ticket.status === 'unassigned') return 'unassigned';
  if (ticket.status === 'assigned') return 'assigned';
  return ticket.assigneeId ? 'assigned' : 'unassigned';
}

/** Whether a ticket belongs in a list; `undefined` when the client cannot tell (a text search). */
export function ticketMatches(ticket: TicketSummary, filters: TicketFilters): boolean | undefined {
  if (tabOf(ticket) !== filters.tab) return false;
  if (filters.channel && ticket.channel !== filters.channel) return false;
  if (filters.priority && ticket.priority !== filters.priority) return false;
  if (filters.tag && !ticket.tags.includes(filters.tag)) return false;
  if (filters.responded && String(ticket.responded) !== filters.responded) return false;
  if (filters.groupId && ticket.groupId !== filters.groupId) {
    // No group means the default group, which only the server knows here.
    if (ticket.groupId === null) return undefined;
    return false;
  }
  if (filters.search) return undefined;
  return true;
}

/** The time a ticket sorts by: its last message, else its creation. */
export function ticketTime(ticket: TicketSummary): number {
  return ticket.lastMessage?.at ?? ticket.createdAt;
}

/** The loaded tickets of a list, one per id, in the list's order. */
export function flattenTickets(data: TicketPages | undefined, sort: TicketFilters['sort']): TicketSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: TicketSummary[] = [];
  for (const page of data.pages)
    for (const ticket of page.items) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      out.push(ticket);
    }
  const sign = sort === 'latest' ? -1 : 1;
  return out.sort((a, b) => sign * (ticketTime(a) - ticketTime(b)));
}

/**
 * Puts a changed ticket into a loaded list: replaced where it was, added to the first page when it now
 * matches (for "latest"; for "oldest" only when the whole list is loaded), removed when it no longer does.
 * Returns `null` when the list must be refetched instead (a text search the client cannot evaluate).
 */
export function applyTicket(
  data: TicketPages | undefined,
  ticket: TicketSummary,
  filters: TicketFilters,
): TicketPages | undefined | null {
  const matches = ticketMatches(ticket, filters);
  if (!data) return data;
  const present = data.pages.some((page) => page.items.some((item) => item.id === ticket.id));
  if (matches === undefined) return present ? replaceTicket(data, ticket) : null;
  const without = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((item) => item.id !== ticket.id),
  }));
  if (!matches) return present ? { ...data, pages: without } : data;
  if (present) return replaceTicket(data, ticket);
  const last = data.pages[data.pages.length - 1];
  if (filters.sort === 'oldest') {
    if (!last || last.nextCursor !== null) return data;
    return {
      ...data,
      pages: without.map((page, i) =>
        i === without.length - 1 ? { ...page, items: [...page.items, ticket] } : page,
      ),
    };
  }
  if (without.length === 0)
    return { ...data, pages: [{ items: [ticket], nextCursor: null }], pageParams: [null] };
  return {
    ...data,
    pages: without.map((page, i) => (i === 0 ? { ...page, items: [ticket, ...page.items] } : page)),
  };
}

function replaceTicket(data: TicketPages, ticket: TicketSummary): TicketPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === ticket.id ? ticket : item)),
    })),
  };
}

/** The loaded messages, oldest first (pages come newest page first). */
export function flattenMessages(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  const byId = new Map<string, Message>();
  for (const page of data.pages)
    for (const message of page.items) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

/** Adds a message to the newest page, or replaces it where it already is. */
export function upsertMessage(data: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!data) return data;
  const present = data.pages.some((page) => page.items.some((item) => item.id === message.id));
  if (present) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === message.id ? mergeMessage(item, message) : item)),
      })),
    };
  }
  if (data.pages.length === 0)
    return { ...data, pages: [{ items: [message], nextCursor: null }], pageParams: [null] };
  return {
    ...data,
    pages: data.pages.map((page, i) => (i === 0 ? { ...page, items: [...page.items, message] } : page)),
  };
}

const STATUS_RANK: Record<Message['status'], number> = {
  pending: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
  received: 0,
};

/**
 * A delivery status never goes back (000 §4): a late "sent" does not undo "read". Status events from the
 * provider carry no sender name; the one already known is kept.
 */
export function mergeMessage(current: Message, incoming: Message): Message {
  const next = incoming.senderName === null ? { ...incoming, senderName: current.senderName } : incoming;
  if (current.status === 'failed' && next.status === 'pending') return next; // a retry
  if (STATUS_RANK[next.status] < STATUS_RANK[current.status] && next.status !== 'received') {
    return { ...next, status: current.status, error: current.error };
  }
  return next;
}

export function removeMessage(data: MessagePages | undefined, id: string): MessagePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })),
  };
}

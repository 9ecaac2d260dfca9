import { queryKeys } from '../../shared/api/query-keys';
import type { TicketFilters } from './cache';

/**
 * Query keys of tickets and their messages. All sit under the inbox key, so a real-time (re)connection
 * refetches every one of them.
 */
export const ticketKeys = {
  tickets: [...queryKeys.inbox, 'tickets'] as const,
  ticketList: (filters: TicketFilters) => [...queryKeys.inbox, 'tickets', filters] as const,
  unread: [...queryKeys.inbox, 'unread'] as const,
  ticket: (id: string) => [...queryKeys.inbox, 'ticket', id] as const,
  messages: (id: string) => [...queryKeys.inbox, 'messages', id] as const,
  /** Tags in use on tickets, for suggestions and filters. */
  tags: [...queryKeys.inbox, 'tags'] as const,
};

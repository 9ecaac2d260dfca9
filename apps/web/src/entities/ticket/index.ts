/**
 * The ticket entity: what every feature that shows or changes tickets shares — the TanStack Query keys,
 * queries and cache updates of tickets and their messages, and their badges and bubbles. Features import
 * this entry, never another feature's internals.
 */
export {
  applyTicket,
  flattenMessages,
  flattenTickets,
  type MessagePages,
  mergeMessage,
  type Page,
  removeMessage,
  type TicketFilters,
  type TicketPages,
  tabOf,
  ticketMatches,
  ticketTime,
  upsertMessage,
} from './cache';
export { ticketKeys } from './keys';
export { INBOX_PATH, ticketInboxPath } from './paths';
export {
  MESSAGES_PAGE_SIZE,
  TICKETS_PAGE_SIZE,
  useAssignableUsers,
  useMessages,
  useTicket,
  useTickets,
  useTicketTags,
  useUnreadCount,
} from './queries';
export { bubbleTime, dayKey, dayLabel, isExpired, relativeTimeOf, timeLeft } from './time';
export { ChannelBadge } from './ui/ChannelBadge';
export { DeliveryTicks } from './ui/DeliveryTicks';
export { MessageBubble } from './ui/MessageBubble';
export { StatusBadge } from './ui/StatusBadge';
export { applyMessageToCaches, applyRealtimeEvent, applyTicketToCaches, cachedTicket } from './updates';

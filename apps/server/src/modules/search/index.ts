/**
 * The public entry of search: the ticket list and chat history searches (their HTTP face), and the query
 * parts an export of the same search reuses.
 */
export {
  afterPosition,
  countUpTo,
  foundTicketColumns,
  foundTicketJoins,
  foundTicketTables,
  type KeysetPosition,
  type KeysetSort,
  keysetText,
  openingAgentId,
} from './search.repository.js';
export { registerSearchRoutes } from './search.routes.js';
export { shownStatus } from './search.rules.js';
export { chatHistoryWhere, ticketListWhere } from './search.service.js';

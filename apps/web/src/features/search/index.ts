export { ChatHistoryPage } from './ChatHistoryPage';
export { TicketListPage } from './TicketListPage';

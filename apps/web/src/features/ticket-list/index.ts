export { TicketListPage } from './TicketListPage';

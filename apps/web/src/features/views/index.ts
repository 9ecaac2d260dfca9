export { TicketViewPage } from './TicketViewPage';

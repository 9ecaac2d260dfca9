export { ChatHistoryPage } from './ChatHistoryPage';

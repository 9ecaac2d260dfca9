export { ChatCreditsPage } from './ChatCreditsPage';

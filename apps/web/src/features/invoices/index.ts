export { FinancePage } from './FinancePage';

export { BankAccountTab } from './BankAccountTab';
export { WalletPage } from './WalletPage';

export { ContactTransactions } from './ContactTransactions';
export { CreateTransactionButton, LeaveChatGuard, useCartDiscardGuard } from './DiscardGuard';
export { ShippingTab } from './ShippingTab';
export { TransactionSummaryWidget } from './TransactionSummaryWidget';
export { TransactionDrawer, TransactionList, TransactionsPage } from './TransactionsPage';
export { WhatsappCataloguePage } from './WhatsappCataloguePage';

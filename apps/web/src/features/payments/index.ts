export { usePaymentMethods } from './api';
export { formatCredits, formatRupiah } from './money';
export { PendingTopUp } from './PendingTopUp';
export { TopUpDialog } from './TopUpDialog';

export { usePaymentMethods } from './api';
export { formatCredits, formatRupiah } from './money';
export { PaymentMethodRadios } from './PaymentMethodRadios';
export { PendingTopUp } from './PendingTopUp';
export { TopUpDialog } from './TopUpDialog';

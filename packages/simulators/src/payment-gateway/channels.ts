/** The payment channels the simulated gateway knows (Xendit channel codes and categories, Indonesia). */

export type ChannelCategory = 'VIRTUAL_ACCOUNT' | 'QRIS' | 'EWALLET';

export const GATEWAY_CHANNELS: readonly { code: string; name: string; category: ChannelCategory }[] = [
  { code: 'BCA', name: 'Bank Central Asia', category: 'VIRTUAL_ACCOUNT' },
  { code: 'BNI', name: 'Bank Negara Indonesia', category: 'VIRTUAL_ACCOUNT' },
  { code: 'BRI', name: 'Bank Rakyat Indonesia', category: 'VIRTUAL_ACCOUNT' },
  { code: 'MANDIRI', name: 'Bank Mandiri', category: 'VIRTUAL_ACCOUNT' },
  { code: 'PERMATA', name: 'Bank Permata', category: 'VIRTUAL_ACCOUNT' },
  { code: 'QRIS', name: 'QRIS', category: 'QRIS' },
  { code: 'OVO', name: 'OVO', category: 'EWALLET' },
  { code: 'DANA', name: 'DANA', category: 'EWALLET' },
  { code: 'SHOPEEPAY', name: 'ShopeePay', category: 'EWALLET' },
  { code: 'LINKAJA', name: 'LinkAja', category: 'EWALLET' },
];

/** The invoice callback's `payment_method` for a channel's category. */
export function paymentMethodOf(category: ChannelCategory): string {
  return category === 'VIRTUAL_ACCOUNT' ? 'BANK_TRANSFER' : category === 'QRIS' ? 'QR_CODE' : 'EWALLET';
}

/** A virtual account number (bank prefix + digits), a QR string or the e-wallet's name, for the page. */
export function paymentDestination(category: ChannelCategory, invoiceId: string): string {
  const digits = [...invoiceId].map((c) => c.charCodeAt(0) % 10).join('');
  if (category === 'VIRTUAL_ACCOUNT') return `8808${digits.slice(0, 12)}`;
  if (category === 'QRIS') return `00020101021226${digits.slice(0, 20)}5802ID`;
  return digits.slice(0, 10);
}

import type { ChosenOption, Transaction, TransactionStatus } from '@sapa/contracts';

/** One priced cart line (unit price with the chosen options, weight of one unit in grams). */
export interface OrderLine {
  productId: string;
  name: string;
  sku: string | null;
  unitPrice: number;
  quantity: number;
  variants: ChosenOption[];
  note: string | null;
  weightGrams: number;
}

/** The business's order number: TRX- and the sequence, six digits at least. */
export function transactionNumber(seq: number): string {
  return `TRX-${String(seq).padStart(6, '0')}`;
}

const rupiah = (n: number) => `Rp${n.toLocaleString('id-ID')}`;
const kg = (grams: number) => `${(grams / 1000).toLocaleString('id-ID', { maximumFractionDigits: 3 })} kg`;

/**
 * The order summary the customer receives in the chat (Indonesian: the customers of an ID-only feature). Every
 * line of the cart with its options and note, the delivery and address, the totals and the payment link.
 */
export function orderSummaryText(order: Transaction, paymentUrl: string | null): string {
  const lines = [`Ringkasan pesanan ${order.number}`, `Nama: ${order.customerName}`, ''];
  order.items.forEach((item, i) => {
    const options = item.variants.map((v) => v.optionName).join(', ');
    lines.push(
      `${i + 1}. ${item.name}${options ? ` (${options})` : ''} x${item.quantity} = ${rupiah(item.subtotal)}`,
    );
    if (item.note) lines.push(`   Catatan: ${item.note}`);
  });
  lines.push('', `Subtotal: ${rupiah(order.subtotal)}`);
  if (order.weightGrams > 0) lines.push(`Berat: ${kg(order.weightGrams)}`);
  if (order.delivery === 'courier') {
    const estimate = order.courierEstimate ? `, ${order.courierEstimate}` : '';
    lines.push(`Ongkir (${order.courierName}${estimate}): ${rupiah(order.shippingFee)}`);
  }
  lines.push(`Total: ${rupiah(order.total)}`, '');
  if (order.delivery === 'courier' && order.address) {
    const a = order.address;
    lines.push(`Dikirim ke: ${a.fullAddress}, ${a.district}, ${a.city}, ${a.province} ${a.postalCode}`);
  } else lines.push('Diambil sendiri di toko');
  if (order.note) lines.push(`Catatan: ${order.note}`);
  if (paymentUrl) lines.push('', `Bayar di sini: ${paymentUrl}`);
  return lines.join('\n');
}

const STATUS_NOTICE: Record<TransactionStatus, string> = {
  new_order: 'sudah kami terima',
  prepared: 'sedang kami siapkan',
  ready: 'sudah siap',
  done: 'sudah selesai. Terima kasih!',
  cancelled: 'dibatalkan',
};

/** What the customer is told when an order moves (001 §4), when the agent chooses to tell them. */
export function statusNoticeText(number: string, status: TransactionStatus): string {
  return `Pesanan ${number} ${STATUS_NOTICE[status]}`;
}

import type { SimInvoice } from './types.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const rupiah = (n: number) => `Rp${n.toLocaleString('id-ID')}`;

/**
 * The invoice page a payer opens from `invoice_url`: amount, channel, virtual account number or QR string,
 * and two plain form buttons — pay, or let the invoice expire. No script: it works with the keyboard alone.
 */
export function invoicePageHtml(invoice: SimInvoice, destination: string): string {
  const channel = invoice.payment_methods[0] ?? '';
  const open = invoice.status === 'PENDING';
  const actions = open
    ? `<form method="post" action="/web/invoices/${escapeHtml(invoice.id)}/pay"><button type="submit" id="pay">Pay ${rupiah(invoice.amount)} with ${escapeHtml(channel)}</button></form>
  <form method="post" action="/web/invoices/${escapeHtml(invoice.id)}/expire"><button type="submit" id="expire">Let it expire</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoice ${escapeHtml(invoice.external_id)} — payment gateway simulator</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6fb; margin: 0; color: #111; }
  main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; }
  dt { color: #556; } dd { margin: 0; font-weight: 600; word-break: break-all; }
  form { display: inline-block; margin: 12px 8px 0 0; }
  button { padding: 10px 16px; border-radius: 8px; border: 1px solid #1b4fd1; background: #1b4fd1; color: #fff; font-size: 15px; cursor: pointer; }
  #expire { background: #fff; color: #1b4fd1; }
  .status { font-size: 18px; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(invoice.merchant_name)}</h1>
  <p>${escapeHtml(invoice.description)}</p>
  <dl>
    <dt>Amount</dt><dd id="amount">${rupiah(invoice.amount)}</dd>
    <dt>Method</dt><dd id="channel">${escapeHtml(channel)}</dd>
    <dt>Pay to</dt><dd id="destination">${escapeHtml(destination)}</dd>
    <dt>Expires</dt><dd>${escapeHtml(invoice.expiry_date)}</dd>
    <dt>Status</dt><dd class="status" id="status" role="status">${escapeHtml(invoice.status)}</dd>
  </dl>
  ${actions}
</main>
</body>
</html>`;
}

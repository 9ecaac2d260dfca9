/**
 * The public entry of invoices: the monthly bills of 001 §2 /setting/finance (issue 21 point 2) — built on
 * the 3rd from the chat-credit ledger (billing) and the subscription, confirmed with a signed BAST or rejected,
 * invoiced, paid through the payments module's gateway or by an uploaded proof — and their PDF documents.
 */
export { INVOICE_PURPOSE, invoicePaymentPurpose } from './bill-actions.service.js';
export { advanceBills, buildMonthlyBills } from './bills.service.js';
export { createBillsContext, createInvoicesContext, type InvoicesContext } from './invoices.context.js';
export { billLifecycleDrain, monthlyBillsDrain } from './invoices.jobs.js';
export { registerInvoiceRoutes } from './invoices.routes.js';

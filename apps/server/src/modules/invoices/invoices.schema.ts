import type { BillLine } from '@sapa/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from '../tenancy/tenancy.schema.js';

/**
 * A monthly bill (001 §2 billing, §3 Bill: period, status, amount, payment date, documents; 000 §4 statuses).
 * One per business and month of usage, built on the 3rd of the next month (`(client_id, period)` unique: the
 * job run twice builds one). Dates are Asia/Jakarta calendar dates; money is whole rupiah, VAT included.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    /** INV/<period>/<sequence of the period>. */
    number: text('number').notNull(),
    /** YYYY-MM, the month of usage. */
    period: text('period').notNull(),
    status: text('status').notNull(),
    lines: jsonb('lines').$type<BillLine[]>().notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    vat: bigint('vat', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    usageDate: date('usage_date').notNull(),
    confirmationDueDate: date('confirmation_due_date').notNull(),
    /** 7 working days after the usage was confirmed (001 §4). */
    finalInvoiceDueDate: date('final_invoice_due_date'),
    paymentDueDate: date('payment_due_date'),
    /** APPROVED, REJECTED; null while unanswered or confirmed by lapse. */
    approval: text('approval'),
    bastSignerName: text('bast_signer_name'),
    bastSignerTitle: text('bast_signer_title'),
    bastSignedAt: timestamp('bast_signed_at', { withTimezone: true }),
    bastSignedBy: uuid('bast_signed_by'),
    rejectionReason: text('rejection_reason'),
    /** The gateway payment in process (payments module), or null. */
    paymentId: uuid('payment_id'),
    /** The storage key of the uploaded payment proof in process, or null. */
    proofKey: text('proof_key'),
    proofUploadedAt: timestamp('proof_uploaded_at', { withTimezone: true }),
    /** 2 working days after the proof was uploaded (001 §4). */
    proofVerifyByDate: date('proof_verify_by_date'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The platform finance user who released the bill by hand or verified its proof. */
    settledBy: text('settled_by'),
    /** Bumped on every status change: the active-bill cache's key. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('invoices_client_period_key').on(t.clientId, t.period),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_payment_key').on(t.paymentId),
    index('invoices_client_status_idx').on(t.clientId, t.status, t.createdAt),
    index('invoices_status_idx').on(t.status),
  ],
);

/**
 * A bill's documents (000 §4 kinds SUMMARY_USAGE, FORM_INVOICE, BAST, FINAL_INVOICE, PAYMENT_PROOF_IMAGE): the
 * generated PDFs and the uploaded proof, stored through the storage interface under `storage_key`. One of each
 * kind per bill: a new proof replaces the refused one.
 */
export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('invoice_documents_kind_key').on(t.invoiceId, t.kind)],
);

/**
 * A presigned payment-proof upload (001 §7 user/file): made when the URL is handed out, filled when the browser
 * PUTs the bytes; a payment names it by id.
 */
export const invoiceUploads = pgTable('invoice_uploads', {
  id: uuid('id').primaryKey(),
  clientId: uuid('client_id')
    .notNull()
    .references(() => clients.id),
  mime: text('mime').notNull(),
  fileName: text('file_name').notNull(),
  declaredSize: integer('declared_size').notNull(),
  storageKey: text('storage_key'),
  size: integer('size'),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

import { z } from 'zod';
import { ACTIVE_INVOICES_FETCHED, VAT_PERCENT } from '../../pricing.js';
import { defineEndpoint } from '../endpoint.js';
import { PAYMENT_METHOD_CODES } from '../payments/payments.js';
import { BILL_APPROVALS, BILL_DOCUMENT_KINDS, BILL_STATUSES } from './monthly-bills.js';

/**
 * The monthly bills of 001 §2 /setting/finance [SETTING_FINANCE] and §7's finance calls, in Sapa's API style:
 * `user/invoices/{status}` is `GET /api/invoices?status=`, `/approval` and `/payment` are per bill, `user/file`
 * is `POST /api/invoices/files` (a presigned upload URL the browser PUTs the proof to).
 */

/** 001 §5: a payment proof is at most 2 MB. */
export const PAYMENT_PROOF_MAX_BYTES = 2 * 1024 * 1024;
export const PAYMENT_PROOF_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
/** Days a final invoice gives the business to pay (Sapa's choice: the spec names no value). */
export const PAYMENT_TERM_DAYS = 14;

/**
 * A total whose VAT is inside it (chat credits are priced VAT included, 001 §9): the net and the VAT it holds,
 * VAT rounded half up to the rupiah. Integer arithmetic only.
 */
export function splitVatIncluded(total: number): { net: number; vat: number; total: number } {
  const vat = Math.floor((total * VAT_PERCENT * 2 + (100 + VAT_PERCENT)) / (2 * (100 + VAT_PERCENT)));
  return { net: total - vat, vat, total };
}

export const billLineSchema = z.object({
  /** usage: post-paid chat credits of the period; package: the subscription the period ran on (reference). */
  kind: z.enum(['usage', 'package']),
  description: z.string(),
  quantity: z.number(),
  /** Rupiah, VAT included. */
  amount: z.number(),
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billDocumentSchema = z.object({
  kind: z.enum(BILL_DOCUMENT_KINDS),
  fileName: z.string(),
  createdAt: z.number(),
});

export const billSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  /** YYYY-MM: the month of usage. */
  period: z.string(),
  status: z.enum(BILL_STATUSES),
  /** 001 §4: OVERDUE with a days count. */
  overdueDays: z.number().nullable(),
  lines: z.array(billLineSchema),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
  usageDate: z.string(),
  confirmationDueDate: z.string(),
  finalInvoiceDueDate: z.string().nullable(),
  paymentDueDate: z.string().nullable(),
  approval: z.enum(BILL_APPROVALS).nullable(),
  bastSignerName: z.string().nullable(),
  bastSignedAt: z.number().nullable(),
  paidAt: z.number().nullable(),
  /** The gateway's checkout page of a payment in process (null otherwise). */
  checkoutUrl: z.string().nullable(),
  documents: z.array(billDocumentSchema),
  createdAt: z.number(),
});
export type Bill = z.infer<typeof billSchema>;

/** `active` (000 §3 groups), `history` (paid, released, cancelled) or one status. */
export const BILL_LIST_FILTERS = ['active', 'history', ...BILL_STATUSES] as const;

const idParam = z.object({ id: z.string().uuid() });

export const invoiceEndpoints = {
  /** 000 §3, §9: active bills grouped (first 10, cached 15 min) and whether an overdue bill blocks the business. */
  active: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/active',
    response: z.object({
      overdue: z.array(billSchema),
      pendingConfirmation: z.array(billSchema),
      pendingPayment: z.array(billSchema),
      /** 001 §9: a bill unpaid more than 90 days past its due date blocks the business until paid. */
      blocked: z.boolean(),
    }),
  }),
  /** 001 §7 user/invoices/{status} (pageNumber, pageSize). */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/invoices',
    query: z.object({
      status: z.enum(BILL_LIST_FILTERS, { error: 'invoices.statusInvalid' }).default('active'),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(ACTIVE_INVOICES_FETCHED),
    }),
    response: z.object({
      items: z.array(billSchema),
      page: z.number(),
      pageSize: z.number(),
      total: z.number(),
    }),
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/invoices/:id', response: billSchema }),
  /**
   * 001 §7 user/invoices/approval: APPROVED signs the acceptance certificate (BAST) in the signer's name;
   * REJECTED sends the business's reason to Sapa's finance by e-mail.
   */
  approval: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:id/approval',
    body: z.discriminatedUnion(
      'statusApproval',
      [
        z.object({
          statusApproval: z.literal('APPROVED'),
          signerName: z
            .string({ error: 'invoices.signerRequired' })
            .trim()
            .min(2, 'invoices.signerRequired')
            .max(100, 'invoices.signerRequired'),
          signerTitle: z.string().trim().max(100).default(''),
          agree: z.literal(true, { error: 'invoices.agreeRequired' }),
        }),
        z.object({
          statusApproval: z.literal('REJECTED'),
          reason: z
            .string({ error: 'invoices.reasonRequired' })
            .trim()
            .min(5, 'invoices.reasonRequired')
            .max(1000, 'invoices.reasonRequired'),
        }),
      ],
      { error: 'invoices.approvalInvalid' },
    ),
    response: billSchema,
  }),
  /** 001 §7 user/file: a presigned URL the browser PUTs the payment proof's bytes to (≤ 2 MB, 001 §5). */
  file: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/files',
    body: z.object({
      mimeType: z.enum(PAYMENT_PROOF_MIME_TYPES, { error: 'invoices.proofType' }),
      type: z.literal('PAYMENT_PROOF_IMAGE', { error: 'invoices.proofType' }),
      filename: z.string({ error: 'invoices.proofType' }).trim().min(1).max(200),
      size: z
        .number({ error: 'invoices.proofTooLarge' })
        .int()
        .min(1, 'invoices.proofEmpty')
        .max(PAYMENT_PROOF_MAX_BYTES, 'invoices.proofTooLarge'),
    }),
    response: z.object({ fileId: z.string().uuid(), presignUrl: z.string(), expiresAt: z.number() }),
  }),
  /** 001 §7 user/invoices/payment: by the gateway (a method) or by the uploaded proof (urlPaymentProof). */
  payment: defineEndpoint({
    method: 'POST',
    path: '/api/invoices/:id/payment',
    body: z.union(
      [
        z.object({ method: z.enum(PAYMENT_METHOD_CODES, { error: 'payments.methodRequired' }) }),
        z.object({ urlPaymentProof: z.string().uuid('invoices.proofMissing') }),
      ],
      { error: 'invoices.paymentInvalid' },
    ),
    response: billSchema,
  }),
  /** A signed link to one of the bill's documents, valid for a few minutes. */
  documentLink: defineEndpoint({
    method: 'GET',
    path: '/api/invoices/:id/documents/:kind',
    response: z.object({ url: z.string(), fileName: z.string(), expiresAt: z.number() }),
  }),
} as const;
export const invoiceIdParam = idParam;

/** Where a presigned proof upload is PUT, and where a signed document link is opened (no bearer token). */
export const INVOICE_UPLOAD_PATH = '/api/invoice-files/upload';
export const INVOICE_DOWNLOAD_PATH = '/api/invoice-files/download';

export const INVOICE_MESSAGES = {
  'invoices.statusInvalid': { en: 'Unknown bill status', id: 'Status tagihan tidak dikenal' },
  'invoices.signerRequired': {
    en: "Enter the signer's full name",
    id: 'Masukkan nama lengkap penanda tangan',
  },
  'invoices.agreeRequired': {
    en: 'Tick the agreement to sign the acceptance certificate',
    id: 'Centang persetujuan untuk menandatangani BAST',
  },
  'invoices.reasonRequired': {
    en: 'Tell finance why the usage is not right (at least 5 characters)',
    id: 'Jelaskan ke tim keuangan mengapa pemakaian tidak sesuai (minimal 5 karakter)',
  },
  'invoices.approvalInvalid': { en: 'Approve or reject the usage', id: 'Setujui atau tolak pemakaian' },
  'invoices.notPending': {
    en: 'This bill is no longer waiting for your confirmation',
    id: 'Tagihan ini tidak lagi menunggu konfirmasi Anda',
  },
  'invoices.notPayable': {
    en: 'This bill cannot be paid now',
    id: 'Tagihan ini tidak dapat dibayar sekarang',
  },
  'invoices.proofTooLarge': { en: 'Payment proof over 2 MB', id: 'Bukti pembayaran lebih dari 2 MB' },
  'invoices.proofEmpty': { en: 'The file is empty', id: 'Berkas kosong' },
  'invoices.proofType': {
    en: 'A payment proof is a JPG, PNG or PDF file',
    id: 'Bukti pembayaran berupa berkas JPG, PNG, atau PDF',
  },
  'invoices.proofMissing': {
    en: 'Upload the payment proof first',
    id: 'Unggah bukti pembayaran terlebih dahulu',
  },
  'invoices.paymentInvalid': {
    en: 'Choose a payment method or upload a payment proof',
    id: 'Pilih metode pembayaran atau unggah bukti pembayaran',
  },
  'invoices.linkInvalid': {
    en: 'This link is not valid or has expired',
    id: 'Tautan ini tidak valid atau sudah kedaluwarsa',
  },
  'invoices.documentMissing': {
    en: 'This document is not ready yet',
    id: 'Dokumen ini belum tersedia',
  },
  'invoices.blocked': {
    en: 'Your account is blocked: a bill is more than 90 days overdue. Pay it to continue.',
    id: 'Akun Anda diblokir: ada tagihan yang terlambat lebih dari 90 hari. Bayar untuk melanjutkan.',
  },
} as const;

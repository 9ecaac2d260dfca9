import { z } from 'zod';
import { LANGUAGES } from '../../messages.js';
import { defineEndpoint } from '../endpoint.js';

/** 001 §5, §9 contact upload: max 5 MB and 2000 contacts per file. */
export const CONTACT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_UPLOAD_MAX_ROWS = 2000;
/** 001 §5: .xlsx (other notes also allow xls and csv). */
export const CONTACT_UPLOAD_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
/**
 * The template's columns, in order (001 §5 "the template format must not change"): the built-in fields of
 * 001 §3 — name, number, group, birth date, last education — and the email. Groups are names separated by
 * commas; the birth date is YYYY-MM-DD (or a date cell).
 */
export const CONTACT_UPLOAD_COLUMNS = [
  'Nama',
  'Nomor WhatsApp',
  'Email',
  'Grup',
  'Tanggal Lahir (YYYY-MM-DD)',
  'Pendidikan Terakhir',
] as const;
export const CONTACT_UPLOAD_TEMPLATE_NAME = 'template-kontak.xlsx';
/**
 * After the fixed columns the template has a tags column (names separated by commas; a name the business
 * does not have yet becomes a new tag) and one column per custom field, titled with the field's title.
 * These columns are optional in an uploaded file and may come in any order, but every header must be one
 * of them: anything else is a template mismatch.
 */
export const CONTACT_UPLOAD_TAGS_COLUMN = 'Tag';

/** The template's header for a business with these custom fields (oldest field first). */
export function contactUploadColumns(fields: readonly { title: string }[]): string[] {
  return [...CONTACT_UPLOAD_COLUMNS, CONTACT_UPLOAD_TAGS_COLUMN, ...fields.map((f) => f.title)];
}

/** 001 §3, §4 upload history status: processing, then success, partial or failed. */
export const CONTACT_UPLOAD_STATUSES = ['processing', 'success', 'partial', 'failed'] as const;
export type ContactUploadStatus = (typeof CONTACT_UPLOAD_STATUSES)[number];

export const contactUploadSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  status: z.enum(CONTACT_UPLOAD_STATUSES),
  /** Why the whole file failed (template mismatch, empty file, too many rows, system error). */
  reason: z.string().nullable(),
  savedCount: z.number().int(),
  failedCount: z.number().int(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type ContactUpload = z.infer<typeof contactUploadSchema>;

export const contactUploadQuerySchema = z.object({
  /** The file's name (its extension says the format). */
  name: z
    .string({ error: 'contacts.upload.fileRequired' })
    .trim()
    .min(1, 'contacts.upload.fileRequired')
    .max(255),
});

export const contactUploadEndpoints = {
  /** The template file (xlsx) with the columns of CONTACT_UPLOAD_COLUMNS. */
  template: defineEndpoint({ method: 'GET', path: '/api/contact-uploads/template', response: z.unknown() }),
  /**
   * The raw file as the request body (any Content-Type), its name in `?name=`. Checks at once: a file, an
   * xlsx/xls/csv name and content, at most 5 MB; the rows are read by a job (the history shows progress).
   */
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/contact-uploads',
    query: contactUploadQuerySchema,
    response: contactUploadSchema,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/contact-uploads',
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({ items: z.array(contactUploadSchema), nextCursor: z.string().nullable() }),
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/contact-uploads/:id', response: contactUploadSchema }),
  /**
   * The failed rows as xlsx: the template's columns, the row and the reason, in `?lang=` or the caller's
   * Accept-Language (a browser download cannot set headers).
   */
  failedRows: defineEndpoint({
    method: 'GET',
    path: '/api/contact-uploads/:id/failed-rows',
    query: z.object({ lang: z.enum(LANGUAGES).optional() }),
    response: z.unknown(),
  }),
} as const;

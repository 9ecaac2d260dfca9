import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  chatHistoryFilterSchema,
  ticketListColumnKeySchema,
  ticketListFilterSchema,
} from '../search/search.js';

/**
 * Downloads of chat data (000 §2 chat list "download chat data, with or without chat messages, and a warning
 * when the maximum selection is exceeded"; §3 Export history request; §7 POST export-history/request, GET
 * export-history/list, GET export-history/report/signed; §8 export messages; §9 and 001 §5 "Chat history
 * download range is at most 31 days"; 001 §4 export request status done, in progress, failed).
 */

/**
 * The messages of downloads, spread into `MESSAGES` (000 §8 chat list and export messages verbatim; §9 the
 * 31-day rule).
 */
export const EXPORT_MESSAGES = {
  'exports.rangeTooLong': {
    en: 'Chat history download range is at most 31 days',
    id: 'Rentang unduhan riwayat chat maksimal 31 hari',
  },
  'exports.rangeRequired': {
    en: 'Choose the start and end date of the chats to download.',
    id: 'Pilih tanggal awal dan akhir chat yang akan diunduh.',
  },
  'exports.rangeReversed': {
    en: 'The end date must not be before the start date.',
    id: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
  },
  'exports.tooMany': {
    en: 'The selection is over the maximum of {0} chats per download. Narrow the filter.',
    id: 'Pilihan melebihi batas maksimal {0} chat per unduhan. Persempit filternya.',
  },
  'exports.tooManyRows': {
    en: 'The download is over the maximum of {0} rows. Narrow the filter.',
    id: 'Unduhan melebihi batas maksimal {0} baris. Persempit filternya.',
  },
  'exports.downloadFailed': {
    en: 'Failed to download chat data. Please try again.',
    id: 'Gagal mengunduh data chat. Silakan coba lagi.',
  },
  'exports.failedAll': { en: 'Failed to export all chat history', id: 'Gagal mengekspor semua riwayat chat' },
  'exports.failed': { en: 'Failed to export chat history', id: 'Gagal mengekspor riwayat chat' },
  'exports.notReady': {
    en: 'The file is not ready yet.',
    id: 'File belum siap.',
  },
  'exports.linkInvalid': {
    en: 'This download link is invalid or has expired.',
    id: 'Tautan unduhan ini tidak valid atau sudah kedaluwarsa.',
  },
} as const;

/** 000 §9, 001 §5: a chat history download covers at most 31 days. */
export const EXPORT_RANGE_MAX_DAYS = 31;
/** The most chats one download may hold (000 §2 maximum-selection warning; Sapa's limit). */
export const EXPORT_MAX_TICKETS = 100_000;
/** The most rows of one file with messages (an xlsx sheet holds 1,048,576 rows). */
export const EXPORT_MAX_ROWS = 1_000_000;
/** How long a signed download link stays valid. */
export const EXPORT_LINK_TTL_SECONDS = 15 * 60;
export const EXPORT_HISTORY_PAGE_SIZE = 20;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** 000 §3 `type`: chats only (one row per chat) or with their messages (one row per message). */
export const EXPORT_TYPES = ['chats', 'messages'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
/** 000 §3 `roomType`: which screen's filter selected the chats. */
export const EXPORT_ROOM_TYPES = ['ticketList', 'chatHistory'] as const;
export type ExportRoomType = (typeof EXPORT_ROOM_TYPES)[number];
/** 001 §4 export request: done, in progress, failed. */
export const EXPORT_STATUSES = ['inProgress', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Days from `from` to `to` inclusive (`YYYY-MM-DD`); 0 when `to` is before `from`. */
export function exportRangeDays(from: string, to: string): number {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days < 0 ? 0 : days + 1;
}

/** The date range a download covers, read from its filter; null when it is not bounded on both ends. */
export function exportRangeOf(
  request: Pick<ExportRequest, 'roomType' | 'filter'>,
): { from: string; to: string } | null {
  const f = request.filter as Record<string, string | undefined>;
  const pairs: [string | undefined, string | undefined][] =
    request.roomType === 'chatHistory'
      ? [[f.dateFrom, f.dateTo]]
      : [
          [f.createdFrom, f.createdTo],
          [f.closedFrom, f.closedTo],
        ];
  for (const [from, to] of pairs) if (from && to) return { from, to };
  return null;
}

/**
 * The 31-day rule as a message key, or null when the request keeps it: a range must be bounded on both ends
 * (for the ticket list the created or the closed range), not reversed, and every bounded range at most 31
 * days long.
 */
export function exportRangeProblem(
  request: Pick<ExportRequest, 'roomType' | 'filter'>,
): 'exports.rangeRequired' | 'exports.rangeReversed' | 'exports.rangeTooLong' | null {
  const f = request.filter as Record<string, string | undefined>;
  const pairs: [string | undefined, string | undefined][] =
    request.roomType === 'chatHistory'
      ? [[f.dateFrom, f.dateTo]]
      : [
          [f.createdFrom, f.createdTo],
          [f.closedFrom, f.closedTo],
        ];
  if (!exportRangeOf(request)) return 'exports.rangeRequired';
  for (const [from, to] of pairs) {
    if (!from || !to) continue;
    if (to < from) return 'exports.rangeReversed';
    if (exportRangeDays(from, to) > EXPORT_RANGE_MAX_DAYS) return 'exports.rangeTooLong';
  }
  return null;
}

const commonRequest = {
  type: z.enum(EXPORT_TYPES),
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
};

/** 000 §3 Export history request (requestStartDate and requestEndDate come from the filter's range). */
export const exportRequestSchema = z
  .discriminatedUnion('roomType', [
    z.object({
      roomType: z.literal('ticketList'),
      filter: ticketListFilterSchema,
      /** The ticket-list columns to write (the list's default visible columns, 000 §3, when omitted). */
      columns: z.array(ticketListColumnKeySchema).min(1, 'validation.fieldRequired').max(14).optional(),
      ...commonRequest,
    }),
    z.object({ roomType: z.literal('chatHistory'), filter: chatHistoryFilterSchema, ...commonRequest }),
  ])
  .superRefine((request, ctx) => {
    const problem = exportRangeProblem(request);
    if (problem) ctx.addIssue({ code: 'custom', path: ['filter'], message: problem });
  });
export type ExportRequestInput = z.input<typeof exportRequestSchema>;
export type ExportRequest = z.output<typeof exportRequestSchema>;

const personSchema = z.object({ id: z.string().uuid(), name: z.string() });

/** One row of the export history (000 §7 export-history/list). */
export const exportHistoryItemSchema = z.object({
  id: z.string().uuid(),
  requestedBy: personSchema,
  createdAt: z.number(),
  requestStartDate: z.string(),
  requestEndDate: z.string(),
  type: z.enum(EXPORT_TYPES),
  roomType: z.enum(EXPORT_ROOM_TYPES),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** Rows written so far (chats, or messages with `type` messages). */
  rowCount: z.number().int(),
  fileName: z.string(),
  /** Bytes of the finished file. */
  size: z.number().int().nullable(),
  finishedAt: z.number().nullable(),
  /** Why it failed, in the caller's language (000 §8 export messages). */
  error: z.string().nullable(),
});
export type ExportHistoryItem = z.infer<typeof exportHistoryItemSchema>;

export const exportSignedLinkSchema = z.object({
  /** A path on this server, valid until `expiresAt` without a bearer token (a plain link downloads). */
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.number(),
});
export type ExportSignedLink = z.infer<typeof exportSignedLinkSchema>;

/**
 * The signed download itself (public: the signature is the credential): `id` the export, `c` its business,
 * `e` the expiry in Unix seconds, `s` the signature. Answers the file, or 403 when the link is not genuine or
 * has expired.
 */
export const EXPORT_DOWNLOAD_PATH = '/api/export-history/report/download';
export const exportDownloadQuerySchema = z.object({
  id: z.string().uuid('exports.linkInvalid'),
  c: z.string().uuid('exports.linkInvalid'),
  e: z.string().max(20),
  s: z.string().max(100),
});

export const exportEndpoints = {
  /** 000 §7 POST export-history/request: counts the selection, queues the export (status in progress). */
  request: defineEndpoint({
    method: 'POST',
    path: '/api/export-history/request',
    body: exportRequestSchema,
    response: exportHistoryItemSchema,
  }),
  /** 000 §7 GET export-history/list: newest first, keyset-paged. */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/export-history/list',
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(EXPORT_HISTORY_PAGE_SIZE),
    }),
    response: z.object({ items: z.array(exportHistoryItemSchema), nextCursor: z.string().nullable() }),
  }),
  /** 000 §7 GET export-history/report/signed: a link to the finished file that expires. */
  signed: defineEndpoint({
    method: 'GET',
    path: '/api/export-history/report/signed',
    query: z.object({ id: z.string().uuid('validation.invalid') }),
    response: exportSignedLinkSchema,
  }),
} as const;

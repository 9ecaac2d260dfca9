import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { exportRangeDays } from '../exports/exports.js';
import { searchDateSchema } from '../search/search.js';

/**
 * The business audit log (001 §2 audit logs, route /setting/logs [SETTING_LOGS]; §5 "Audit log range max 30
 * days"; 000 §7 GET /auditLogs): who changed what and when — settings, users, roles, channels, templates,
 * broadcasts, tickets (assignments, status, bulk jobs) — and every sign-in, with the values before and after.
 */

/** The areas the log is filtered by. */
export const AUDIT_AREAS = [
  'SETTINGS',
  'USERS',
  'ROLES',
  'CHANNELS',
  'TEMPLATES',
  'BROADCASTS',
  'TICKETS',
  'SIGN_IN',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** 001 §5, §9: an audit log range covers at most 30 days. */
export const AUDIT_RANGE_MAX_DAYS = 30;
/** The most rows one download holds (newest first). */
export const AUDIT_DOWNLOAD_MAX_ROWS = 50_000;

export const AUDIT_MESSAGES = {
  'audit.rangeTooLong': {
    en: 'Audit log range is at most 30 days',
    id: 'Rentang log audit maksimal 30 hari',
  },
  'audit.rangeReversed': {
    en: 'The end date must not be before the start date.',
    id: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
  },
  'audit.downloadFailed': {
    en: 'Failed to download the audit log. Please try again.',
    id: 'Gagal mengunduh log audit. Silakan coba lagi.',
  },
} as const;

/** The 30-day rule as a message key, or null when the range keeps it (`YYYY-MM-DD`, both ends inclusive). */
export function auditRangeProblem(
  from: string,
  to: string,
): 'audit.rangeReversed' | 'audit.rangeTooLong' | null {
  if (to < from) return 'audit.rangeReversed';
  return exportRangeDays(from, to) > AUDIT_RANGE_MAX_DAYS ? 'audit.rangeTooLong' : null;
}

/** A JSON value as stored: what a field was before and after the change. */
const snapshotSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.string().uuid(),
  at: z.number(),
  area: z.enum(AUDIT_AREAS),
  /** A key of the web's `audit.action.*` texts, e.g. `user.updated`. */
  action: z.string(),
  /** Who did it; null for the system (automatic assignment, automatic close). */
  actor: z.object({ id: z.string().uuid(), name: z.string(), email: z.string() }).nullable(),
  /** What it was done to: its kind, id and name when it was done. */
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
  before: snapshotSchema,
  after: snapshotSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The filter of /setting/logs: a range of WIB days (≤ 30), and optionally a person and an area. */
const filterShape = {
  from: searchDateSchema,
  to: searchDateSchema,
  actorId: z.string().uuid('validation.invalid').optional(),
  area: z.enum(AUDIT_AREAS).optional(),
};
type FilterInput = { from: string; to: string };
const rangeRule = (q: FilterInput, ctx: z.RefinementCtx) => {
  const problem = auditRangeProblem(q.from, q.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
};

export const auditFilterSchema = z.object(filterShape).superRefine(rangeRule);
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditEndpoints = {
  /** 000 §7 GET /auditLogs: the business's entries, newest first, keyset-paged. */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/audit-logs',
    query: z
      .object({
        ...filterShape,
        cursor: z.string().max(300).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(50),
      })
      .superRefine(rangeRule),
    response: z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() }),
  }),
  /** The filter's entries as csv in the reader's language. */
  download: defineEndpoint({
    method: 'GET',
    path: '/api/audit-logs/download',
    query: z.object({ ...filterShape, lang: z.enum(['id', 'en']).optional() }).superRefine(rangeRule),
    response: z.unknown(),
  }),
  /** The people of the business, for the person filter (members, including removed ones who appear in the log). */
  people: defineEndpoint({
    method: 'GET',
    path: '/api/audit-logs/people',
    response: z.object({
      items: z.array(z.object({ id: z.string().uuid(), name: z.string(), email: z.string() })),
    }),
  }),
} as const;

type Text = { id: string; en: string };

/** The areas in both languages (the page's filter, the list and the download). */
export const AUDIT_AREA_TEXT: Record<AuditArea, Text> = {
  SETTINGS: { id: 'Pengaturan', en: 'Settings' },
  USERS: { id: 'Pengguna', en: 'Users' },
  ROLES: { id: 'Peran akses', en: 'Access roles' },
  CHANNELS: { id: 'Channel', en: 'Channels' },
  TEMPLATES: { id: 'Template', en: 'Templates' },
  BROADCASTS: { id: 'Broadcast', en: 'Broadcasts' },
  TICKETS: { id: 'Tiket', en: 'Tickets' },
  SIGN_IN: { id: 'Masuk', en: 'Sign-in' },
};

/** The actions the modules record, in both languages; an action not listed shows its key. */
export const AUDIT_ACTION_TEXT: Record<string, Text> = {
  signIn: { id: 'Masuk ke akun', en: 'Signed in' },
  'user.created': { id: 'Menambah pengguna', en: 'Added a user' },
  'user.updated': { id: 'Mengubah pengguna', en: 'Changed a user' },
  'user.deleted': { id: 'Menghapus pengguna', en: 'Removed a user' },
  'role.created': { id: 'Menambah peran akses', en: 'Added an access role' },
  'role.updated': { id: 'Mengubah peran akses', en: 'Changed an access role' },
  'role.deleted': { id: 'Menghapus peran akses', en: 'Deleted an access role' },
  'businessProfile.updated': { id: 'Mengubah info bisnis', en: 'Changed the business info' },
  'autoChat.updated': { id: 'Mengubah chat otomatis', en: 'Changed the automatic chat' },
  'group.created': { id: 'Menambah grup', en: 'Added a group' },
  'group.updated': { id: 'Mengubah grup', en: 'Changed a group' },
  'group.deleted': { id: 'Menghapus grup', en: 'Deleted a group' },
  'csConfiguration.updated': { id: 'Mengubah pengaturan CS', en: 'Changed the CS settings' },
  'chatbot.updated': { id: 'Mengubah chatbot', en: 'Changed a chatbot' },
  'makerChecker.updated': { id: 'Mengubah maker/checker', en: 'Changed maker/checker' },
  'channel.connected': { id: 'Menghubungkan channel', en: 'Connected a channel' },
  'channel.disconnected': { id: 'Memutus channel', en: 'Disconnected a channel' },
  'template.created': { id: 'Membuat template', en: 'Created a template' },
  'template.updated': { id: 'Mengubah template', en: 'Changed a template' },
  'template.deleted': { id: 'Menghapus template', en: 'Deleted a template' },
  'broadcast.created': { id: 'Membuat broadcast', en: 'Created a broadcast' },
  'broadcast.cancelled': { id: 'Membatalkan broadcast', en: 'Cancelled a broadcast' },
  'broadcast.approve': { id: 'Menyetujui broadcast', en: 'Approved a broadcast' },
  'broadcast.reject': { id: 'Menolak broadcast', en: 'Rejected a broadcast' },
  'broadcast.reset': {
    id: 'Mengembalikan broadcast ke persetujuan',
    en: 'Returned a broadcast for approval',
  },
  'channel.updated': { id: 'Mengubah channel', en: 'Changed a channel' },
  'ticket.assign': { id: 'Menugaskan tiket', en: 'Assigned a ticket' },
  'ticket.transfer': { id: 'Mengalihkan tiket', en: 'Transferred a ticket' },
  'ticket.resolve': { id: 'Menyelesaikan tiket', en: 'Resolved a ticket' },
  'ticket.update': { id: 'Mengubah tiket', en: 'Changed a ticket' },
  'ticket.play.skip': { id: 'Melewati tiket (Auto Assign)', en: 'Skipped a ticket (Auto Assign)' },
  'bulk.started': { id: 'Memulai pembaruan massal', en: 'Started a bulk update' },
  'survey.remarks': { id: 'Mengubah catatan survei', en: 'Changed survey remarks' },
};

export const auditAreaText = (area: AuditArea, language: 'id' | 'en') => AUDIT_AREA_TEXT[area][language];
export const auditActionText = (action: string, language: 'id' | 'en') =>
  AUDIT_ACTION_TEXT[action]?.[language] ?? action;

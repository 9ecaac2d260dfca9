import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  BROADCAST_CONTACT_IDS_MAX,
  BROADCAST_GROUP_IDS_MAX,
  BROADCAST_NOTE_MAX,
  BROADCAST_PAGE_SIZE,
  BROADCAST_RECIPIENTS_PAGE_SIZE,
  BROADCAST_THROUGHPUT,
  BROADCAST_TYPED_NUMBERS_MAX,
  BROADCAST_VALUE_MAX,
  BROADCAST_VARIABLES_MAX,
  checkRecipientNumbers,
  scheduleProblem,
} from './broadcast-rules.js';
import { broadcastRecipientStatusSchema, broadcastStatusSchema } from './broadcast-statuses.js';

/**
 * WhatsApp broadcasts (001 §2 broadcast tab, history and detail; §3 Broadcast; §4 broadcast statuses and
 * maker/checker; §5 broadcast rules; §6 only Makers send; §8 broadcast messages; §9 limits). Templates are
 * in `templates.ts`; the maker/checker settings list and advanced broadcasts build on this file.
 */

export * from './broadcast-rules.js';
export * from './broadcast-statuses.js';

// ---------------------------------------------------------------- create (001 §3, §5)

/** Where a template variable's value comes from: a contact field, or a value typed for every recipient. */
export const broadcastVariableSourceSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('contact'),
    /** name, phone, email, or a custom field's key (001 §3 contact custom variables). */
    field: z.string().trim().min(1, 'validation.fieldRequired').max(100),
    /** Used when the recipient has no value for the field (a typed number has no contact). */
    fallback: z.string().trim().max(BROADCAST_VALUE_MAX, 'validation.max1024').default(''),
  }),
  z.object({
    source: z.literal('manual'),
    value: z
      .string()
      .trim()
      .min(1, 'broadcast.variableRequired')
      .max(BROADCAST_VALUE_MAX, 'validation.max1024'),
  }),
]);
export type BroadcastVariableSource = z.output<typeof broadcastVariableSourceSchema>;

const numberListSchema = z
  .array(z.string().max(40))
  .max(BROADCAST_TYPED_NUMBERS_MAX, 'broadcast.tooManyNumbers')
  .default([])
  .superRefine((entries, ctx) => {
    for (const p of checkRecipientNumbers(entries).problems)
      ctx.addIssue({ code: 'custom', path: [p.index], message: p.problem });
  });

/** Who receives it: any mix of typed numbers, contacts, contact groups and an uploaded sheet. */
export const broadcastRecipientsInputSchema = z
  .object({
    /** Typed or pasted numbers (001 §5: digits only, 10-13, no duplicates). */
    numbers: numberListSchema,
    contactIds: z.array(z.string().uuid('validation.invalid')).max(BROADCAST_CONTACT_IDS_MAX).default([]),
    groupIds: z.array(z.string().uuid('validation.invalid')).max(BROADCAST_GROUP_IDS_MAX).default([]),
    /** An uploaded recipient sheet (`recipientSheet`): its rows carry their own variable values. */
    sheetId: z.string().uuid('validation.invalid').optional(),
  })
  .superRefine((r, ctx) => {
    if (!r.numbers.length && !r.contactIds.length && !r.groupIds.length && !r.sheetId)
      ctx.addIssue({ code: 'custom', path: [], message: 'broadcast.recipientsRequired' });
  });
export type BroadcastRecipientsInput = z.output<typeof broadcastRecipientsInputSchema>;

export const createBroadcastSchema = z
  .object({
    /** The sending WhatsApp number (001 §3 history: sender account). */
    channelAccountId: z.string('broadcast.senderRequired').uuid('broadcast.senderRequired'),
    /** An approved template (001 §5: template required). */
    templateId: z.string('template.required').uuid('template.required'),
    recipients: broadcastRecipientsInputSchema,
    /** One source per template variable, in the template's order. */
    variables: z.array(broadcastVariableSourceSchema).max(BROADCAST_VARIABLES_MAX).default([]),
    /** An image uploaded for the broadcast (`image`), sent as the template's image header. */
    imageId: z.string().uuid('validation.invalid').optional(),
    /** Epoch ms; absent or null sends now (001 §5: a past time is refused). */
    scheduledAt: z.number().int().nullable().optional(),
    note: z.string().trim().max(BROADCAST_NOTE_MAX, 'validation.max300').default(''),
    /** Idempotency key: the same request twice creates one broadcast. */
    clientRequestId: z.string().uuid(),
  })
  .superRefine((b, ctx) => {
    const problem = scheduleProblem(b.scheduledAt, Date.now());
    if (problem) ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: problem });
  });
export type CreateBroadcast = z.output<typeof createBroadcastSchema>;
export type CreateBroadcastInput = z.input<typeof createBroadcastSchema>;

// ---------------------------------------------------------------- answers

/** A history row (001 §3: campaign code, broadcast date, template, totals, sender account, status, category, subcategory). */
export const broadcastSchema = z.object({
  id: z.string().uuid(),
  /** The campaign's code (its template's campaign code, else Sapa's `B` + sequence). */
  campaignCode: z.string(),
  status: broadcastStatusSchema,
  /** When it was created; `scheduledAt` when it waits for a time; `startedAt`/`finishedAt` of the sending. */
  createdAt: z.number(),
  scheduledAt: z.number().nullable(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  template: z.object({ id: z.string().uuid(), name: z.string(), language: z.string() }),
  category: z.string(),
  subCategory: z.string().nullable(),
  sender: z.object({ channelAccountId: z.string().uuid(), name: z.string(), phone: z.string().nullable() }),
  createdBy: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  note: z.string(),
  hasImage: z.boolean(),
  /** 001 §3: total recipients, delivered, read, failed; `sent` counts those the provider accepted. */
  totals: z.object({
    recipients: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    read: z.number().int(),
    failed: z.number().int(),
    /** Not attempted yet (queued or sending). */
    pending: z.number().int(),
  }),
  /** Credits charged for it (0 until it starts sending). */
  cost: z.number(),
  /** Why it stopped or failed, a message key (e.g. `broadcast.creditsInsufficient`). */
  failureReason: z.string().nullable(),
  /** The checker's decision, when maker/checker is on. */
  review: z
    .object({
      decision: z.enum(['approved', 'rejected']),
      by: z.string(),
      at: z.number(),
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

/** 001 §3 Recipient: number, name, status, sent, received and read dates, the provider's error. */
export const broadcastRecipientSchema = z.object({
  id: z.string().uuid(),
  phone: z.string(),
  name: z.string().nullable(),
  status: broadcastRecipientStatusSchema,
  sentAt: z.number().nullable(),
  deliveredAt: z.number().nullable(),
  readAt: z.number().nullable(),
  failedAt: z.number().nullable(),
  /** A message key and the provider's words (`{ code, message }`), when it failed. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

/** A broadcast's progress (the progress bar): sent (attempted) of total. */
export const broadcastProgressSchema = z.object({
  id: z.string().uuid(),
  status: broadcastStatusSchema,
  totals: broadcastSchema.shape.totals,
});
export type BroadcastProgress = z.infer<typeof broadcastProgressSchema>;

/** Share of the recipients attempted (0-1): the progress bar's value. */
export function broadcastProgressRatio(p: Pick<BroadcastProgress, 'totals'>): number {
  const { recipients, pending } = p.totals;
  return recipients > 0 ? (recipients - pending) / recipients : 0;
}

/**
 * `broadcast.progress` on the chat socket, to every user of the business who may read broadcasts: at
 * most a few a second while it sends, and on every status change.
 */
export const broadcastProgressEventSchema = z.object({
  type: z.literal('broadcast.progress'),
  clientId: z.string().uuid(),
  broadcast: broadcastProgressSchema,
});
export type BroadcastProgressEvent = z.infer<typeof broadcastProgressEventSchema>;

/** The caller's maker/checker position for broadcasts (001 §4, §6). */
export const broadcastRoleSchema = z.object({
  /** Maker/checker is on for the business: a maker's broadcast waits for a checker. */
  makerCheckerEnabled: z.boolean(),
  maker: z.boolean(),
  checker: z.boolean(),
});
export type BroadcastRole = z.infer<typeof broadcastRoleSchema>;

/** 001 §4: Checkers approve, reject or reset selected or all items waiting for them. */
export const broadcastReviewSchema = z
  .object({
    action: z.enum(['approve', 'reject', 'reset']),
    /** Selected items; absent with `all` for every item the action applies to. */
    ids: z.array(z.string().uuid('validation.invalid')).max(500).default([]),
    all: z.boolean().default(false),
    reason: z.string().trim().max(BROADCAST_NOTE_MAX, 'validation.max300').optional(),
  })
  .superRefine((r, ctx) => {
    if (!r.all && r.ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'broadcast.nothingSelected' });
  });
export type BroadcastReview = z.output<typeof broadcastReviewSchema>;

/** A sending number's limits: throughput (1-1,000 msg/s) and daily quota. */
export const broadcastSenderSettingsSchema = z.object({
  channelAccountId: z.string().uuid(),
  throughputPerSecond: z.number().int().min(BROADCAST_THROUGHPUT.min).max(BROADCAST_THROUGHPUT.max),
  dailyQuota: z.number().int().min(1).max(10_000_000),
  /** Recipients sent in the last 24 hours by this number. */
  usedLast24h: z.number().int(),
});
export type BroadcastSenderSettings = z.infer<typeof broadcastSenderSettingsSchema>;

const listQuerySchema = z.object({
  status: broadcastStatusSchema.optional(),
  /** Part of the template name or the campaign code. */
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(BROADCAST_PAGE_SIZE),
});

export const recipientSheetResultSchema = z.object({
  id: z.string().uuid(),
  /** Valid rows kept (numbers normalised, duplicates dropped). */
  rows: z.number().int(),
  /** The first 500 problems (every problem of a row, in row order). */
  problems: z.array(z.object({ row: z.number().int(), value: z.string(), problem: z.string() })),
  /** All problems, and the rows they leave out (a row may have several). */
  problemCount: z.number().int(),
  skippedRows: z.number().int(),
  /** The first rows as read: number, name and the values of columns after them. */
  preview: z.array(z.object({ phone: z.string(), name: z.string().nullable(), values: z.array(z.string()) })),
});
export type RecipientSheetResult = z.infer<typeof recipientSheetResultSchema>;

export const broadcastImageSchema = z.object({
  id: z.string().uuid(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});

export const broadcastEndpoints = {
  /** 001 §2, §3: send a template now or at a time; a maker's broadcast waits for a checker when maker/checker is on. */
  create: defineEndpoint({
    method: 'POST',
    path: '/api/broadcasts',
    body: createBroadcastSchema,
    response: broadcastSchema,
  }),
  /** How many distinct recipients the selection makes and what it costs (before sending). */
  estimate: defineEndpoint({
    method: 'POST',
    path: '/api/broadcasts/estimate',
    body: z.object({
      channelAccountId: z.string().uuid(),
      templateId: z.string().uuid(),
      recipients: broadcastRecipientsInputSchema,
    }),
    response: z.object({
      recipients: z.number().int(),
      cost: z.number(),
      balance: z.number(),
      sufficient: z.boolean(),
      quotaLeft: z.number().int(),
    }),
  }),
  /** 001 §2 broadcast history, newest first, keyset-paged; the checker's approval list is `status=need_approval`. */
  list: defineEndpoint({
    method: 'GET',
    path: '/api/broadcasts',
    query: listQuerySchema,
    response: z.object({ items: z.array(broadcastSchema), nextCursor: z.string().nullable() }),
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/broadcasts/:id', response: broadcastSchema }),
  /** 001 §2 broadcast detail: the recipients, keyset-paged, optionally by status. */
  recipients: defineEndpoint({
    method: 'GET',
    path: '/api/broadcasts/:id/recipients',
    query: z.object({
      status: broadcastRecipientStatusSchema.optional(),
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(BROADCAST_RECIPIENTS_PAGE_SIZE),
    }),
    response: z.object({ items: z.array(broadcastRecipientSchema), nextCursor: z.string().nullable() }),
  }),
  /** 001 §4: a scheduled dispatch (or one waiting for approval) is cancelled after confirmation. */
  cancel: defineEndpoint({ method: 'POST', path: '/api/broadcasts/:id/cancel', response: broadcastSchema }),
  /** 001 §4: a checker approves, rejects or resets selected or all items. */
  review: defineEndpoint({
    method: 'POST',
    path: '/api/broadcasts/review',
    body: broadcastReviewSchema,
    response: z.object({ changed: z.number().int(), items: z.array(broadcastSchema) }),
  }),
  /** The caller's maker/checker position (whether to show the send or the approval buttons). */
  role: defineEndpoint({ method: 'GET', path: '/api/broadcasts/role', response: broadcastRoleSchema }),
  /** A sending number's throughput and daily quota. */
  sender: defineEndpoint({
    method: 'GET',
    path: '/api/broadcasts/senders/:channelAccountId',
    response: broadcastSenderSettingsSchema,
  }),
  updateSender: defineEndpoint({
    method: 'PUT',
    path: '/api/broadcasts/senders/:channelAccountId',
    body: broadcastSenderSettingsSchema.pick({ throughputPerSecond: true, dailyQuota: true }),
    response: broadcastSenderSettingsSchema,
  }),
  /**
   * An uploaded recipient sheet (raw body, `?name=`; xlsx, xls or csv): first column the number, second
   * the name, then one column per template variable. Answers its id for `recipients.sheetId`.
   */
  recipientSheet: defineEndpoint({
    method: 'POST',
    path: '/api/broadcasts/recipient-sheets',
    query: z.object({ name: z.string().trim().min(1).max(200).default('recipients.xlsx') }),
    response: recipientSheetResultSchema,
  }),
  /** 001 §5: the broadcast image (raw body; jpeg or png, at most 2 MB and 500x500). */
  image: defineEndpoint({ method: 'POST', path: '/api/broadcasts/images', response: broadcastImageSchema }),
} as const;

// ---------------------------------------------------------------- messages (001 §8 broadcast; §5)

/** The broadcast module's messages, merged into the catalogue (`messages.ts`). */
export const BROADCAST_MESSAGES = {
  'broadcast.timePassed': {
    en: 'Selected time has passed current time.',
    id: 'Waktu yang dipilih sudah lewat dari waktu sekarang.',
  },
  'broadcast.phoneDigits': {
    en: 'Phone number must contain digits only.',
    id: 'Nomor telepon hanya boleh berisi angka.',
  },
  'broadcast.phoneLength': {
    en: 'Phone number must be 10-13 digits.',
    id: 'Nomor telepon harus 10-13 digit.',
  },
  'broadcast.phoneDuplicate': { en: 'Duplicate phone number.', id: 'Nomor telepon duplikat.' },
  'broadcast.tooManyNumbers': {
    en: 'Too many numbers: at most 10,000. Use a contact group or a sheet for more.',
    id: 'Terlalu banyak nomor: maksimal 10.000. Gunakan grup kontak atau file untuk lebih banyak.',
  },
  'broadcast.recipientsRequired': {
    en: 'Choose at least one recipient.',
    id: 'Pilih minimal satu penerima.',
  },
  'broadcast.noRecipients': {
    en: 'The selected contacts and groups have no WhatsApp number.',
    id: 'Kontak dan grup yang dipilih tidak memiliki nomor WhatsApp.',
  },
  'broadcast.tooManyRecipients': {
    en: 'Too many recipients: at most {0} per broadcast.',
    id: 'Terlalu banyak penerima: maksimal {0} per broadcast.',
  },
  'broadcast.senderRequired': { en: 'Choose the sending number.', id: 'Pilih nomor pengirim.' },
  'broadcast.variableRequired': {
    en: 'Fill in every template variable.',
    id: 'Isi semua variabel template.',
  },
  'broadcast.variablesMismatch': {
    en: 'Choose a value for each variable of the template.',
    id: 'Pilih nilai untuk setiap variabel template.',
  },
  'broadcast.templateNotApproved': {
    en: 'Only an approved template can be broadcast.',
    id: 'Hanya template yang sudah disetujui yang dapat dikirim sebagai broadcast.',
  },
  'broadcast.creditsInsufficient': {
    en: 'Insufficient chat credits. Please top up to continue.',
    id: 'Kredit chat tidak mencukupi. Silakan isi ulang untuk melanjutkan.',
  },
  'broadcast.dailyQuota': {
    en: 'Daily quota has been exhausted. Please try again tomorrow.',
    id: 'Kuota harian sudah habis. Silakan coba lagi besok.',
  },
  'broadcast.failedContacts': {
    en: 'Failed sent broadcast message to {0} contacts.',
    id: 'Gagal mengirim pesan broadcast ke {0} kontak.',
  },
  'broadcast.notMaker': {
    en: 'Only a Maker user can send broadcasts.',
    id: 'Hanya pengguna Maker yang dapat mengirim broadcast.',
  },
  'broadcast.notChecker': {
    en: 'Only a Checker user can approve broadcasts.',
    id: 'Hanya pengguna Checker yang dapat menyetujui broadcast.',
  },
  'broadcast.notCancellable': {
    en: 'Only a scheduled broadcast can be cancelled.',
    id: 'Hanya broadcast terjadwal yang dapat dibatalkan.',
  },
  'broadcast.nothingSelected': { en: 'Select at least one item.', id: 'Pilih minimal satu item.' },
  'broadcast.sheetNotFound': {
    en: 'The uploaded recipient file was not found. Please upload it again.',
    id: 'File penerima tidak ditemukan. Silakan unggah ulang.',
  },
  'broadcast.imageTooLarge': {
    en: 'Image must be at most 2 MB and 500x500.',
    id: 'Gambar maksimal 2 MB dan 500x500.',
  },
  'broadcast.imageFormat': { en: 'Invalid file format', id: 'Format file tidak valid' },
  'broadcast.imageRequired': {
    en: 'This template has a media header: upload an image to continue.',
    id: 'Template ini memakai header media: unggah gambar untuk melanjutkan.',
  },
  'broadcast.imageNotFound': {
    en: 'The uploaded image was not found. Please upload it again.',
    id: 'Gambar tidak ditemukan. Silakan unggah ulang.',
  },
  'broadcast.ownerOnly': {
    en: 'Only the owner or an admin can change sending limits.',
    id: 'Hanya pemilik atau admin yang dapat mengubah batas pengiriman.',
  },
} as const;

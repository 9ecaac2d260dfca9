import { z } from 'zod';
import { MAX_ATTACHMENTS } from '../../channels.js';
import { EMAIL_SUBJECT_MAX } from '../../constants.js';
import { CHANNEL_CODES } from '../../partner.js';
import { replyButtonsInputSchema } from '../../reply-buttons.js';
import { broadcastProgressEventSchema } from '../broadcasts/broadcasts.js';
import { bulkProgressEventSchema, ticketsChangedEventSchema } from '../bulk/bulk-progress.js';
import { callSessionEventSchema } from '../calls/calls.js';
import { defineEndpoint } from '../endpoint.js';

/** 000 §3: a reply or a caption holds at most 4,096 characters; refused above, never cut. */
export const MESSAGE_TEXT_MAX = 4096;
/** The note typed when resolving a chat. */
export const RESOLVE_NOTE_MAX = 1000;

/** 000 §4 Ticket and chat lifecycle. */
export const ticketStatusSchema = z.enum(['unassigned', 'assigned', 'resolved', 'expired']);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;
/** 000 §4, §9: High=1, Medium=2, Normal=3. */
export const prioritySchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const channelCodeSchema = z.enum(CHANNEL_CODES);

export const messageTypeSchema = z.enum([
  'text',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'contacts',
  'interactive',
  'button',
  'reaction',
  'template',
  /** A customer's WhatsApp catalogue order (payload: `CatalogueOrder`). */
  'order',
  'unsupported',
]);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** Outbound: pending → sent → delivered → read, or failed; inbound messages are `received`. Never goes back. */
export const messageStatusSchema = z.enum(['pending', 'sent', 'delivered', 'read', 'failed', 'received']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const messageSchema = z.object({
  id: z.string().uuid(),
  ticketId: z.string().uuid(),
  direction: z.enum(['in', 'out']),
  /** 000 §4 message visibility: public or internal (an internal note never leaves Sapa). */
  visibility: z.enum(['public', 'internal']),
  type: messageTypeSchema,
  text: z.string().nullable(),
  media: z
    .object({
      url: z.string(),
      mime: z.string(),
      filename: z.string().nullable(),
      size: z.number().nullable(),
    })
    .nullable(),
  /** Type-specific data: location, contacts, interactive reply, reaction, template name and parameters. */
  payload: z.record(z.string(), z.unknown()).nullable(),
  status: messageStatusSchema,
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  senderUserId: z.string().uuid().nullable(),
  senderName: z.string().nullable(),
  replyToId: z.string().uuid().nullable(),
  createdAt: z.number(),
});
export type Message = z.infer<typeof messageSchema>;

export const ticketSummarySchema = z.object({
  id: z.string().uuid(),
  /** Readable ticket ID, e.g. T-000042 (000 §3 Ticket). */
  displayId: z.string(),
  channel: channelCodeSchema,
  channelAccountId: z.string().uuid(),
  contact: z.object({ id: z.string().uuid(), name: z.string(), handle: z.string() }),
  status: ticketStatusSchema,
  assigneeId: z.string().uuid().nullable(),
  assigneeName: z.string().nullable(),
  /** The agent group (null: the business's default group) and how the assignee got the ticket. */
  groupId: z.string().uuid().nullable(),
  assignedVia: z.enum(['manual', 'auto', 'play']).nullable(),
  /** The BOT state (000 §2 /chatbot): a chatbot answers the chat until its hand-over. */
  heldByBot: z.boolean().optional(),
  priority: prioritySchema,
  tags: z.array(z.string()),
  remarks: z.string().nullable(),
  /** The note typed when the chat was resolved (null while open or when none was typed). */
  resolveNote: z.string().nullable(),
  /** 000 §3 ticket form chatCategory; §7 POST chatRoom/category. */
  categoryId: z.string().uuid().nullable(),
  categoryName: z.string().nullable(),
  lastMessage: z
    .object({
      preview: z.string(),
      at: z.number(),
      direction: z.enum(['in', 'out']),
      status: messageStatusSchema,
    })
    .nullable(),
  unreadCount: z.number().int(),
  /** Responded: an agent answered after the customer's last message (000 §4 responded/unresponded). */
  responded: z.boolean(),
  /** The customer's last message (the reply window counts from it, `replyWindowOf`); null: never wrote. */
  lastCustomerMessageAt: z.number().nullable(),
  /**
   * When the chat expires on channels with expiry (`chatExpiresAt`: 24 h after the customer's last message,
   * 7 days on Messenger and Instagram); null otherwise.
   */
  expiresAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const conversationEndpoints = {
  /** 000 §7 GET chatRoom/bot (unassigned) and GET chatRoom (assigned) in one keyset-paged list. */
  tickets: defineEndpoint({
    method: 'GET',
    path: '/api/inbox/tickets',
    query: z.object({
      tab: z.enum(['unassigned', 'assigned']).default('unassigned'),
      sort: z.enum(['latest', 'oldest']).default('latest'),
      channel: channelCodeSchema.optional(),
      priority: z.coerce.number().pipe(prioritySchema).optional(),
      tag: z.string().max(50).optional(),
      responded: z.enum(['true', 'false']).optional(),
      /** A CS group (the default group also lists tickets without a group). */
      groupId: z.string().uuid('validation.invalid').optional(),
      /** Contact name or handle, or a ticket ID. */
      search: z.string().max(100).optional(),
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(30),
    }),
    response: pageOf(ticketSummarySchema),
  }),
  /** 000 §7 GET chatRoom/unread/count. */
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/inbox/unread-count',
    response: z.object({ unassigned: z.number().int(), assigned: z.number().int() }),
  }),
  ticket: defineEndpoint({ method: 'GET', path: '/api/tickets/:id', response: ticketSummarySchema }),
  /** 000 §7 GET chat: the chat room's history, newest page first; `before` loads older pages. */
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/tickets/:id/messages',
    query: z.object({
      before: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    response: pageOf(messageSchema),
  }),
  /** 000 §7 POST chat/secure: a text reply or an internal note. */
  sendMessage: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/messages',
    body: z
      .object({
        /** The message, or the caption of the attachment (then optional, within the channel's caption limit). */
        text: z.string().trim().max(MESSAGE_TEXT_MAX).optional(),
        internal: z.boolean().default(false),
        replyToId: z.string().uuid().optional(),
        /** Idempotency key from the composer, so a retried request never sends twice. */
        clientMessageId: z.string().uuid(),
        /** An upload of this business (POST /api/tickets/:id/uploads): one message per attachment. */
        attachmentId: z.string().uuid().optional(),
        /**
         * Email tickets: the uploads of one email, attached together (000 §5: at most 20 files, 25 MB in total
         * counted as bytes / 1,024,000); other channels send one message per file with `attachmentId`.
         */
        attachmentIds: z.array(z.string().uuid()).max(MAX_ATTACHMENTS, 'attachment.tooMany').optional(),
        /** Email tickets (000 §5): Cc, several addresses separated by commas, each valid. */
        emailCc: z.string().max(2000, 'ticketForm.emailCcInvalid').optional(),
        /** Email tickets: the subject (the first email's; replies keep "Re: " + the thread's). */
        subject: z.string().trim().max(EMAIL_SUBJECT_MAX, 'email.subjectMax').optional(),
        /**
         * Reply buttons under the text, on channels whose table row allows them (`replyButtonRuleOf`), within
         * that channel's limits (`replyButtonsIssues`); a WhatsApp `list` beyond 3 choices.
         */
        replyButtons: replyButtonsInputSchema.optional(),
      })
      .superRefine((b, ctx) => {
        if (!b.text && !b.attachmentId && !b.attachmentIds?.length)
          ctx.addIssue({ code: 'custom', path: ['text'], message: 'validation.fieldRequired' });
      }),
    response: messageSchema,
  }),
  retryMessage: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/messages/:messageId/retry',
    body: z.object({}).optional(),
    response: messageSchema,
  }),
  /** Opening a chat marks the customer's messages read (read receipt to the provider). */
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/read',
    body: z.object({}).optional(),
    response: z.object({ ok: z.literal(true) }),
  }),
  /** 000 §7 POST chatRoom/transfer and chatRoom/bot/transfer: to an agent, or to a group (then waiting in it). */
  assign: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/assign',
    body: z
      .object({ assigneeId: z.string().uuid().optional(), groupId: z.string().uuid().optional() })
      .refine((b) => Boolean(b.assigneeId) !== Boolean(b.groupId), {
        message: 'validation.fieldRequired',
        path: ['assigneeId'],
      }),
    response: ticketSummarySchema,
  }),
  /** 000 §7 PUT chatRoom/bot and DELETE chatRoom: resolve, optionally with a note. */
  resolve: defineEndpoint({
    method: 'POST',
    path: '/api/tickets/:id/resolve',
    body: z.object({ note: z.string().trim().max(RESOLVE_NOTE_MAX).optional() }),
    response: ticketSummarySchema,
  }),
} as const;

/** Real-time events on the chat WebSocket (000 §3 Real-time chat message; §7 Real-time). */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message.created'),
    clientId: z.string().uuid(),
    ticket: ticketSummarySchema,
    message: messageSchema,
  }),
  z.object({
    type: z.literal('message.updated'),
    clientId: z.string().uuid(),
    ticketId: z.string().uuid(),
    message: messageSchema,
  }),
  z.object({ type: z.literal('ticket.updated'), clientId: z.string().uuid(), ticket: ticketSummarySchema }),
  /** The ticket left this user's view (reassigned away from a CS agent): drop it, nothing else is said. */
  z.object({
    type: z.literal('ticket.revoked'),
    clientId: z.string().uuid(),
    ticketId: z.string().uuid(),
    userId: z.string().uuid(),
  }),
  bulkProgressEventSchema,
  ticketsChangedEventSchema,
  broadcastProgressEventSchema,
  callSessionEventSchema,
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export const REALTIME_PATH = '/ws/chat';
/** 000 §4, §9 real-time socket policy. */
export const REALTIME_RECONNECT = {
  maxRetries: 10,
  growth: 1.3,
  minDelayMs: [1_000, 5_000] as const,
  maxDelayMs: 10_000,
  connectTimeoutMs: 4_000,
  minUptimeMs: 5_000,
  reconnectAfterCloseMs: 1_000,
  notificationGroupMs: 3_000,
} as const;

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { channelAccountSchema, channelEndpoints } from './channels.js';

/**
 * The live-chat widget (000 §4 LVC; 001 §3 channel account: live chat widget; 001 §3/§5 pre-chat form;
 * 001 §8 live chat errors). Agent-side endpoints (owner/admin) configure an account; the visitor API under
 * /api/widget is public, called by the embedded widget with the visitor's opaque token.
 */

/** 001 §5 / §9: title max 30, message max 80, at most 3 extra pre-chat components. */
export const LIVECHAT_LIMITS = {
  titleMax: 30,
  messageMax: 80,
  nameMax: 60,
  personaMax: 30,
  labelMax: 40,
  consentMax: 500,
  preChatExtraMax: 3,
  logoMaxBytes: 5 * 1024 * 1024,
  logoMaxPx: 320,
  /** 001 §5: png/jpg/jpeg. */
  logoTypes: ['image/png', 'image/jpeg'] as readonly string[],
  visitorTextMax: 4096,
} as const;

/** What a pre-chat answer fills on the contact; `custom1..3` are kept as visitor fields only. */
export const PRECHAT_CUSTOMIZED_DATA = [
  'email',
  'phone',
  'company',
  'city',
  'orderNumber',
  'custom',
] as const;
export type PreChatCustomizedData = (typeof PRECHAT_CUSTOMIZED_DATA)[number];

export const preChatFieldSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'livechat.labelRequired')
    .max(LIVECHAT_LIMITS.labelMax, 'livechat.labelMax'),
  customizedData: z.enum(PRECHAT_CUSTOMIZED_DATA, { message: 'livechat.customizedDataRequired' }),
});
export type PreChatFieldInput = z.infer<typeof preChatFieldSchema>;

export const preChatFormSchema = z
  .object({
    fields: z.array(preChatFieldSchema).max(LIVECHAT_LIMITS.preChatExtraMax, 'livechat.preChatMax3'),
    consentText: z
      .string()
      .trim()
      .min(1, 'livechat.consentRequired')
      .max(LIVECHAT_LIMITS.consentMax, 'livechat.consentMax'),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    form.fields.forEach((f, i) => {
      if (seen.has(f.customizedData)) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'customizedData'],
          message: 'livechat.customizedDataDuplicate',
        });
      }
      seen.add(f.customizedData);
    });
  });

/**
 * 001 §5: "domain starts with http:// or {host} must exist". Accepts http:// and https://; the stored domain
 * is the origin (scheme + host + port), lower-cased, without path.
 */
export function normaliseLivechatDomain(raw: string): string | null {
  const value = raw.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    if (!url.hostname || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
    if (url.username || url.password) return null;
    // A host must look like a host: a dotted name, localhost or an IP literal.
    if (!/^(localhost|\[[0-9a-f:]+\]|[a-z0-9-]+(\.[a-z0-9-]+)+)$/i.test(url.hostname)) return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'livechat.colourInvalid');

/** Create and edit body of a live-chat account (001 §3 basic, display, content, pre-chat form). */
export const livechatAccountBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(LIVECHAT_LIMITS.nameMax, 'livechat.nameMax'),
  domain: z
    .string()
    .trim()
    .min(1, 'livechat.domainRequired')
    .refine((v) => normaliseLivechatDomain(v) !== null, 'livechat.domainInvalid'),
  colour: hexColour,
  /** An upload id from `uploadLogo`; 001 §5: the logo is required. */
  logoUploadId: z.string({ message: 'livechat.logoRequired' }).uuid('livechat.logoRequired'),
  personaName: z
    .string()
    .trim()
    .min(1, 'livechat.personaRequired')
    .max(LIVECHAT_LIMITS.personaMax, 'livechat.personaMax'),
  onlineTitle: z
    .string()
    .trim()
    .min(1, 'livechat.titleRequired')
    .max(LIVECHAT_LIMITS.titleMax, 'livechat.titleMax'),
  onlineMessage: z
    .string()
    .trim()
    .min(1, 'livechat.messageRequired')
    .max(LIVECHAT_LIMITS.messageMax, 'livechat.messageMax'),
  offlineTitle: z
    .string()
    .trim()
    .min(1, 'livechat.titleRequired')
    .max(LIVECHAT_LIMITS.titleMax, 'livechat.titleMax'),
  offlineMessage: z
    .string()
    .trim()
    .min(1, 'livechat.messageRequired')
    .max(LIVECHAT_LIMITS.messageMax, 'livechat.messageMax'),
  preChatForm: preChatFormSchema,
});
export type LivechatAccountBody = z.input<typeof livechatAccountBody>;

/** The agent-side view of a live-chat account. */
export const livechatAccountSchema = channelAccountSchema.extend({
  domain: z.string(),
  colour: z.string(),
  /** The logo's upload id and an authenticated URL to preview it. */
  logoUploadId: z.string().nullable(),
  logoUrl: z.string().nullable(),
  personaName: z.string(),
  onlineTitle: z.string(),
  onlineMessage: z.string(),
  offlineTitle: z.string(),
  offlineMessage: z.string(),
  preChatForm: z.object({
    fields: z.array(z.object({ label: z.string(), customizedData: z.string() })),
    consentText: z.string().nullable(),
  }),
  /** The snippet to paste in the site's HTML (install step). */
  snippet: z.string(),
  /** 001 §4: set once the widget has loaded from the domain (changes after embed). */
  embedded: z.boolean(),
});
export type LivechatAccount = z.infer<typeof livechatAccountSchema>;

export const livechatLogoResponse = z.object({
  uploadId: z.string().uuid(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type LivechatLogo = z.infer<typeof livechatLogoResponse>;

/** Uploads send the raw bytes as the body; the original file name travels in the query. */
export const livechatUploadQuery = z.object({ name: z.string().max(255).optional() });

export const livechatEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/livechat/accounts',
    body: livechatAccountBody,
    response: livechatAccountSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/livechat/accounts/:id',
    response: livechatAccountSchema,
  }),
  edit: defineEndpoint({
    method: 'PUT',
    path: '/api/livechat/accounts/:id',
    body: livechatAccountBody,
    response: livechatAccountSchema,
  }),
  /**
   * The raw file as the request body with its own Content-Type (image/png or image/jpeg; e.g.
   * `fetch(url, { method: 'POST', body: file, headers: { 'content-type': file.type } })`), the file name in
   * `?name=`. Checks: png/jpg/jpeg, max 5 MB, max 320x320 px. The response gives the id for `logoUploadId`.
   */
  uploadLogo: defineEndpoint({
    method: 'POST',
    path: '/api/livechat/logo',
    query: livechatUploadQuery,
    response: livechatLogoResponse,
  }),
  /** The logo (authenticated, for the settings preview). */
  logo: defineEndpoint({
    method: 'GET',
    path: '/api/livechat/logo/:uploadId',
    response: z.unknown(),
  }),
  /** Disconnect is the generic channel-account one (DELETE /api/channel-accounts/:id). */
  disconnect: channelEndpoints.disconnect,
} as const;

// ───────────────────────── Visitor API (public; used by apps/widget) ─────────────────────────

export const widgetConfigSchema = z.object({
  accountId: z.string(),
  online: z.boolean(),
  title: z.string(),
  message: z.string(),
  colour: z.string(),
  logoUrl: z.string().nullable(),
  personaName: z.string(),
  preChatForm: z.object({
    fields: z.array(z.object({ label: z.string(), customizedData: z.string() })),
    consentText: z.string().nullable(),
  }),
  /** Attachment limits for the visitor (LVC: image, video, document; max 20 per message). */
  attachments: z.object({
    maxFiles: z.number().int(),
    maxBytes: z.number().int(),
    accept: z.array(z.string()),
  }),
});
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

export const widgetSessionBody = z.object({
  name: z.string().trim().min(1, 'livechat.visitorNameRequired').max(150, 'livechat.visitorNameMax'),
  /** Answers keyed by customized data (the account's extra components). */
  fields: z.record(z.string(), z.string().trim().max(300, 'validation.max300')).default({}),
  consent: z.literal(true, { message: 'livechat.consentNeeded' }),
});

export const widgetSessionResponse = z.object({
  token: z.string(),
  visitorId: z.string(),
  name: z.string(),
});
export type WidgetSession = z.infer<typeof widgetSessionResponse>;

export const widgetMediaSchema = z.object({
  id: z.string(),
  mime: z.string(),
  fileName: z.string().nullable(),
  size: z.number().nullable(),
  /** Visitor media URL (needs the visitor token header). */
  url: z.string(),
});

export const widgetMessageSchema = z.object({
  id: z.string(),
  clientMessageId: z.string().nullable(),
  /** `visitor` = written by the visitor; `agent` = the business's reply. */
  from: z.enum(['visitor', 'agent']),
  senderName: z.string().nullable(),
  type: z.string(),
  text: z.string().nullable(),
  media: z.array(widgetMediaSchema),
  status: z.string(),
  createdAt: z.number(),
  /** The business asks for a rating (001 §3 survey): the widget shows 5 stars under it. */
  survey: z.boolean().optional(),
});
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

export const widgetSendBody = z.object({
  clientMessageId: z.string().trim().min(1).max(100),
  text: z.string().max(LIVECHAT_LIMITS.visitorTextMax).default(''),
  /** Upload ids from `widgetEndpoints.attachment`; at most 20 (000 §5). */
  attachmentIds: z.array(z.string().uuid()).max(20, 'livechat.tooManyFiles').default([]),
  /** A tapped star under the survey question (1–5): sent as the visitor's answer. */
  rating: z.number().int().min(1).max(5).optional(),
});

export const widgetAttachmentResponse = z.object({
  uploadId: z.string().uuid(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number(),
});

export const widgetReceiptBody = z.object({
  messageIds: z.array(z.string().uuid()).min(1).max(200),
  status: z.enum(['delivered', 'read']),
});

/** The visitor socket: `/ws/widget?token=<visitor token>`. Close code 4401: unknown token (fill the form again). */
export const WIDGET_SOCKET_PATH = '/ws/widget';
/** The header carrying the visitor's token on the visitor API (lower case). */
export const WIDGET_TOKEN_HEADER = 'x-sapa-visitor';
/** Where the server serves the built widget script and the demo shop page. */
export const WIDGET_SCRIPT_PATH = '/widget/sapa-widget.js';
export const DEMO_SHOP_PATH = '/demo/shop';

/** Visitor socket frames (`/ws/widget?token=`). */
export type WidgetServerFrame =
  | { type: 'ready'; visitorId: string; online: boolean }
  | { type: 'message'; message: WidgetMessage }
  | { type: 'message.status'; id: string; status: string }
  | { type: 'presence'; online: boolean }
  | { type: 'pong' };
export type WidgetClientFrame =
  | { type: 'receipt'; messageIds: string[]; status: 'delivered' | 'read' }
  | { type: 'ping' };

/** Public visitor API. `:accountId` is the live-chat account id from the snippet's data-account. */
export const widgetEndpoints = {
  config: defineEndpoint({
    method: 'GET',
    path: '/api/widget/:accountId/config',
    response: widgetConfigSchema,
  }),
  session: defineEndpoint({
    method: 'POST',
    path: '/api/widget/:accountId/session',
    body: widgetSessionBody,
    response: widgetSessionResponse,
  }),
  /** The current visitor (token header). 401 when the token is unknown: the widget shows the form again. */
  me: defineEndpoint({
    method: 'GET',
    path: '/api/widget/:accountId/me',
    response: widgetSessionResponse.omit({ token: true }),
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/widget/:accountId/messages',
    response: z.object({ items: z.array(widgetMessageSchema) }),
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/widget/:accountId/messages',
    body: widgetSendBody,
    response: widgetMessageSchema,
    // The customer's message is never lost: NUL and lone surrogates become U+FFFD.
    unstorableText: 'replace',
  }),
  /** The raw file as the body with its Content-Type, the name in `?name=` (like `uploadLogo`). */
  attachment: defineEndpoint({
    method: 'POST',
    path: '/api/widget/:accountId/attachments',
    query: livechatUploadQuery,
    response: widgetAttachmentResponse,
  }),
  receipt: defineEndpoint({
    method: 'POST',
    path: '/api/widget/:accountId/receipts',
    body: widgetReceiptBody,
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The widget's logo (public: the launcher shows it before any session). */
  logo: defineEndpoint({
    method: 'GET',
    path: '/api/widget/:accountId/logo',
    response: z.unknown(),
  }),
  /** Media of the visitor's own conversation; `:mediaId` is the message id. */
  media: defineEndpoint({
    method: 'GET',
    path: '/api/widget/:accountId/media/:mediaId',
    response: z.unknown(),
  }),
} as const;

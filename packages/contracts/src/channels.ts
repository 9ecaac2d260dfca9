import type { ChannelCode } from './partner.js';

/**
 * The channel table of 000 §4 and §3 "Channel definition": code, name, colour, filter code, has-expiry,
 * allowed attachments, caption limit, reply button, multiple-connect, CRM name. The partner configuration
 * (`allowedChannels`) decides which are offered.
 */
export interface ChannelDefinition {
  code: ChannelCode;
  name: string;
  color: string;
  /** The code the inbox channel filter sends (000 §2 Inbox filters). */
  filterCode: string;
  /** A chat expires 24 h after the customer's last message (000 §4 Ticket and chat lifecycle). */
  hasExpiry: boolean;
  /**
   * What an expired chat still allows (000 §4: "On WhatsApp only a follow-up template can be sent after that.
   * Other social channels require resolving"): a follow-up template (WhatsApp), replies tagged `HUMAN_AGENT`
   * until 7 days after the customer's last message, then resolving (Messenger, Instagram: Meta's message tags),
   * or resolving. Read only when `hasExpiry`.
   */
  afterExpiry: 'followUpTemplate' | 'humanAgentTag' | 'resolve';
  /** 000 §5 attachment flags, in the order transaction, image, video and image, audio, document. */
  attachments: {
    transaction: boolean;
    image: boolean;
    videoImage: boolean;
    audio: boolean;
    document: boolean;
  };
  /** 000 §5 caption limits: 4096 by default, 2000 Tiktok Shop, 512 Viber, Line and Telegram. */
  captionLimit: number;
  hasReplyButton: boolean;
  /** Several accounts of this channel may be connected to one business. */
  multipleConnect: boolean;
  crmName: string;
}

const flags = (t: number, i: number, v: number, a: number, d: number) => ({
  transaction: t === 1,
  image: i === 1,
  videoImage: v === 1,
  audio: a === 1,
  document: d === 1,
});

export const CHANNELS: Readonly<Record<ChannelCode, ChannelDefinition>> = {
  // 000 §5: "For example WhatsApp is 1,0,1,1,1"; 001 §9: one WhatsApp number per account.
  WAP: {
    code: 'WAP',
    name: 'WhatsApp',
    color: '#25D366',
    filterCode: 'WAP',
    hasExpiry: true,
    afterExpiry: 'followUpTemplate',
    attachments: flags(1, 0, 1, 1, 1),
    captionLimit: 4096,
    hasReplyButton: true,
    multipleConnect: false,
    crmName: 'whatsapp',
  },
  IGM: {
    code: 'IGM',
    name: 'Instagram',
    color: '#E1306C',
    filterCode: 'IGM',
    hasExpiry: true,
    afterExpiry: 'humanAgentTag',
    attachments: flags(1, 1, 1, 1, 0),
    captionLimit: 4096,
    hasReplyButton: true,
    multipleConnect: false,
    crmName: 'instagram',
  },
  MSG: {
    code: 'MSG',
    name: 'Facebook Messenger',
    color: '#0084FF',
    filterCode: 'MSG',
    hasExpiry: true,
    afterExpiry: 'humanAgentTag',
    attachments: flags(1, 1, 1, 1, 1),
    captionLimit: 4096,
    hasReplyButton: true,
    multipleConnect: false,
    crmName: 'messenger',
  },
  TPD: {
    code: 'TPD',
    name: 'Tokopedia',
    color: '#42B549',
    filterCode: 'TPD',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(1, 1, 0, 0, 0),
    captionLimit: 4096,
    hasReplyButton: false,
    multipleConnect: true,
    crmName: 'tokopedia',
  },
  LZD: {
    code: 'LZD',
    name: 'Lazada',
    color: '#0F146D',
    filterCode: 'LZD',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(1, 1, 0, 0, 0),
    captionLimit: 4096,
    hasReplyButton: false,
    multipleConnect: true,
    crmName: 'lazada',
  },
  SHP: {
    code: 'SHP',
    name: 'Shopee',
    color: '#EE4D2D',
    filterCode: 'SHP',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(1, 1, 0, 0, 0),
    captionLimit: 4096,
    hasReplyButton: false,
    multipleConnect: true,
    crmName: 'shopee',
  },
  TTS: {
    code: 'TTS',
    name: 'Tiktok Shop',
    color: '#000000',
    filterCode: 'TTS',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(1, 1, 0, 0, 0),
    captionLimit: 2000,
    hasReplyButton: false,
    multipleConnect: true,
    crmName: 'tiktok_shop',
  },
  WPU: {
    code: 'WPU',
    name: 'WhatsApp unofficial',
    color: '#128C7E',
    filterCode: 'WPU',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(1, 1, 1, 1, 1),
    captionLimit: 4096,
    hasReplyButton: false,
    multipleConnect: true,
    crmName: 'whatsapp_unofficial',
  },
  VBR: {
    code: 'VBR',
    name: 'Viber',
    color: '#7360F2',
    filterCode: 'VBR',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(1, 1, 1, 0, 1),
    captionLimit: 512,
    hasReplyButton: true,
    multipleConnect: false,
    crmName: 'viber',
  },
  LNE: {
    code: 'LNE',
    name: 'Line',
    color: '#06C755',
    filterCode: 'LNE',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(1, 1, 1, 1, 0),
    captionLimit: 512,
    hasReplyButton: true,
    multipleConnect: false,
    crmName: 'line',
  },
  TLG: {
    code: 'TLG',
    name: 'Telegram',
    color: '#229ED9',
    filterCode: 'TLG',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(1, 1, 1, 1, 1),
    captionLimit: 512,
    hasReplyButton: true,
    multipleConnect: true,
    crmName: 'telegram',
  },
  LVC: {
    code: 'LVC',
    name: 'Live Chat',
    color: '#14B8A6',
    filterCode: 'LVC',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(1, 1, 1, 0, 1),
    captionLimit: 4096,
    hasReplyButton: false,
    multipleConnect: true,
    crmName: 'livechat',
  },
  EML: {
    code: 'EML',
    name: 'Email',
    color: '#6B7280',
    filterCode: 'EML',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(0, 1, 1, 1, 1),
    captionLimit: 4096,
    hasReplyButton: false,
    multipleConnect: true,
    crmName: 'email',
  },
  WAC: {
    code: 'WAC',
    name: 'WhatsApp call',
    color: '#075E54',
    filterCode: 'WAC',
    hasExpiry: false,
    afterExpiry: 'resolve',
    attachments: flags(0, 0, 0, 0, 0),
    captionLimit: 4096,
    hasReplyButton: false,
    multipleConnect: false,
    crmName: 'whatsapp_call',
  },
};

export type AttachmentKind = 'image' | 'audio' | 'video' | 'document';

/** 000 §5 attachment limits by channel (bytes; extensions; `null` = any). */
export interface AttachmentRule {
  maxBytes: number | null;
  extensions: readonly string[] | null;
}

const MB = 1024 * 1024;
export const ATTACHMENT_RULES: Partial<Record<ChannelCode, Partial<Record<AttachmentKind, AttachmentRule>>>> =
  {
    WAP: {
      image: { maxBytes: 5 * MB, extensions: ['jpeg', 'jpg', 'png'] },
      audio: { maxBytes: 16 * MB, extensions: ['aac', 'amr', 'mp3', 'm4a', 'ogg'] },
      video: { maxBytes: 16 * MB, extensions: ['3gp', 'mp4'] },
      document: { maxBytes: 100 * MB, extensions: null },
    },
    IGM: {
      image: { maxBytes: 8 * MB, extensions: ['png', 'jpeg', 'gif'] },
      audio: { maxBytes: 25 * MB, extensions: ['aac', 'm4a', 'wav', 'mp3'] },
      video: { maxBytes: 25 * MB, extensions: ['mp4', 'ogg', 'avi', 'mov', 'webm'] },
    },
    TTS: { image: { maxBytes: 10 * MB, extensions: ['jpeg', 'jpg', 'png'] } },
  };

/** 000 §5 type detection by content type. */
export function attachmentKindOf(mime: string): AttachmentKind {
  if (mime === 'image/jpeg' || mime === 'image/png') return 'image';
  if (['audio/aac', 'audio/mp4', 'audio/amr', 'audio/mpeg'].includes(mime)) return 'audio';
  if (mime === 'video/mp4' || mime === 'video/3gpp') return 'video';
  return 'document';
}

/** 000 §5, §9: at most 20 attachments per message; 24-hour chat window. */
export const MAX_ATTACHMENTS = 20;
export const CHAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Meta's `HUMAN_AGENT` message tag: a person may answer up to 7 days after the customer's last message. */
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What a public reply on a chat may be now, from the channel table: `open` (inside the 24-hour window, or a
 * channel without expiry), `humanAgentTag` (Messenger and Instagram between 24 h and 7 days: sent with the
 * `HUMAN_AGENT` tag), `followUpTemplate` (WhatsApp after 24 h: only a template), `resolve` (nothing more can
 * be sent: resolve the chat). `lastCustomerMessageAt` null (the customer never wrote) or `expired` (the chat
 * was marked expired) closes the 24-hour window.
 */
export type ReplyWindow = 'open' | 'humanAgentTag' | 'followUpTemplate' | 'resolve';

/**
 * How long after the customer's last message an agent may still answer the chat at all (000 §4): the 24-hour
 * window, or 7 days on Messenger and Instagram (the `HUMAN_AGENT` tag); null on channels without expiry. Past
 * it the chat is expired: only a follow-up template (WhatsApp) or resolving is left.
 */
export function answerWindowMsOf(channel: ChannelCode): number | null {
  const def = CHANNELS[channel];
  if (!def?.hasExpiry) return null;
  return def.afterExpiry === 'humanAgentTag' ? HUMAN_AGENT_WINDOW_MS : CHAT_WINDOW_MS;
}

/**
 * The instant a chat becomes expired (`replyWindowOf` is `followUpTemplate` or `resolve` from the next
 * millisecond on); null on channels without expiry or while the customer never wrote.
 */
export function chatExpiresAt(channel: ChannelCode, lastCustomerMessageAt: number | null): number | null {
  const window = answerWindowMsOf(channel);
  return window === null || lastCustomerMessageAt === null ? null : lastCustomerMessageAt + window;
}

/** The channels with expiry grouped by their answer window (for SQL: one cutoff per group). */
export function expiryGroups(): { windowMs: number; channels: ChannelCode[] }[] {
  const groups = new Map<number, ChannelCode[]>();
  for (const code of Object.keys(CHANNELS) as ChannelCode[]) {
    const window = answerWindowMsOf(code);
    if (window !== null) groups.set(window, [...(groups.get(window) ?? []), code]);
  }
  return [...groups].map(([windowMs, channels]) => ({ windowMs, channels }));
}

export function replyWindowOf(
  channel: ChannelCode,
  chat: { lastCustomerMessageAt: number | null; expired?: boolean },
  now: number,
): ReplyWindow {
  const def = CHANNELS[channel];
  if (!def?.hasExpiry) return 'open';
  const last = chat.lastCustomerMessageAt;
  const since = last === null ? Number.POSITIVE_INFINITY : now - last;
  if (!chat.expired && since <= CHAT_WINDOW_MS) return 'open';
  if (def.afterExpiry === 'humanAgentTag')
    return since <= HUMAN_AGENT_WINDOW_MS ? 'humanAgentTag' : 'resolve';
  return def.afterExpiry;
}

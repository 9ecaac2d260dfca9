import type { TokenBucket } from './limits.js';
import type {
  BusinessMessage,
  RegisterNumberArgs,
  WebhookErrorObject,
  WhatsappCloudSimulatorOptions,
  WhatsappCloudSimulatorStats,
} from './types.js';

/** Internal state shapes and shared plumbing of the WhatsApp Cloud simulator. */

export interface NumberState extends RegisterNumberArgs {
  bucket: TokenBucket;
}

export interface StoredMedia {
  id: string;
  bytes: Buffer;
  mime: string;
  sha256: string;
  filename?: string;
  phoneNumberId: string;
  wabaId: string;
}

export interface PageButton {
  kind: 'reply' | 'list' | 'quick_reply';
  id: string;
  title: string;
  /** A list row: the text of the button that opens the list. */
  listLabel?: string;
}

export interface InboundEntry {
  direction: 'in';
  id: string;
  at: number;
  type: string;
  text: string;
  mediaId?: string;
  mime?: string;
  filename?: string;
  readByBusiness: boolean;
}

export interface OutboundEntry {
  direction: 'out';
  message: BusinessMessage;
  fate: 'deliver' | WebhookErrorObject;
  buttons: PageButton[];
  bizOpaque?: string;
}

export type ThreadEntry = InboundEntry | OutboundEntry;

export interface Customer {
  phoneNumberId: string;
  waId: string;
  name: string;
  lastInboundAt?: number;
  conversation?: { id: string; expiresAt: number; origin: string };
  thread: ThreadEntry[];
}

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Map key of a (business number, customer) pair. */
export const key = (phoneNumberId: string, waId: string) => `${phoneNumberId}:${waId}`;

/** Options with their defaults applied. */
interface SimConfig {
  host: string;
  throughput: number;
  pair: { perSeconds: number; burst: number };
  windowMs: number;
  retry: { attempts: number; baseDelayMs: number };
  delays: { sent: number; delivered: number };
  webhookTimeoutMs: number;
  logLimit: number;
  graphVersion: string;
  mediaUrlTtlMs: number;
  codeTtlMs: number;
}

function resolveConfig(options: WhatsappCloudSimulatorOptions): SimConfig {
  return {
    host: options.host ?? '127.0.0.1',
    throughput: options.throughputPerSecond ?? 80,
    pair: options.pairLimit ?? { perSeconds: 6, burst: 45 },
    windowMs: (options.windowHours ?? 24) * 3600 * 1000,
    retry: options.webhookRetry ?? { attempts: 8, baseDelayMs: 200 },
    delays: options.statusDelaysMs ?? { sent: 10, delivered: 30 },
    webhookTimeoutMs: options.webhookTimeoutMs ?? 10_000,
    logLimit: options.webhookLogLimit ?? 10_000,
    graphVersion: options.graphVersion ?? 'v21.0',
    mediaUrlTtlMs: options.mediaUrlTtlMs ?? 5 * 60 * 1000,
    codeTtlMs: options.embeddedSignupCodeTtlMs ?? 60_000,
  };
}

/** Shared by every module: config, counters, timers and the closed flag. */
export interface SimContext {
  readonly config: SimConfig;
  readonly stats: WhatsappCloudSimulatorStats;
  readonly timers: Set<NodeJS.Timeout>;
  closed: boolean;
  /** Run `fn` after `ms` unless the simulator is closed by then. */
  later(ms: number, fn: () => void): void;
}

export function createContext(options: WhatsappCloudSimulatorOptions): SimContext {
  const ctx: SimContext = {
    config: resolveConfig(options),
    stats: {
      messagesAccepted: 0,
      customerMessages: 0,
      webhooksDelivered: 0,
      webhookAttempts: 0,
      webhookRetries: 0,
      webhooksAbandoned: 0,
      sendRequests: 0,
      throughputErrors: 0,
      pairLimitErrors: 0,
      mediaUploads: 0,
      authErrors: 0,
      failedByCode: {},
    },
    timers: new Set<NodeJS.Timeout>(),
    closed: false,
    later(ms, fn) {
      if (ctx.closed) return;
      const t = setTimeout(() => {
        ctx.timers.delete(t);
        if (!ctx.closed) fn();
      }, ms);
      ctx.timers.add(t);
    },
  };
  return ctx;
}

import { type MessageKey, translate } from '@sapa/contracts';
import type { ServerDeps } from '../../../platform/deps.js';
import type { contacts } from '../../contacts/index.js';
import type { messages, tickets } from '../../conversations/index.js';
import type { channelAccounts } from '../channels.schema.js';

/** What a channel's sender gets to deliver one pending outbound message. */
export interface OutboundContext {
  deps: ServerDeps;
  message: typeof messages.$inferSelect;
  ticket: typeof tickets.$inferSelect;
  contact: typeof contacts.$inferSelect;
  account: typeof channelAccounts.$inferSelect;
  /**
   * Who the message goes to on this channel account: the contact's identity there (WhatsApp: the wa_id the
   * customer wrote from), or null when the contact has none on this account.
   */
  recipientId: string | null;
  /** The provider id of the quoted message, when the reply quotes one. */
  quotedProviderMessageId: string | null;
  /** This is the last attempt: a sender must not ask for another try. */
  lastTry: boolean;
}

/** The outcome of one send attempt, in the channel-neutral words of the send job. */
export type SendOutcome =
  | { ok: true; providerMessageId: string | null }
  | {
      ok: false;
      retryable: boolean;
      reason: MessageKey;
      detail: string;
      /** The provider asked not to be called again before this long (Telegram's 429 `retry_after`). */
      retryAfterMs?: number;
    };

/** A connector's outbound half: delivers one message to the provider (or the visitor) and says how it went. */
export type OutboundSender = (ctx: OutboundContext) => Promise<SendOutcome>;

/** Thrown by a job to let pg-boss try again later (with its back-off). */
export class RetryLater extends Error {}

/** A message's error in the spec's words: `code` is the message key (the web translates it), `message` English. */
export function failure(key: MessageKey, title = '') {
  return { code: key, message: translate(key, 'en', [title]) };
}

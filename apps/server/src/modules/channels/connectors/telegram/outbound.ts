import { CHANNELS, type MessageKey, replyButtonsOf } from '@sapa/contracts';
import type { ServerDeps } from '../../../../platform/deps.js';
import { TokenBuckets } from '../../../../platform/rate/token-bucket.js';
import { mediaStorage } from '../../../conversations/index.js';
import type { OutboundContext, OutboundSender, SendOutcome } from '../../outbound/outbound-sender.js';
import { botApiTargetOf } from './account-target.js';
import { type BotApiResult, type BotApiTarget, callBotApi } from './bot-api.js';
import { telegramMessageId, telegramMessageNumber } from './inbound-parse.js';

/** Telegram allows about one message a second per chat (reference §2 limits): paced before the provider. */
const PER_CHAT_PER_SECOND = 1;
/** The longest a send waits in this process for its chat's turn (pace or a 429's retry_after) before retrying later. */
const MAX_WAIT_MS = 10_000;

/** The Bot API method and file field of each media type (any other file goes as a document). */
const MEDIA_METHODS: Readonly<Record<string, { method: string; field: string }>> = {
  image: { method: 'sendPhoto', field: 'photo' },
  video: { method: 'sendVideo', field: 'video' },
  audio: { method: 'sendAudio', field: 'audio' },
  document: { method: 'sendDocument', field: 'document' },
};

/** The spec's reason for a Bot API failure. */
function reasonOf(result: Extract<BotApiResult<unknown>, { ok: false }>): MessageKey {
  if (result.code === 429) return 'telegram.rateLimit';
  return result.retryable ? 'telegram.unavailable' : 'telegram.failed';
}

const failed = (reason: MessageKey, detail: string, retryable = false): SendOutcome => ({
  ok: false,
  retryable,
  reason,
  detail,
});

/** The multipart body of a media send: the stored file, its caption and the quoted message. */
async function mediaBody(
  deps: ServerDeps,
  message: OutboundContext['message'],
  field: string,
  common: Record<string, unknown>,
): Promise<FormData | null> {
  const key = message.payload?.storageKey;
  const file = typeof key === 'string' ? await mediaStorage(deps).get(key) : null;
  if (!file) return null;
  const form = new FormData();
  for (const [k, v] of Object.entries(common)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  if (message.text) form.set('caption', message.text);
  const name = message.media?.filename ?? 'file';
  form.set(field, new Blob([new Uint8Array(file.bytes)], { type: file.mime }), name);
  return form;
}

/**
 * Telegram's outbound half: text with `sendMessage`, files with `sendPhoto` / `sendVideo` / `sendAudio` /
 * `sendDocument` (multipart, caption within 000 §5's 512: a longer one is refused, never cut). Each chat is
 * paced at about one message a second; a 429's `retry_after` holds the chat back for that long: the outcome
 * carries it (`retryAfterMs`) and the send job sends again then; a send for a held chat waits in this
 * process up to `MAX_WAIT_MS`, else is put off again, and never calls the provider before the time.
 */
export function telegramSender(deps: ServerDeps): OutboundSender {
  const pace = new TokenBuckets(PER_CHAT_PER_SECOND, 1);
  /** Chat → the time before which the provider asked not to be called (429 `retry_after`). */
  const heldUntil = new Map<string, number>();

  /** Waits for the chat's turn; else how long the chat is still held (ms) or 0 for a pace that did not come. */
  async function turnOf(chat: string): Promise<{ ok: true } | { ok: false; heldMs: number }> {
    const hold = (heldUntil.get(chat) ?? 0) - Date.now();
    if (hold > MAX_WAIT_MS) return { ok: false, heldMs: hold };
    if (hold > 0) await new Promise((r) => setTimeout(r, hold));
    heldUntil.delete(chat);
    return (await pace.acquire(chat, MAX_WAIT_MS)) ? { ok: true } : { ok: false, heldMs: 0 };
  }

  return async ({ account, recipientId, message, quotedProviderMessageId }) => {
    if (!recipientId) return failed('telegram.failed', 'no Telegram chat for this contact');
    const media = MEDIA_METHODS[message.type];
    const limit = CHANNELS.TLG.captionLimit;
    if (media && (message.text?.length ?? 0) > limit)
      return failed('attachment.captionTooLong', String(limit));
    const chat = `${account.id}:${recipientId}`;
    const turn = await turnOf(chat);
    if (!turn.ok)
      return { ...failed('telegram.rateLimit', 'retry_after', true), retryAfterMs: turn.heldMs || undefined };

    const target: BotApiTarget = botApiTargetOf(deps, account);
    const quoted = telegramMessageNumber(quotedProviderMessageId);
    const common: Record<string, unknown> = {
      chat_id: recipientId,
      ...(quoted ? { reply_parameters: { message_id: quoted, allow_sending_without_reply: true } } : {}),
    };
    let result: BotApiResult<{ message_id?: number; chat?: { id?: number } }>;
    if (media) {
      const body = await mediaBody(deps, message, media.field, common);
      if (!body) return failed('telegram.failed', 'file not found');
      result = await callBotApi(target, media.method, body);
    } else {
      const buttons = replyButtonsOf(message.payload);
      // Reply buttons: an inline keyboard, one button a row; a tap comes back as a `callback_query`.
      const markup = buttons
        ? {
            reply_markup: {
              inline_keyboard: buttons.options.map((o) => [{ text: o.title, callback_data: o.id }]),
            },
          }
        : {};
      result = await callBotApi(target, 'sendMessage', { ...common, text: message.text ?? '', ...markup });
    }
    if (result.ok) {
      const id = result.value?.message_id;
      return {
        ok: true,
        providerMessageId: id ? telegramMessageId(result.value.chat?.id ?? recipientId, id) : null,
      };
    }
    const detail = result.code ? `${result.code} ${result.description}` : result.description;
    if (result.retryAfterMs === null) return failed(reasonOf(result), detail, result.retryable);
    heldUntil.set(chat, Date.now() + result.retryAfterMs);
    return { ...failed(reasonOf(result), detail, true), retryAfterMs: result.retryAfterMs };
  };
}

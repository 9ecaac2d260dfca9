import { CHANNELS, type MessageKey, replyButtonsOf } from '@sapa/contracts';
import type { ServerDeps } from '../../../../platform/deps.js';
import type { OutboundContext, OutboundSender, SendOutcome } from '../../outbound/outbound-sender.js';
import { channelMediaUrl } from '../media-links.js';
import { viberApiTargetOf } from './account-target.js';
import { VIBER_REPLY_TRACKING } from './inbound-parse.js';
import { callViberApi, VIBER_STATUS, type ViberApiResult, type ViberApiTarget } from './viber-api.js';

/** Viber shows at most 28 characters of the sender's name. */
const SENDER_NAME_MAX = 28;

type ViberMessageObject = Record<string, unknown>;
type SentAnswer = { message_token?: string };

const failed = (reason: MessageKey, detail: string, retryable = false): SendOutcome => ({
  ok: false,
  retryable,
  reason,
  detail,
});

/** The spec's reason for a Viber failure (its own words in the detail). */
function reasonOf(result: Extract<ViberApiResult<unknown>, { ok: false }>): MessageKey {
  if (result.status === VIBER_STATUS.tooManyRequests || result.status === 429) return 'viber.rateLimit';
  return result.retryable ? 'viber.unavailable' : 'viber.failed';
}

/**
 * The `send_message` bodies of one Sapa message (without receiver and sender): its text; a picture with its
 * caption as the picture's text; a video or a file (Viber gives them no text) followed by its caption as a
 * text message. The file goes as a signed link Viber downloads from. Null: nothing Viber can carry.
 */
function messageObjectsOf(
  deps: Pick<ServerDeps, 'config'>,
  message: OutboundContext['message'],
): ViberMessageObject[] | null {
  if (message.type === 'text') {
    const buttons = replyButtonsOf(message.payload);
    if (!buttons) return [{ type: 'text', text: message.text ?? '' }];
    // Reply buttons: a keyboard of `reply` buttons whose ActionBody is the option's id; the titles travel in
    // `tracking_data`, which Viber returns with the customer's tap.
    return [
      {
        type: 'text',
        text: message.text ?? '',
        keyboard: {
          Type: 'keyboard',
          DefaultHeight: false,
          Buttons: buttons.options.map((o) => ({
            Columns: 6,
            Rows: 1,
            ActionType: 'reply',
            ActionBody: o.id,
            Text: o.title,
          })),
        },
        tracking_data: JSON.stringify({
          [VIBER_REPLY_TRACKING]: Object.fromEntries(buttons.options.map((o) => [o.id, o.title])),
        }),
      },
    ];
  }
  const key = message.payload?.storageKey;
  if (typeof key !== 'string') return null;
  const media = channelMediaUrl(deps, key);
  const size = message.media?.size ?? 0;
  if (message.type === 'image') return [{ type: 'picture', text: message.text ?? '', media }];
  const caption = message.text ? [{ type: 'text', text: message.text }] : [];
  if (message.type === 'video') return [{ type: 'video', media, size }, ...caption];
  if (message.type === 'document')
    return [{ type: 'file', media, size, file_name: message.media?.filename ?? 'file' }, ...caption];
  return null;
}

/**
 * Viber's outbound half: `send_message` to the customer's Viber user id with the account's name as sender,
 * text or media by URL (captions within 000 §5's 512: longer ones refused, never cut). Viber's errors are the
 * failure's reason in its own words (`receiverNotSubscribed`, …); too many requests and 5xx are retried by
 * the send job's back-off. The first `message_token` is the message's provider id (its delivered / seen).
 */
export function viberSender(deps: ServerDeps): OutboundSender {
  return async ({ account, recipientId, message }) => {
    if (!recipientId) return failed('viber.failed', 'no Viber user for this contact');
    const limit = CHANNELS.VBR.captionLimit;
    if (message.type !== 'text' && (message.text?.length ?? 0) > limit)
      return failed('attachment.captionTooLong', String(limit));
    const objects = messageObjectsOf(deps, message);
    if (!objects) return failed('viber.failed', `Viber cannot carry a ${message.type} message`);
    const target = viberApiTargetOf(deps, account);
    const sender = { name: account.name.slice(0, SENDER_NAME_MAX) };
    let first: string | null = null;
    for (const [i, object] of objects.entries()) {
      const sent = await send(target, { receiver: recipientId, min_api_version: 1, sender, ...object });
      // A caption after its file: the file went, so no retry (it would send the file twice).
      if (!sent.ok) return failed(reasonOf(sent), sent.description, i === 0 && sent.retryable);
      first ??= sent.value.message_token ?? null;
    }
    return { ok: true, providerMessageId: first };
  };
}

const send = (target: ViberApiTarget, body: Record<string, unknown>) =>
  callViberApi<SentAnswer>(target, 'send_message', body);

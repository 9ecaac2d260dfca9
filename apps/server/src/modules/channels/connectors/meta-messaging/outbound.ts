import { type MessageKey, replyButtonsOf, replyWindowOf } from '@sapa/contracts';
import type { ServerDeps } from '../../../../platform/deps.js';
import type { GraphResult } from '../../../../platform/whatsapp/graph-client.js';
import type { OutboundContext, OutboundSender, SendOutcome } from '../../outbound/outbound-sender.js';
import { channelMediaUrl } from '../media-links.js';
import { type MetaPlatform, SAPA_METADATA_PREFIX } from './platform.js';
import { metaTargetOf, sendMetaMessage } from './send-api.js';

/** Meta's answer to a send outside the allowed window: code 10, subcode 2018278 (reference §4). */
export const OUTSIDE_WINDOW = { code: 10, subcode: 2018278 } as const;
/** Graph's rate-limit codes (application, user, page, Send API). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

const failed = (reason: MessageKey, detail: string, retryable = false): SendOutcome => ({
  ok: false,
  retryable,
  reason,
  detail,
});

/** The spec's reason for a Send API failure, with Meta's own words as the detail. */
export function sendFailureOf(result: Extract<GraphResult<unknown>, { ok: false }>): SendOutcome {
  const detail = [result.title, result.code === null ? '' : `(${result.code}/${result.subcode ?? '-'})`]
    .filter(Boolean)
    .join(' ');
  if (result.code === OUTSIDE_WINDOW.code && result.subcode === OUTSIDE_WINDOW.subcode)
    return failed('meta.outsideWindow', detail);
  if (result.code !== null && RATE_LIMIT_CODES.has(result.code))
    return failed('meta.rateLimit', detail, true);
  if (result.retryable) return failed('meta.unavailable', detail, true);
  return failed('meta.failed', detail);
}

/** The Send API's attachment type of each Sapa message type (a document is a `file`). */
const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'file',
};

/**
 * The `message` objects of one Sapa message: its text; or its file as an attachment Meta downloads from a
 * signed link to the stored file, then its caption as text (Messenger and Instagram have no captions).
 */
function messageObjectsOf(
  deps: Pick<ServerDeps, 'config'>,
  message: OutboundContext['message'],
): Record<string, unknown>[] | null {
  if (message.type === 'text') {
    const buttons = replyButtonsOf(message.payload);
    // Reply buttons: quick replies; a tap comes back as a message with the title and `quick_reply.payload`.
    const quick = buttons
      ? {
          quick_replies: buttons.options.map((o) => ({
            content_type: 'text',
            title: o.title,
            payload: o.id,
          })),
        }
      : {};
    return [{ text: message.text ?? '', ...quick }];
  }
  const type = ATTACHMENT_TYPES[message.type];
  const key = message.payload?.storageKey;
  if (!type || typeof key !== 'string') return null;
  const attachment = {
    attachment: { type, payload: { url: channelMediaUrl(deps, key), is_reusable: false } },
  };
  return message.text ? [attachment, { text: message.text }] : [attachment];
}

/**
 * Messenger's and Instagram's outbound half: `POST /{id}/messages` with the Page token, `messaging_type:
 * RESPONSE` inside 24 hours of the customer's last message, `MESSAGE_TAG` + `tag: HUMAN_AGENT` after that
 * until 7 days (the channel table's rule, `replyWindowOf`); later nothing is sent. Each message carries
 * `metadata: sapa:<message id>`, so its echo is known as Sapa's own. Meta's refusal (10 / 2018278 outside the
 * window, a blocked customer, …) is the message's failure with Meta's words.
 */
export function metaSender(platform: MetaPlatform) {
  return (deps: ServerDeps): OutboundSender =>
    async ({ account, recipientId, message, ticket }) => {
      if (!recipientId) return failed('meta.failed', 'no Meta user for this contact');
      const window = replyWindowOf(
        platform.code,
        {
          lastCustomerMessageAt: ticket.lastCustomerMessageAt?.getTime() ?? null,
          expired: ticket.status === 'expired',
        },
        Date.now(),
      );
      if (window !== 'open' && window !== 'humanAgentTag')
        return failed('meta.outsideWindow', 'more than 7 days since the customer last wrote');
      const objects = messageObjectsOf(deps, message);
      if (!objects) return failed('meta.failed', `cannot send a ${message.type} message`);
      const target = metaTargetOf(deps, account);
      const framing =
        window === 'open'
          ? { messaging_type: 'RESPONSE' }
          : { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' };
      let first: string | null = null;
      for (const [i, object] of objects.entries()) {
        const sent = await sendMetaMessage(target, {
          recipient: { id: recipientId },
          ...framing,
          message: { ...object, metadata: `${SAPA_METADATA_PREFIX}${message.id}` },
        });
        // A caption that fails after its file went: not retried (the file would go twice).
        if (!sent.ok) return i === 0 ? sendFailureOf(sent) : { ...sendFailureOf(sent), retryable: false };
        first ??= sent.value?.message_id ?? null;
      }
      return { ok: true, providerMessageId: first };
    };
}

import { CHANNELS, linePostbackData, type MessageKey, replyButtonsOf } from '@sapa/contracts';
import type { ServerDeps } from '../../../../platform/deps.js';
import { mergeMessagePayload } from '../../../conversations/index.js';
import type { OutboundContext, OutboundSender, SendOutcome } from '../../outbound/outbound-sender.js';
import { channelMediaUrl } from '../media-links.js';
import { lineApiTargetOf } from './account-target.js';
import { type LineApiResult, type LineApiTarget, postLineApi } from './messaging-api.js';
import { unusedReplyToken } from './reply-token.repository.js';

/**
 * How long after the customer's message its reply token is still used: LINE allows one minute
 * (reference §3); a margin keeps a slow request from arriving with a dead token.
 */
export const REPLY_TOKEN_TTL_MS = 50_000;

type LineMessageObject = Record<string, unknown>;
type SentAnswer = { sentMessages?: { id?: string }[] };

const failed = (reason: MessageKey, detail: string, retryable = false): SendOutcome => ({
  ok: false,
  retryable,
  reason,
  detail,
});

/** The spec's reason for a Messaging API failure. */
function reasonOf(result: Extract<LineApiResult<unknown>, { ok: false }>): MessageKey {
  if (result.status === 429) return 'line.rateLimit';
  return result.retryable ? 'line.unavailable' : 'line.failed';
}

/**
 * The message objects of one Sapa message: its text; or its file as an image, video or audio message (a
 * signed link LINE downloads from) followed by its caption as text. Null: nothing LINE can carry.
 */
function messageObjectsOf(
  deps: Pick<ServerDeps, 'config'>,
  message: OutboundContext['message'],
): LineMessageObject[] | null {
  if (message.type === 'text') {
    const buttons = replyButtonsOf(message.payload);
    // Reply buttons: quick reply items with postback actions; `displayText` shows the tap as the customer's
    // message, the postback `data` brings the option back (a `postback` event).
    const quickReply = buttons
      ? {
          quickReply: {
            items: buttons.options.map((o) => ({
              type: 'action',
              action: { type: 'postback', label: o.title, data: linePostbackData(o), displayText: o.title },
            })),
          },
        }
      : {};
    return [{ type: 'text', text: message.text ?? '', ...quickReply }];
  }
  const key = message.payload?.storageKey;
  if (typeof key !== 'string') return null;
  const url = channelMediaUrl(deps, key);
  const caption = message.text ? [{ type: 'text', text: message.text }] : [];
  if (message.type === 'image')
    return [{ type: 'image', originalContentUrl: url, previewImageUrl: url }, ...caption];
  if (message.type === 'video')
    return [{ type: 'video', originalContentUrl: url, previewImageUrl: url }, ...caption];
  if (message.type === 'audio') {
    const seconds = Number(message.payload?.durationSeconds);
    const duration = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 1000;
    return [{ type: 'audio', originalContentUrl: url, duration }, ...caption];
  }
  return null;
}

const sentIdOf = (answer: SentAnswer | undefined) => answer?.sentMessages?.[0]?.id ?? null;

/**
 * LINE's outbound half: a reply with the newest unused reply token of the ticket's customer while it is valid
 * (one minute, single use: it is marked used before the call), else a push to the customer's user id with
 * `X-Line-Retry-Key` set to the message's own id, so a retried push is sent once (409: already accepted).
 * A reply LINE refuses with 400 (token expired or used) goes again as a push. Captions within 000 §5's 512
 * (longer: refused, never cut). 429 and 5xx are retried by the send job's back-off.
 */
export function lineSender(deps: ServerDeps): OutboundSender {
  return async ({ account, recipientId, message, ticket }) => {
    if (!recipientId) return failed('line.failed', 'no LINE user for this contact');
    const limit = CHANNELS.LNE.captionLimit;
    if (message.type !== 'text' && (message.text?.length ?? 0) > limit)
      return failed('attachment.captionTooLong', String(limit));
    const objects = messageObjectsOf(deps, message);
    if (!objects) return failed('line.failed', `LINE cannot carry a ${message.type} message`);
    const target = lineApiTargetOf(deps, account);

    const token = await unusedReplyToken(
      deps.db,
      { clientId: ticket.clientId, ticketId: ticket.id },
      new Date(Date.now() - REPLY_TOKEN_TTL_MS),
    );
    if (token) {
      await mergeMessagePayload(
        deps.db,
        { clientId: ticket.clientId, messageId: token.messageId },
        { replyTokenUsed: true },
      );
      const replied = await postLineApi<SentAnswer>(target, '/v2/bot/message/reply', {
        replyToken: token.replyToken,
        messages: objects,
      });
      if (replied.ok) return { ok: true, providerMessageId: sentIdOf(replied.value) };
      // An expired or used token: the message goes by push; any other failure is the message's.
      if (replied.status !== 400) return failed(reasonOf(replied), replied.description, replied.retryable);
    }
    return push(target, { to: recipientId, messages: objects, retryKey: message.id });
  };
}

/** A push, idempotent on its retry key: a 409 means LINE already accepted this very message. */
async function push(
  target: LineApiTarget,
  input: { to: string; messages: LineMessageObject[]; retryKey: string },
): Promise<SendOutcome> {
  const pushed = await postLineApi<SentAnswer>(
    target,
    '/v2/bot/message/push',
    { to: input.to, messages: input.messages },
    { 'X-Line-Retry-Key': input.retryKey },
  );
  if (pushed.ok) return { ok: true, providerMessageId: sentIdOf(pushed.value) };
  if (pushed.status === 409) return { ok: true, providerMessageId: null };
  return failed(reasonOf(pushed), pushed.description, pushed.retryable);
}

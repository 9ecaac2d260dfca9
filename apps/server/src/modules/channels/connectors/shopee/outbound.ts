import type { MessageKey } from '@sapa/contracts';
import type { ServerDeps } from '../../../../platform/deps.js';
import type { OutboundSender, SendOutcome } from '../../outbound/outbound-sender.js';
import { callShopee, type ShopeeResult } from './open-api.js';
import { partnerOf, shopAuthOf } from './shopee-tokens.js';

/** The longest text `sellerchat/send_message` takes (characters). */
export const SHOPEE_TEXT_MAX = 1000;

type Failure = Extract<ShopeeResult<unknown>, { ok: false }>;
type SentAnswer = { response?: { message_id?: string | number } };

const failed = (reason: MessageKey, detail: string, retryable = false): SendOutcome => ({
  ok: false,
  retryable,
  reason,
  detail,
});

const reasonOf = (f: Failure): MessageKey =>
  f.status === 429 || f.description.startsWith('error_rate_limit')
    ? 'shopee.rateLimit'
    : f.retryable
      ? 'shopee.unavailable'
      : 'shopee.failed';

/**
 * Shopee's outbound half: an agent's text goes to the buyer with `v2.sellerchat.send_message` (`to_id`: the
 * buyer's user id) signed with the shop's access token, refreshed first when it is near its expiry; a token
 * Shopee refuses is refreshed once and the send tried again. 429 and 5xx are retried by the send job's
 * back-off. Files are not sent yet (Shopee wants them uploaded with `sellerchat/upload_image` first).
 */
export function shopeeSender(deps: ServerDeps): OutboundSender {
  return async ({ account, recipientId, message }) => {
    if (!partnerOf(deps)) return failed('shopee.failed', 'Shopee is not configured on this server');
    if (!recipientId || !/^\d+$/.test(recipientId))
      return failed('shopee.failed', 'no Shopee buyer for this contact');
    if (message.type !== 'text')
      return failed('shopee.failed', `Sapa cannot send a ${message.type} message to Shopee yet`);
    const text = message.text ?? '';
    if (text.length > SHOPEE_TEXT_MAX)
      return failed('shopee.failed', `text over ${SHOPEE_TEXT_MAX} characters`);
    const body = { to_id: Number(recipientId), message_type: 'text', content: { text } };
    let auth = await shopAuthOf(deps, account);
    for (let attempt = 0; auth.ok; attempt++) {
      const sent = await callShopee<SentAnswer>(partnerOf(deps)!, {
        path: '/api/v2/sellerchat/send_message',
        shop: auth.auth,
        body,
      });
      if (sent.ok) {
        const id = sent.value.response?.message_id;
        return { ok: true, providerMessageId: id === undefined ? null : String(id) };
      }
      if (!sent.invalidToken || attempt > 0) return failed(reasonOf(sent), sent.description, sent.retryable);
      auth = await shopAuthOf(deps, account, { force: true });
    }
    return failed(reasonOf(auth), auth.description, auth.retryable);
  };
}

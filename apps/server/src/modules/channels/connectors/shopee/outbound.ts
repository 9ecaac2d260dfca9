import type { MessageKey } from '@sapa/contracts';
import type { ServerDeps } from '../../../../platform/deps.js';
import { mediaStorage } from '../../../conversations/index.js';
import type { ChannelAccountRow } from '../../channels.service.js';
import type { OutboundContext, OutboundSender, SendOutcome } from '../../outbound/outbound-sender.js';
import type { ChannelConnector } from '../connector.js';
import { callShopee, type ShopAuth, type ShopeeResult } from './open-api.js';
import { partnerOf, shopAuthOf } from './shopee-tokens.js';

/** The longest text `sellerchat/send_message` takes (characters). */
export const SHOPEE_TEXT_MAX = 1000;
/** What `sellerchat/upload_image` takes: JPG, PNG or GIF up to 2 MB. */
export const SHOPEE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const SHOPEE_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

type Failure = Extract<ShopeeResult<unknown>, { ok: false }>;
type SentAnswer = { response?: { message_id?: string | number } };
type UploadAnswer = { response?: { url?: string } };

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
 * A shop's call with its access token, refreshed first when near its expiry; a token Shopee refuses is
 * refreshed once and the call tried again.
 */
export async function callAsShop<T>(
  deps: Pick<ServerDeps, 'config' | 'secrets' | 'db'>,
  account: ChannelAccountRow,
  input: (auth: ShopAuth) => {
    path: string;
    body?: unknown;
    form?: FormData;
    query?: Record<string, string>;
  },
): Promise<ShopeeResult<T>> {
  let auth = await shopAuthOf(deps, account);
  for (let attempt = 0; auth.ok; attempt++) {
    const result = await callShopee<T>(partnerOf(deps)!, { ...input(auth.auth), shop: auth.auth });
    if (result.ok || !result.invalidToken || attempt > 0) return result;
    auth = await shopAuthOf(deps, account, { force: true });
  }
  return auth;
}

/** A stored photo, checked against `upload_image`'s limits; a string: why it cannot go. */
async function photoOf(deps: ServerDeps, message: OutboundContext['message']) {
  const key = message.payload?.storageKey;
  const file = typeof key === 'string' ? await mediaStorage(deps).get(key) : null;
  if (!file) return 'the photo is not stored';
  if (!SHOPEE_IMAGE_TYPES.has(file.mime)) return 'Shopee takes JPG, PNG or GIF photos only';
  if (file.bytes.length > SHOPEE_IMAGE_MAX_BYTES) return 'Shopee takes photos of 2 MB or less';
  return file;
}

/**
 * Shopee's outbound half: an agent's text goes to the buyer with `v2.sellerchat.send_message` (`to_id`: the
 * buyer's user id); a photo is uploaded with `sellerchat/upload_image` (multipart `file`: JPG, PNG or GIF, 2 MB)
 * and sent as an `image` message with the URL Shopee answered, its caption (Shopee images have none) as a text
 * message after it. 429 and 5xx are retried by the send job's back-off; a photo over the limits is refused
 * with the reason, never cut.
 */
export function shopeeSender(deps: ServerDeps): OutboundSender {
  return async ({ account, recipientId, message }) => {
    if (!partnerOf(deps)) return failed('shopee.failed', 'Shopee is not configured on this server');
    if (!recipientId || !/^\d+$/.test(recipientId))
      return failed('shopee.failed', 'no Shopee buyer for this contact');
    if (message.type !== 'text' && message.type !== 'image')
      return failed('shopee.failed', `Sapa cannot send a ${message.type} message to Shopee`);
    const text = message.text ?? '';
    if (text.length > SHOPEE_TEXT_MAX)
      return failed('shopee.failed', `text over ${SHOPEE_TEXT_MAX} characters`);
    const send = (content: { message_type: string; content: Record<string, unknown> }) =>
      callAsShop<SentAnswer>(deps, account, () => ({
        path: '/api/v2/sellerchat/send_message',
        body: { to_id: Number(recipientId), ...content },
      }));
    let sent: ShopeeResult<SentAnswer>;
    if (message.type === 'image') {
      const photo = await photoOf(deps, message);
      if (typeof photo === 'string') return failed('shopee.failed', photo);
      const uploaded = await callAsShop<UploadAnswer>(deps, account, () => {
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(photo.bytes)], { type: photo.mime }), 'photo');
        return { path: '/api/v2/sellerchat/upload_image', form };
      });
      if (!uploaded.ok) return failed(reasonOf(uploaded), uploaded.description, uploaded.retryable);
      const url = uploaded.value.response?.url;
      if (!url) return failed('shopee.failed', 'Shopee answered no image URL');
      sent = await send({ message_type: 'image', content: { image_url: url } });
      if (sent.ok && text.trim()) {
        const caption = await send({ message_type: 'text', content: { text } });
        if (!caption.ok) deps.logger.warn({ error: caption.description }, 'shopee photo caption not sent');
      }
    } else {
      sent = await send({ message_type: 'text', content: { text } });
    }
    if (!sent.ok) return failed(reasonOf(sent), sent.description, sent.retryable);
    const id = sent.value.response?.message_id;
    return { ok: true, providerMessageId: id === undefined ? null : String(id) };
  };
}

/**
 * Shopee's read state (`sellerchat/read_conversation`): the agent opened the chat, so the conversation is read
 * up to the buyer's latest message. Needs the conversation id the message came with.
 */
export const shopeeMarkRead: NonNullable<ChannelConnector['markRead']> = async (
  deps,
  account,
  providerMessageId,
  _customer,
  context,
) => {
  if (!context?.conversationId) return { ok: true };
  const read = await callAsShop(deps, account, () => ({
    path: '/api/v2/sellerchat/read_conversation',
    body: { conversation_id: context.conversationId, last_read_message_id: providerMessageId },
  }));
  return read.ok ? { ok: true } : { ok: false, retryable: read.retryable, detail: read.description };
};

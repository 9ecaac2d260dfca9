import { createPoster } from '../http-post.js';
import { createRetryingDeliveries } from '../retrying-deliveries.js';
import { shopeePushSignature } from '../signatures.js';
import type { SimState } from './state.js';

/**
 * Pushes like Shopee: one callback URL for the partner app (`set_app_push_config`), a JSON body
 * `{ msg_id, data, shop_id, code, timestamp }` signed in `Authorization` (hex HMAC-SHA256 of
 * `<callback URL>|<body>` with the partner key); only the codes switched on go (10: webchat). A non-2xx answer
 * (or none) is tried again, the same bytes, with a doubling delay; pushes of one shop go one after another.
 * A push whose every try failed becomes a lost push (`recovery-routes.ts`).
 */
export function createPusher(options: {
  state: SimState;
  retry: { attempts: number; baseDelayMs: number };
  timeoutMs: number;
  isClosed: () => boolean;
}) {
  const poster = createPoster();
  const { state } = options;
  // A push every try of which failed is kept as Shopee's lost push (`get_lost_push_message`).
  const deliveries = createRetryingDeliveries({
    ...options,
    onGiveUp: (key, raw) => {
      const body = JSON.parse(raw) as { code: number; timestamp: number };
      state.lost.pushes.push({
        msgId: state.lost.nextId++,
        shopId: Number(key),
        code: body.code,
        timestamp: body.timestamp,
        data: raw,
      });
    },
  });

  const postSigned = (url: string, raw: string) =>
    poster
      .post(
        url,
        raw,
        {
          'content-type': 'application/json',
          authorization: shopeePushSignature(state.partner.partnerKey, url, raw),
        },
        { timeoutMs: options.timeoutMs },
      )
      .catch(() => 0);

  return {
    /** Queues a push of this code for the shop (nothing when the code is off or no callback URL is set). */
    push(shopId: number, code: number, data: Record<string, unknown>) {
      if (!state.push.callbackUrl || !state.push.codes.has(code) || options.isClosed()) return;
      const raw = JSON.stringify({
        msg_id: '',
        data,
        shop_id: shopId,
        code,
        timestamp: Math.floor(Date.now() / 1000),
      });
      deliveries.enqueue(String(shopId), () => {
        const url = state.push.callbackUrl;
        return url ? { raw, post: () => postSigned(url, raw) } : null;
      });
    },
    postSigned: (raw: string) =>
      state.push.callbackUrl ? postSigned(state.push.callbackUrl, raw) : Promise.resolve(0),
    pending: deliveries.pending,
    delivered: () => deliveries.delivered().map(({ raw, attempts }) => ({ raw, attempts })),
    stats: deliveries.stats,
    close: () => poster.destroy(),
  };
}

export type Pusher = ReturnType<typeof createPusher>;

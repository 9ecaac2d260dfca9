import { randomUUID } from 'node:crypto';
import { createPoster } from '../http-post.js';
import { shopifySignature } from '../signatures.js';
import type { DeliveredWebhook } from './types.js';

export const SIM_API_VERSION = '2025-07';

/**
 * Webhook deliveries as Shopify makes them: a JSON POST signed `X-Shopify-Hmac-Sha256` (base64 HMAC-SHA256 of
 * the raw body with the app's secret) with `X-Shopify-Topic`, `X-Shopify-Shop-Domain`, `X-Shopify-API-Version`,
 * `X-Shopify-Webhook-Id` (the same on every retry: the receiver's dedupe key), `X-Shopify-Event-Id` and
 * `X-Shopify-Triggered-At`. An answer that is not 2xx, a network error or no answer within the timeout (5 s) is
 * a failure, tried again with a doubling delay up to `retry.attempts` times. Deliveries of one order go one
 * after another (key), so its created/paid/fulfilled webhooks arrive in their order.
 */
export function createWebhookSender(config: {
  secret: string;
  retry: { attempts: number; baseDelayMs: number };
  timeoutMs: number;
}) {
  const poster = createPoster();
  const chains = new Map<string, Promise<void>>();
  const delivered: DeliveredWebhook[] = [];
  const stats = { webhookAttempts: 0, webhookRetries: 0 };
  const timers = new Set<NodeJS.Timeout>();
  let pending = 0;
  let closed = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function deliver(input: {
    url: string;
    shop: string;
    topic: string;
    raw: string;
    webhookId: string;
  }) {
    const headers = {
      'content-type': 'application/json',
      'x-shopify-topic': input.topic,
      'x-shopify-hmac-sha256': shopifySignature(config.secret, input.raw),
      'x-shopify-shop-domain': input.shop,
      'x-shopify-api-version': SIM_API_VERSION,
      'x-shopify-webhook-id': input.webhookId,
      'x-shopify-event-id': randomUUID(),
      'x-shopify-triggered-at': new Date().toISOString(),
    };
    for (let attempt = 1; attempt <= config.retry.attempts && !closed; attempt++) {
      stats.webhookAttempts++;
      if (attempt > 1) stats.webhookRetries++;
      const status = await poster
        .post(input.url, input.raw, headers, { timeoutMs: config.timeoutMs })
        .catch(() => 0);
      if (status >= 200 && status < 300) {
        delivered.push({
          shop: input.shop,
          topic: input.topic,
          webhookId: input.webhookId,
          raw: input.raw,
          attempts: attempt,
        });
        if (delivered.length > 20_000) delivered.splice(0, 10_000);
        return;
      }
      if (attempt < config.retry.attempts) await sleep(config.retry.baseDelayMs * 2 ** (attempt - 1));
    }
  }

  return {
    /** Queues one delivery behind the key's earlier ones; answers its webhook id. */
    send(key: string, input: { url: string; shop: string; topic: string; body: unknown }): string {
      const webhookId = randomUUID();
      if (closed) return webhookId;
      const raw = JSON.stringify(input.body);
      pending++;
      const next = (chains.get(key) ?? Promise.resolve())
        .then(() => deliver({ url: input.url, shop: input.shop, topic: input.topic, raw, webhookId }))
        .finally(() => {
          pending--;
          if (chains.get(key) === next) chains.delete(key);
        });
      chains.set(key, next);
      return webhookId;
    },
    pending: () => pending,
    delivered: () => delivered.slice(),
    stats: () => ({ ...stats }),
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      poster.destroy();
    },
  };
}

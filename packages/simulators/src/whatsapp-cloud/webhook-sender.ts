import { createPoster } from '../http-post.js';
import { metaSignature } from '../signatures.js';
import type { NumberState, Obj, SimContext } from './context.js';
import { key } from './context.js';
import type { DeliveredWebhook } from './types.js';

/** Signed webhook delivery to the business's webhook URL, with retries and a delivery log. */

interface WebhookJob {
  url: string;
  phoneNumberId: string;
  raw: string;
  signature: string;
  body: unknown;
}

export interface WebhookSender {
  enqueue(num: NumberState, recipient: string, body: unknown): void;
  /** Webhooks queued or waiting for a retry. */
  pending(): number;
  delivered(): DeliveredWebhook[];
  /** Abort in-flight POSTs (on close). */
  abort(): void;
}

export function metadata(num: NumberState) {
  return { display_phone_number: num.displayPhoneNumber, phone_number_id: num.phoneNumberId };
}

export function envelope(num: NumberState, value: Obj) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: num.wabaId, changes: [{ value, field: 'messages' }] }],
  };
}

export function createWebhookSender(ctx: SimContext): WebhookSender {
  const { stats } = ctx;
  const { retry, webhookTimeoutMs, logLimit } = ctx.config;
  const chains = new Map<string, Promise<void>>();
  const delivered: DeliveredWebhook[] = [];
  const poster = createPoster();
  let pendingWebhooks = 0;

  function enqueue(num: NumberState, recipient: string, body: unknown): void {
    if (ctx.closed) return;
    const raw = JSON.stringify(body);
    const job: WebhookJob = {
      url: num.webhookUrl,
      phoneNumberId: num.phoneNumberId,
      raw,
      signature: metaSignature(num.appSecret, raw),
      body,
    };
    pendingWebhooks++;
    // First attempts are chained per (number, recipient) so the happy path arrives in order; retries are
    // scheduled independently, so a failing delivery does not hold the others back (no ordering promise).
    const chainKey = key(num.phoneNumberId, recipient);
    const next = (chains.get(chainKey) ?? Promise.resolve()).then(() => attempt(job, 1));
    chains.set(chainKey, next);
    void next.finally(() => {
      if (chains.get(chainKey) === next) chains.delete(chainKey);
    });
  }

  async function attempt(job: WebhookJob, n: number): Promise<void> {
    if (ctx.closed) {
      pendingWebhooks--;
      return;
    }
    stats.webhookAttempts++;
    if (n > 1) stats.webhookRetries++;
    let ok = false;
    try {
      const status = await poster.post(
        job.url,
        job.raw,
        {
          'content-type': 'application/json',
          'x-hub-signature-256': job.signature,
          'user-agent': 'facebookexternalua',
        },
        { timeoutMs: webhookTimeoutMs },
      );
      ok = status >= 200 && status < 300;
    } catch {
      ok = false;
    }
    if (ok) {
      stats.webhooksDelivered++;
      delivered.push({
        url: job.url,
        phoneNumberId: job.phoneNumberId,
        rawBody: job.raw,
        signature: job.signature,
        body: job.body,
        attempts: n,
        deliveredAt: Date.now(),
      });
      // Trimmed in chunks: cutting one entry off the front of a full log on every delivery moved the whole log.
      if (delivered.length >= 2 * logLimit) delivered.splice(0, delivered.length - logLimit);
      pendingWebhooks--;
    } else if (n < retry.attempts && !ctx.closed) {
      ctx.later(retry.baseDelayMs * 2 ** (n - 1), () => void attempt(job, n + 1));
      if (ctx.closed) pendingWebhooks--;
    } else {
      stats.webhooksAbandoned++;
      pendingWebhooks--;
    }
  }

  return {
    enqueue,
    pending: () => pendingWebhooks,
    delivered: () => delivered.slice(-logLimit),
    abort: () => poster.destroy(),
  };
}

import { randomUUID } from 'node:crypto';
import { createPoster } from '../http-post.js';
import type { DeliveredCallback } from './types.js';

/** What a callback is about: an invoice or a disbursement, by its id and its status when sent. */
interface CallbackSubject {
  id: string;
  status: string;
}

/**
 * Invoice and disbursement callbacks as Xendit sends them: a JSON POST with `x-callback-token` (the merchant's verification
 * token) and a `webhook-id` that stays the same across retries. A non-2xx answer or a network error is retried
 * with exponential back-off up to `retry.attempts` times.
 */
export function createCallbackSender(config: {
  url: string;
  token: string;
  retry: { attempts: number; baseDelayMs: number };
}) {
  const poster = createPoster();
  const delivered: DeliveredCallback[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let pending = 0;
  let closed = false;
  let url = config.url;

  async function attempt(invoice: CallbackSubject, raw: string, webhookId: string, n: number): Promise<void> {
    let status = 0;
    try {
      status = await poster.post(
        url,
        raw,
        { 'content-type': 'application/json', 'x-callback-token': config.token, 'webhook-id': webhookId },
        { timeoutMs: 10_000 },
      );
    } catch {
      status = 0;
    }
    const answered = status >= 200 && status < 300;
    if (!answered && n < config.retry.attempts && !closed) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void attempt(invoice, raw, webhookId, n + 1);
        },
        config.retry.baseDelayMs * 2 ** (n - 1),
      );
      timers.add(timer);
      return;
    }
    // Answered, or given up: logged with the last answer either way.
    delivered.push({
      invoiceId: invoice.id,
      status: invoice.status as DeliveredCallback['status'],
      rawBody: raw,
      attempts: n,
      answeredStatus: status,
    });
    pending--;
  }

  return {
    /** Sends the invoice's callback (its state now) and retries it until answered 2xx. */
    send(invoice: CallbackSubject, body: Record<string, unknown>): void {
      if (closed) return;
      pending++;
      void attempt({ ...invoice }, JSON.stringify(body), randomUUID(), 1);
    },
    setUrl(next: string) {
      url = next;
    },
    delivered: () => [...delivered],
    pending: () => pending,
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      poster.destroy();
    },
  };
}

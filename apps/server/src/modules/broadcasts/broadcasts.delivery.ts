import { sql } from 'drizzle-orm';
import type { ServerDeps } from '../../platform/deps.js';
import {
  broadcastKeyOf,
  failure,
  type ProviderSendResult,
  type TemplateMessage,
  type TemplateSession,
} from '../channels/index.js';
import { mediaStorage } from '../conversations/index.js';
import type { Claimed } from './broadcasts.claims.js';
import type { RecipientTransition } from './broadcasts.transitions.js';

type SendFailure = Extract<ProviderSendResult, { ok: false }>;
type ImageMedia = { ok: true; id: string } | SendFailure;

const IMAGE_NOT_FOUND: SendFailure = {
  ok: false,
  answered: true,
  retryable: false,
  throttled: false,
  retryAfterMs: null,
  reason: 'wa.failed',
  detail: 'broadcast image not found',
};

const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 60_000);

/** The template message of one recipient: its broadcast's template, its values, the image header, its key. */
export function templateMessageOf(c: Claimed, imageMediaId: string | null): TemplateMessage {
  return {
    to: c.phone,
    templateName: c.templateName,
    templateLanguage: c.templateLanguage,
    values: c.values,
    header: imageMediaId
      ? { mediaId: imageMediaId }
      : c.image && 'link' in c.image
        ? { kind: c.image.kind, link: c.image.link }
        : null,
    callbackKey: broadcastKeyOf(c.broadcastId, c.id),
  };
}

/**
 * The provider media id of each broadcast image in the round: uploaded once through the connector and kept
 * on the broadcast (and in `known`, this process's memory), so later rounds and other workers reuse it.
 */
export async function imageMediaIds(
  deps: ServerDeps,
  clientId: string,
  session: TemplateSession,
  claimed: Claimed[],
  known: Map<string, string>,
) {
  const out = new Map<string, ImageMedia>();
  for (const c of claimed) {
    if (!c.image || !('storageKey' in c.image) || out.has(c.broadcastId)) continue;
    const id = known.get(c.broadcastId) ?? c.image.mediaId;
    if (id) {
      out.set(c.broadcastId, { ok: true, id });
      continue;
    }
    const file = await mediaStorage(deps).get(c.image.storageKey);
    const uploaded = file
      ? await session.uploadMedia({ bytes: file.bytes, mime: file.mime, filename: 'broadcast' })
      : IMAGE_NOT_FOUND;
    out.set(c.broadcastId, uploaded);
    if (!uploaded.ok) continue;
    known.set(c.broadcastId, uploaded.id);
    await deps.db.execute(sql`
      update broadcasts set image = image || ${JSON.stringify({ mediaId: uploaded.id })}::jsonb
      where client_id = ${clientId} and id = ${c.broadcastId}`);
  }
  return out;
}

/**
 * Sends every claimed recipient at once, each answer raced against `deadline`: undefined means never sent
 * (the claim got too old first), null no answer in time.
 */
export function sendAll(
  session: TemplateSession,
  claimed: Claimed[],
  media: Map<string, ImageMedia>,
  deadline: number,
) {
  return Promise.all(
    claimed.map(async (c) => {
      const left = deadline - Date.now();
      if (left <= 0) return { c, r: undefined };
      const image = media.get(c.broadcastId);
      if (image && !image.ok) return { c, r: image };
      let timer: NodeJS.Timeout | undefined;
      const r = await Promise.race([
        session.send(templateMessageOf(c, image?.id ?? null)),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), left);
        }),
      ]);
      clearTimeout(timer);
      return { c, r };
    }),
  );
}

/**
 * What the answers of a round mean for each recipient: sent or failed for good (transitions), tried again
 * later (back to the queue), or unknown (left `sending` for the recovery); `throttled` when the provider
 * said the number is over its throughput.
 */
export function outcomesOf(
  results: { c: Claimed; r: ProviderSendResult | null | undefined }[],
  maxAttempts: number,
) {
  const transitions: RecipientTransition[] = [];
  const later: { c: Claimed; delayMs: number }[] = [];
  let throttled = false;
  const now = new Date();
  for (const { c, r } of results) {
    // Never sent (its claim got too old while waiting): back to the queue.
    if (r === undefined) {
      later.push({ c, delayMs: 0 });
      continue;
    }
    // No answer in time, or none at all (network error, timeout): the provider may have it; the recovery decides.
    if (r === null || (!r.ok && !r.answered)) continue;
    if (r.ok) {
      transitions.push({
        broadcastId: c.broadcastId,
        recipientId: c.id,
        status: 'sent',
        providerMessageId: r.providerMessageId,
        sentAt: now,
      });
      continue;
    }
    if (r.retryable && c.attempts < maxAttempts) {
      throttled ||= r.throttled;
      later.push({ c, delayMs: r.retryAfterMs ?? retryDelayMs(c.attempts) });
      continue;
    }
    transitions.push({
      broadcastId: c.broadcastId,
      recipientId: c.id,
      status: 'failed',
      failedAt: now,
      error: failure(r.reason, r.detail),
    });
  }
  return { transitions, later, throttled };
}

import type { InboundMessage, InboundStatus } from '../../../conversations/index.js';
import {
  emptyParsedDelivery,
  type ParsedDelivery,
  type ProviderStatus,
  type StoredDelivery,
} from '../connector.js';
import { timeOf } from '../provider-time.js';
import { failureOf, normaliseMessage } from './inbound-normalise.js';
import type { WaStatus, WaWebhook } from './webhook-types.js';

const STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;

/**
 * A stored WhatsApp Cloud delivery in Sapa's shape: every entry, change, message and status (never only
 * the first), the account's own changes (template reviews) by field, and the errors it reports.
 */
export function parseWhatsappDelivery(delivery: StoredDelivery, now: Date): ParsedDelivery {
  const parsed = emptyParsedDelivery();
  const { clientId, channelAccountId } = delivery;
  const body = (delivery.raw ?? {}) as WaWebhook;
  for (const entry of body.entry ?? []) {
    for (const change of entry.changes ?? []) {
      if (change.field !== 'messages') {
        if (change.field)
          parsed.accountChanges.push({
            clientId,
            channelAccountId,
            field: change.field,
            value: change.value,
          });
        continue;
      }
      if (!change.value) continue;
      const value = change.value;
      if (!forThisNumber(delivery, value.metadata?.phone_number_id)) {
        parsed.foreignChanges += 1;
        continue;
      }
      const names = new Map<string, string>();
      for (const c of value.contacts ?? [])
        if (c.wa_id && c.profile?.name) names.set(c.wa_id, c.profile.name);
      for (const m of value.messages ?? []) {
        if (!m.id || !m.from) continue;
        const normal = normaliseMessage(m);
        const reactionTo = normal.type === 'reaction' ? m.reaction?.message_id : undefined;
        parsed.messages.push({
          clientId,
          channel: 'WAP',
          channelAccountId,
          sender: { externalId: m.from, name: names.get(m.from) ?? null },
          providerMessageId: m.id,
          type: normal.type,
          text: normal.text,
          payload: normal.payload,
          replyToProviderId: m.context?.id ?? null,
          reaction: reactionTo ? { providerMessageId: reactionTo, emoji: m.reaction?.emoji ?? '' } : null,
          at: timeOf(m.timestamp, now),
        } satisfies InboundMessage);
      }
      for (const s of value.statuses ?? []) {
        const status = statusOf(clientId, channelAccountId, s, now);
        if (status) parsed.statuses.push(status);
      }
      for (const e of value.errors ?? []) parsed.errors.push({ code: e.code, title: e.title });
    }
  }
  return parsed;
}

/**
 * A change is the account's when its metadata names the account's phone number id. An account the database
 * does not know (yet) is not judged here: its processing fails and is retried.
 */
function forThisNumber(delivery: StoredDelivery, phoneNumberId: string | undefined): boolean {
  return delivery.accountAddress === undefined || delivery.accountAddress === phoneNumberId;
}

function statusOf(
  clientId: string,
  channelAccountId: string,
  s: WaStatus,
  now: Date,
): { provider: ProviderStatus; status: InboundStatus } | null {
  const status = s.status === 'played' ? 'read' : STATUSES.find((x) => x === s.status);
  if (!status) return null;
  const error = status === 'failed' ? failureOf(s.errors) : null;
  return {
    provider: {
      clientId,
      channelAccountId,
      providerMessageId: s.id ?? null,
      status,
      at: timeOf(s.timestamp, now),
      error,
      callbackKey:
        typeof (s as { biz_opaque_callback_data?: unknown }).biz_opaque_callback_data === 'string'
          ? ((s as { biz_opaque_callback_data?: string }).biz_opaque_callback_data ?? null)
          : null,
    },
    status: { clientId, channelAccountId, ref: { providerMessageId: s.id ?? '' }, status, error },
  };
}

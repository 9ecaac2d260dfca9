import { INBOUND_LANES, type InboundLane } from '../../inbound/inbound-drain.js';
import { parseBroadcastKey } from '../../outbound/send-keys.js';
import type { WaWebhook } from './webhook-types.js';

/**
 * The drain lane of a WhatsApp delivery: the broadcast-status lane only when the delivery holds nothing but
 * statuses of broadcast messages (each carrying a broadcast key, no message, no error, no other field);
 * anything else, including a body that is not a webhook, is a conversation delivery. Deciding on the whole
 * delivery keeps every status of an agent's message in the conversation lane, in order with its messages.
 */
export function laneOfDelivery(body: unknown): InboundLane {
  const entries = (body as WaWebhook | null)?.entry;
  if (!Array.isArray(entries) || entries.length === 0) return INBOUND_LANES.conversations;
  let statuses = 0;
  for (const entry of entries) {
    const changes = entry?.changes;
    if (!Array.isArray(changes)) return INBOUND_LANES.conversations;
    for (const change of changes) {
      const value = change?.value;
      if (change?.field !== 'messages' || !value || value.messages?.length || value.errors?.length)
        return INBOUND_LANES.conversations;
      if (!Array.isArray(value.statuses)) return INBOUND_LANES.conversations;
      for (const s of value.statuses) {
        if (!parseBroadcastKey(s?.biz_opaque_callback_data)) return INBOUND_LANES.conversations;
        statuses += 1;
      }
    }
  }
  return statuses > 0 ? INBOUND_LANES.broadcastStatuses : INBOUND_LANES.conversations;
}

/** The lane of a delivery's raw JSON text (text that is not JSON is left to the store, which refuses it). */
export function laneOfDeliveryText(text: string): InboundLane {
  try {
    return laneOfDelivery(JSON.parse(text));
  } catch {
    return INBOUND_LANES.conversations;
  }
}

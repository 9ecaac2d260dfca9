/**
 * The key every broadcast message carries to the provider (Graph `biz_opaque_callback_data`, echoed in its
 * status webhooks): the broadcast and the recipient. It is the idempotency key of a send: a status names
 * the recipient even when the worker that sent it died before it could record the provider's answer.
 */
const BROADCAST_KEY_PREFIX = 'sapa-bc:';

export const broadcastKeyOf = (broadcastId: string, recipientId: string) =>
  `${BROADCAST_KEY_PREFIX}${broadcastId}:${recipientId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseBroadcastKey(key: unknown): { broadcastId: string; recipientId: string } | null {
  if (typeof key !== 'string' || !key.startsWith(BROADCAST_KEY_PREFIX)) return null;
  const [broadcastId, recipientId, extra] = key.slice(BROADCAST_KEY_PREFIX.length).split(':');
  return broadcastId && recipientId && extra === undefined && UUID.test(broadcastId) && UUID.test(recipientId)
    ? { broadcastId, recipientId }
    : null;
}

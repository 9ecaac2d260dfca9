/** The client an event on the `realtime` topic belongs to; null when the payload carries none. */
export function realtimeClientIdOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const clientId = (payload as { clientId?: unknown }).clientId;
  return typeof clientId === 'string' && clientId.length > 0 ? clientId : null;
}

import type { TokenPair } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { messages } from '../../src/modules/conversations/index.js';
import { bearer } from '../fixtures.js';
import { type TestServer, waitFor } from '../harness.js';

type MessageRow = typeof messages.$inferSelect;

/**
 * What a channel's integration test asks of the inbox, for the business and account its preamble connected
 * (read when called: the preamble sets them in its setup): stored inbound events, messages by provider id or
 * once ready, and the owner's replies.
 */
export function channelInbox(
  current: () => { server: TestServer; clientId: string; accountId: string; owner: TokenPair },
) {
  const db = () => current().server.deps.db;
  const messageWhere = (...conditions: ReturnType<typeof eq>[]) =>
    db()
      .select()
      .from(messages)
      .where(and(eq(messages.clientId, current().clientId), ...conditions));

  /** A message once `ready` holds for it. */
  const messageOnce = (id: string, ready: (m: MessageRow) => boolean) =>
    waitFor(async () => {
      const [m] = await messageWhere(eq(messages.id, id));
      return m && ready(m) ? m : false;
    }, 60_000);

  return {
    async storedEvents(): Promise<number> {
      const result = (await db().execute(
        sql`select count(*)::int as n from inbound_events where channel_account_id = ${current().accountId}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]?.n ?? 0);
    },
    /** The inbound message with this provider id, once it is stored. */
    inboundOf: (providerMessageId: string) =>
      waitFor(
        async () => (await messageWhere(eq(messages.providerMessageId, providerMessageId)))[0] ?? false,
      ),
    countMessages: async (providerMessageId: string) =>
      (await messageWhere(eq(messages.providerMessageId, providerMessageId))).length,
    /** The owner answers in a ticket (`POST /api/tickets/:id/messages`). */
    reply: (ticketId: string, payload: Record<string, unknown>) =>
      current().server.app.inject({
        method: 'POST',
        url: `/api/tickets/${ticketId}/messages`,
        headers: { ...bearer(current().owner), 'accept-language': 'en' },
        payload: { clientMessageId: crypto.randomUUID(), ...payload },
      }),
    messageOnce,
    /** The owner attaches a file to the ticket's reply box (`POST /api/tickets/:id/uploads`); answers its id. */
    async upload(ticketId: string, bytes: Buffer, name: string): Promise<string> {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)]), name);
      const r = await fetch(`${current().server.deps.config.publicUrl}/api/tickets/${ticketId}/uploads`, {
        method: 'POST',
        headers: bearer(current().owner),
        body: form,
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { id: string }).id;
    },
    /**
     * A reply once the provider took it (`sent`, or already `delivered`/`read`: statuses only move forward and a
     * receipt may land between two polls), or once it `failed`.
     */
    sentRow: (id: string, status: 'sent' | 'failed') =>
      messageOnce(id, (m) =>
        status === 'sent' ? ['sent', 'delivered', 'read'].includes(m.status) : m.status === status,
      ),
    mediaArrived: (id: string) => messageOnce(id, (m) => m.media !== null),
  };
}

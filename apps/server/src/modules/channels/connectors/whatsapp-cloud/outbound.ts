import type { MessageKey } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ServerDeps } from '../../../../platform/deps.js';
import { defineJob } from '../../../../platform/jobs/job-queue.js';
import { TokenBuckets } from '../../../../platform/rate/token-bucket.js';
import { contacts } from '../../../contacts/contacts.schema.js';
import { publishMessageUpdated } from '../../../tickets/realtime.js';
import { messages, tickets } from '../../../tickets/tickets.schema.js';
import { whatsappConfigOf } from '../../channels.schema.js';
import { getAccount, openSecrets } from '../../channels.service.js';
import { markRead, sendText } from './graph-client.js';
import { failure } from './inbound.js';

export const sendJobSchema = z.object({ clientId: z.string().uuid(), messageId: z.string().uuid() });

class RetryLater extends Error {}

async function markFailed(
  deps: ServerDeps,
  clientId: string,
  messageId: string,
  key: MessageKey,
  title = '',
) {
  const [row] = await deps.db
    .update(messages)
    .set({ status: 'failed', error: failure(key, title), updatedAt: new Date() })
    .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId), eq(messages.status, 'pending')))
    .returning();
  if (!row) return;
  await updateTicketLastStatus(deps, row);
  await publishMessageUpdated(deps, clientId, row);
}

async function updateTicketLastStatus(deps: ServerDeps, row: typeof messages.$inferSelect) {
  await deps.db
    .update(tickets)
    .set({ lastMessageStatus: row.status })
    .where(
      and(
        eq(tickets.clientId, row.clientId),
        eq(tickets.id, row.ticketId),
        eq(tickets.lastMessageDirection, 'out'),
        sql`${tickets.lastMessageAt} <= ${row.createdAt.toISOString()}::timestamptz`,
      ),
    );
}

/**
 * Sends one pending outbound message (queue `outbound.send`). Rate limits (130429), provider 5xx and network
 * errors are retried with back-off by pg-boss; after the last try the message fails with the spec's reason.
 */
export function outboundSendJob(deps: ServerDeps) {
  // Per channel account, before the provider (Meta's default throughput is 80 messages/s per number).
  const rate = deps.config.whatsappSendRate;
  const buckets = new TokenBuckets(rate, rate);
  return defineJob({
    name: 'outbound.send',
    schema: sendJobSchema,
    retryLimit: 4,
    retryDelaySeconds: 1,
    concurrency: 2,
    handler: async ({ clientId, messageId }, meta) => {
      const [row] = await deps.db
        .select({ message: messages, ticket: tickets, contactPhone: contacts.phone })
        .from(messages)
        .innerJoin(tickets, and(eq(tickets.clientId, messages.clientId), eq(tickets.id, messages.ticketId)))
        .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
        .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId)));
      if (row?.message.status !== 'pending' || row.message.visibility !== 'public') return;
      const account = await getAccount(deps.db, clientId, row.ticket.channelAccountId);
      if (account?.status !== 'connected' || account.channel !== 'WAP' || !row.contactPhone) {
        await markFailed(deps, clientId, messageId, 'wa.unavailable');
        return;
      }
      let contextWamid: string | null = null;
      if (row.message.replyToId) {
        const [quoted] = await deps.db
          .select({ wamid: messages.providerMessageId })
          .from(messages)
          .where(and(eq(messages.clientId, clientId), eq(messages.id, row.message.replyToId)));
        contextWamid = quoted?.wamid ?? null;
      }
      const lastTry = meta.retryCount >= meta.retryLimit;
      if (!(await buckets.acquire(account.id, 2_000)) && !lastTry) {
        throw new RetryLater('local send rate limit');
      }
      const result = await sendText(whatsappConfigOf(account), openSecrets(deps, account), {
        to: row.contactPhone,
        text: row.message.text ?? '',
        contextWamid,
      });
      if (result.ok) {
        const wamid = result.value.messages?.[0]?.id ?? null;
        const [updated] = await deps.db
          .update(messages)
          .set({
            providerMessageId: wamid,
            status: sql`case when ${messages.status} = 'pending' then 'sent' else ${messages.status} end`,
            updatedAt: new Date(),
          })
          .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId)))
          .returning();
        if (updated) {
          await updateTicketLastStatus(deps, updated);
          await publishMessageUpdated(deps, clientId, updated);
        }
        return;
      }
      if (result.retryable && !lastTry) {
        throw new RetryLater(`whatsapp send: ${result.code ?? result.status ?? 'network'} ${result.title}`);
      }
      const key: MessageKey =
        result.code === 130429
          ? 'wa.rateLimit'
          : result.code === 131056
            ? 'wa.pairRateLimit'
            : result.code === 131047
              ? 'wa.reengagement'
              : result.code === 131026
                ? 'wa.undeliverable'
                : result.retryable
                  ? 'wa.unavailable'
                  : 'wa.failed';
      await markFailed(deps, clientId, messageId, key, result.title);
    },
  });
}

export const markReadJobSchema = z.object({
  clientId: z.string().uuid(),
  channelAccountId: z.string().uuid(),
  wamid: z.string().min(1),
});

/** The read receipt of the latest inbound message (queue `outbound.mark-read`). */
export function outboundMarkReadJob(deps: ServerDeps) {
  return defineJob({
    name: 'outbound.mark-read',
    schema: markReadJobSchema,
    retryLimit: 3,
    retryDelaySeconds: 2,
    handler: async ({ clientId, channelAccountId, wamid }, meta) => {
      const account = await getAccount(deps.db, clientId, channelAccountId);
      if (account?.status !== 'connected') return;
      const result = await markRead(whatsappConfigOf(account), openSecrets(deps, account), wamid);
      if (!result.ok && result.retryable && meta.retryCount < meta.retryLimit)
        throw new RetryLater(result.title);
    },
  });
}

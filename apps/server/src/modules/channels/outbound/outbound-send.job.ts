import type { MessageKey } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ServerDeps } from '../../../platform/deps.js';
import { defineJob } from '../../../platform/jobs/job-queue.js';
import { contactIdentities, contacts } from '../../contacts/contacts.schema.js';
import {
  markMessageFailed,
  markMessageSent,
  messages,
  publishMessageUpdated,
  tickets,
} from '../../conversations/index.js';
import { getAccount } from '../channels.service.js';
import { failure } from '../connectors/whatsapp-cloud/inbound-normalise.js';
import type { OutboundSenders } from './outbound-sender.js';

export const sendJobSchema = z.object({ clientId: z.string().uuid(), messageId: z.string().uuid() });

/** Thrown to let pg-boss try again later (with its back-off). */
export class RetryLater extends Error {}

async function markFailed(
  deps: ServerDeps,
  clientId: string,
  messageId: string,
  key: MessageKey,
  title = '',
) {
  const row = await markMessageFailed(deps.db, { clientId, messageId }, failure(key, title));
  if (row) await publishMessageUpdated(deps, clientId, row);
}

/**
 * Sends one pending outbound message (queue `outbound.send`) through the sender of its ticket's channel.
 * Retryable failures (rate limits, provider 5xx, network) are retried with back-off by pg-boss; after the last
 * try, or on a final error, the message fails with the spec's reason.
 */
export function outboundSendJob(deps: ServerDeps, senders: OutboundSenders) {
  return defineJob({
    name: 'outbound.send',
    schema: sendJobSchema,
    retryLimit: 4,
    retryDelaySeconds: 1,
    concurrency: 2,
    handler: async ({ clientId, messageId }, meta) => {
      const [row] = await deps.db
        .select({
          message: messages,
          ticket: tickets,
          contact: contacts,
          recipientId: contactIdentities.externalId,
        })
        .from(messages)
        .innerJoin(tickets, and(eq(tickets.clientId, messages.clientId), eq(tickets.id, messages.ticketId)))
        .innerJoin(contacts, and(eq(contacts.clientId, tickets.clientId), eq(contacts.id, tickets.contactId)))
        .leftJoin(
          contactIdentities,
          and(
            eq(contactIdentities.clientId, tickets.clientId),
            eq(contactIdentities.channelAccountId, tickets.channelAccountId),
            eq(contactIdentities.contactId, tickets.contactId),
          ),
        )
        .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId)));
      if (row?.message.status !== 'pending' || row.message.visibility !== 'public') return;
      const account = await getAccount(deps.db, clientId, row.ticket.channelAccountId);
      const sender = account ? senders[account.channel] : undefined;
      if (account?.status !== 'connected' || !sender) {
        await markFailed(deps, clientId, messageId, 'wa.unavailable');
        return;
      }
      let quotedProviderMessageId: string | null = null;
      if (row.message.replyToId) {
        const [quoted] = await deps.db
          .select({ providerId: messages.providerMessageId })
          .from(messages)
          .where(and(eq(messages.clientId, clientId), eq(messages.id, row.message.replyToId)));
        quotedProviderMessageId = quoted?.providerId ?? null;
      }
      const lastTry = meta.retryCount >= meta.retryLimit;
      const outcome = await sender({ deps, ...row, account, quotedProviderMessageId, lastTry });
      if (outcome.ok) {
        const ref = { clientId, messageId };
        const updated = await markMessageSent(deps.db, ref, outcome.providerMessageId);
        if (updated) await publishMessageUpdated(deps, clientId, updated);
        return;
      }
      if (outcome.retryable && !lastTry) throw new RetryLater(`${account.channel} send: ${outcome.detail}`);
      await markFailed(deps, clientId, messageId, outcome.reason, outcome.detail);
    },
  });
}

import { z } from 'zod';
import type { ServerDeps } from '../../../platform/deps.js';
import { defineJob } from '../../../platform/jobs/job-queue.js';
import { upsertContactsByIdentity } from '../../contacts/index.js';
import {
  customerExternalIdOf,
  getTicket,
  getTicketSummary,
  publishRealtime,
} from '../../conversations/index.js';
import { getAccount } from '../channels.service.js';
import { connectorFor } from '../connectors/registry.js';

export const contactProfileJobSchema = z.object({
  clientId: z.string().uuid(),
  ticketId: z.string().uuid(),
});

/**
 * Names a customer Sapa knows only by their id (Messenger's PSID, Instagram's IGSID): the channel's connector
 * reads their profile (`profileName`), the contact gets the name (only while its name is still the id, so a
 * name an agent typed stays), and the inbox sees the ticket again.
 */
export function contactProfileJob(deps: ServerDeps) {
  return defineJob({
    name: 'inbound.contact-profile',
    schema: contactProfileJobSchema,
    retryLimit: 3,
    retryDelaySeconds: 5,
    handler: async ({ clientId, ticketId }) => {
      const ticket = await getTicket(deps.db, clientId, ticketId);
      const account = ticket ? await getAccount(deps.db, clientId, ticket.channelAccountId) : undefined;
      const profileName = account && connectorFor(account.channel)?.profileName;
      if (!ticket || account?.status !== 'connected' || !profileName) return;
      const externalId = await customerExternalIdOf(deps.db, ticket);
      const before = await getTicketSummary(deps.db, clientId, ticketId);
      if (!externalId || before?.contact.name !== externalId) return;
      const name = await profileName(deps, account, externalId);
      if (!name) return;
      await upsertContactsByIdentity(deps.db, {
        clientId,
        channel: account.channel,
        channelAccountId: account.id,
        names: new Map([[externalId, name]]),
      });
      const summary = await getTicketSummary(deps.db, clientId, ticketId);
      if (summary) await publishRealtime(deps, { type: 'ticket.updated', clientId, ticket: summary });
    },
  });
}

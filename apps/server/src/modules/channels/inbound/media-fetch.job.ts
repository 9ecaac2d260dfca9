import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ServerDeps } from '../../../platform/deps.js';
import { defineJob } from '../../../platform/jobs/job-queue.js';
import {
  attachMedia,
  mediaStorage,
  mediaUrlOf,
  messages,
  publishMessageUpdated,
} from '../../conversations/index.js';
import { getAccount } from '../channels.service.js';
import { connectorFor } from '../connectors/registry.js';

export const mediaJobSchema = z.object({ clientId: z.string().uuid(), messageId: z.string().uuid() });

/**
 * Fetches an inbound message's media from its channel's provider (`connector.media.fetch`), stores the bytes
 * and sets the message's media (`conversations.attachMedia`). The queue keeps its first name
 * (`inbound.whatsapp-media`) so that jobs queued before an upgrade are still taken.
 */
export function mediaFetchJob(deps: ServerDeps) {
  return defineJob({
    name: 'inbound.whatsapp-media',
    schema: mediaJobSchema,
    retryLimit: 5,
    retryDelaySeconds: 2,
    handler: async ({ clientId, messageId }) => {
      const [row] = await deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.clientId, clientId), eq(messages.id, messageId)));
      if (!row || row.media) return;
      const account = await getAccount(deps.db, clientId, row.channelAccountId);
      const media = account ? connectorFor(account.channel)?.media : undefined;
      if (!account || !media?.pending(row)) return;
      const fetched = await media.fetch(deps, { account, message: row });
      if (!fetched) return;
      await mediaStorage(deps).put(`${clientId}/${messageId}`, fetched.bytes, fetched.mime);
      const updated = await attachMedia(
        deps.db,
        { clientId, messageId },
        {
          url: mediaUrlOf(clientId, messageId),
          mime: fetched.mime,
          filename: fetched.filename,
          size: fetched.bytes.length,
        },
      );
      if (updated) await publishMessageUpdated(deps, clientId, updated);
    },
  });
}

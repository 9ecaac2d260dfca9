import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ServerDeps } from '../../../../platform/deps.js';
import { defineJob } from '../../../../platform/jobs/job-queue.js';
import { attachMedia, mediaStorage, messages, publishMessageUpdated } from '../../../conversations/index.js';
import { whatsappConfigOf } from '../../channels.schema.js';
import { getAccount, openSecrets } from '../../channels.service.js';

export const mediaJobSchema = z.object({ clientId: z.string().uuid(), messageId: z.string().uuid() });

const MAX_BYTES = 100 * 1024 * 1024;

/** The API path a stored media file is served from (authenticated, same business only). */
export const mediaUrlOf = (clientId: string, messageId: string) => `/api/media/${clientId}/${messageId}`;

/**
 * Fetches an inbound message's media (reference §1e): GET /{media-id} for a short-lived URL, then GET that
 * URL with the Bearer token, within its 5-minute lifetime; stores the bytes and sets the message's media.
 */
export function whatsappMediaJob(deps: ServerDeps) {
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
      const mediaId = row?.payload?.mediaId;
      if (!row || typeof mediaId !== 'string' || row.media) return;
      const account = await getAccount(deps.db, clientId, row.channelAccountId);
      if (!account) return;
      const { accessToken } = openSecrets(deps, account);
      const auth = { authorization: `Bearer ${accessToken}` };
      const meta = await fetch(`${whatsappConfigOf(account).graphBaseUrl}/${encodeURIComponent(mediaId)}`, {
        headers: auth,
        signal: AbortSignal.timeout(15_000),
      });
      if (!meta.ok) throw new Error(`media lookup ${meta.status}`);
      const info = (await meta.json()) as { url?: string; mime_type?: string; file_size?: number };
      if (!info.url) throw new Error('media lookup without url');
      const download = await fetch(info.url, { headers: auth, signal: AbortSignal.timeout(60_000) });
      if (!download.ok) throw new Error(`media download ${download.status}`);
      const bytes = Buffer.from(await download.arrayBuffer());
      if (bytes.length > MAX_BYTES) throw new Error('media too large');
      const mime = info.mime_type ?? download.headers.get('content-type') ?? 'application/octet-stream';
      await mediaStorage(deps).put(`${clientId}/${messageId}`, bytes, mime);
      const filename = typeof row.payload?.filename === 'string' ? row.payload.filename : null;
      const updated = await attachMedia(
        deps.db,
        { clientId, messageId },
        { url: mediaUrlOf(clientId, messageId), mime, filename, size: bytes.length },
      );
      if (updated) await publishMessageUpdated(deps, clientId, updated);
    },
  });
}

import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import { findContact } from '../contacts/index.js';
import { listContactBroadcasts } from './contact-history.repository.js';

/**
 * 001 §2 contact detail: broadcast history. Served by broadcasts (which keeps the recipients) on the contact
 * page's endpoint, so that contacts never imports broadcasts.
 */
export async function listContactBroadcastHistory(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  query: { cursor?: string | undefined; limit: number },
) {
  const contact = await findContact(deps.db, auth.clientId, id);
  if (!contact) throw notFound();
  const before = query.cursor ? decodeTimeCursor(query.cursor) : null;
  if (query.cursor && !before) throw badRequest('validation.invalid');
  const rows = await listContactBroadcasts(deps.db, auth.clientId, contact, before, query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeTimeCursor(new Date(last.createdAt), last.broadcastId),
  );
  return { items: page, nextCursor };
}

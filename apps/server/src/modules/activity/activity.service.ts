import { CONSENT_PAGE_NAME } from '@sapa/contracts';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { decodeDbTimeCursor, encodeDbTimeCursor, keysetPage } from '../../platform/http/pagination.js';
import {
  findConsent,
  insertClientEvent,
  insertPageVisit,
  selectClientEvents,
  upsertConsent,
} from './activity.repository.js';

/** Published when a user gives or withdraws consent in a business (their `me` answer changes). */
export const CONSENT_CHANGED_TOPIC = 'activity.consent-changed';
export interface ConsentChanged {
  userId: string;
  clientId: string;
}

/** The user's consent in the business (000 §4 Session and consent), or undefined before they answered. */
export function consentOf(db: DbOrTx, clientId: string, userId: string) {
  return findConsent(db, clientId, userId, CONSENT_PAGE_NAME);
}

/** Records the user's answer to the consent page and tells every process. */
export async function recordConsent(
  deps: Pick<ServerDeps, 'db' | 'bus'>,
  who: ConsentChanged,
  agreed: boolean,
): Promise<{ agreed: boolean; consentAt: number }> {
  const consentAt = new Date();
  await upsertConsent(deps.db, { ...who, pageName: CONSENT_PAGE_NAME, agreed, consentAt });
  await deps.bus.publish(CONSENT_CHANGED_TOPIC, who);
  return { agreed, consentAt: consentAt.getTime() };
}

/** The page-visit tracker (000 §7): the values of `additionalData` that are text. */
export async function recordPageVisit(
  db: DbOrTx,
  who: { clientId: string; userId: string },
  visit: { pageName: string; additionalData: Record<string, unknown> },
): Promise<void> {
  const additionalData = Object.fromEntries(
    Object.entries(visit.additionalData).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  await insertPageVisit(db, { ...who, pageName: visit.pageName, additionalData });
}

/**
 * 000 §7 POST /logs: keeps a client event of the caller's business — only for the partner's fixed list of client
 * ids (000 §6, `LOG_CLIENT_IDS`): another business gets 403 `logs.clientNotEnabled`.
 */
export async function recordClientEvent(
  deps: Pick<ServerDeps, 'db' | 'config'>,
  who: { clientId: string; userId: string },
  body: { type: string; event: Record<string, unknown>; result: 'success' | 'error' },
): Promise<void> {
  if (!deps.config.clientLogIds.includes(who.clientId.toLowerCase()))
    throw new AppError(403, 'logs.clientNotEnabled');
  await insertClientEvent(deps.db, { ...who, type: body.type, event: body.event, result: body.result });
}

/** 000 §7 GET /logs/byclient: the business's events, newest first (the same fixed list of client ids). */
export async function listClientEvents(
  deps: Pick<ServerDeps, 'db' | 'config'>,
  clientId: string,
  query: { cursor?: string | undefined; limit: number },
) {
  if (!deps.config.clientLogIds.includes(clientId.toLowerCase()))
    throw new AppError(403, 'logs.clientNotEnabled');
  const after = query.cursor ? decodeDbTimeCursor(query.cursor) : undefined;
  if (after === null) throw badRequest('validation.invalid');
  const rows = await selectClientEvents(deps.db, clientId, after, query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) =>
    encodeDbTimeCursor(last.cursorAt, last.row.id),
  );
  return {
    items: page.map(({ row }) => ({
      id: row.id,
      at: row.createdAt.getTime(),
      userId: row.userId,
      type: row.type,
      event: row.event,
      result: row.result,
    })),
    nextCursor,
  };
}

import type { SurveyRemarks } from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import type { TicketRow } from '../conversations/index.js';
import { activeMembershipOf } from '../identity/index.js';
import { setSurveyRemarks, surveyOf } from './automation.repository.js';

/** The handling agent's CS tags (001 §2 user), kept on the survey as they were when it was asked. */
export async function csTagsOf(db: DbOrTx, clientId: string, agentId: string | null): Promise<string[]> {
  if (!agentId) return [];
  return (await activeMembershipOf(db, clientId, agentId))?.membership.csTags ?? [];
}

/**
 * 001 §3 survey rating "remarks": an agent who sees the chat writes a note on its survey (empty clears it).
 * A chat never asked to rate answers 404 with its own message.
 */
export async function saveSurveyRemarks(
  deps: ServerDeps,
  auth: AuthContext,
  ticket: TicketRow,
  input: SurveyRemarks,
): Promise<SurveyRemarks> {
  const remarks = input.remarks || null;
  const ref = { clientId: auth.clientId, ticketId: ticket.id };
  await deps.db.transaction(async (tx) => {
    const before = await surveyOf(tx, ref.clientId, ref.ticketId);
    if (!before || !(await setSurveyRemarks(tx, ref, remarks)))
      throw new AppError(404, 'automation.noSurvey');
    await recordAuditBy(tx, auth, {
      area: 'TICKETS',
      action: 'survey.remarks',
      target: { type: 'ticket', id: ticket.id },
      before: { remarks: before.remarks },
      after: { remarks },
    });
  });
  return { remarks: remarks ?? '' };
}

import { createHash } from 'node:crypto';
import { createBroadcastSchema } from '@sapa/contracts';
import { authContextOf } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/http/errors.js';
import { type BroadcastEngineHandle, createBroadcast } from '../broadcasts/index.js';
import { activeMembershipOf } from '../identity/index.js';
import * as repo from './advanced-broadcasts.repository.js';
import type { SendAdvancedBroadcast } from './advanced-broadcasts.service.js';

/**
 * A sending of an advanced broadcast becomes a broadcast of the broadcasts module, made in the name of the
 * user who created the advanced broadcast (so the maker/checker rules apply: with maker/checker on it waits
 * for a checker). Each template variable is filled from its contact field. The request id is derived from
 * the advanced broadcast and the scheduled time, so a sending retried after a crash makes one broadcast.
 */
export function sendThroughBroadcasts(
  deps: ServerDeps,
  engine: BroadcastEngineHandle,
): SendAdvancedBroadcast {
  return async (s) => {
    const member = s.createdBy ? await activeMembershipOf(deps.db, s.clientId, s.createdBy) : undefined;
    if (!member || !s.createdBy) throw new AppError(403, 'broadcast.notMaker');
    const template = await repo.findTemplate(deps.db, s.clientId, s.templateId);
    if (!template) throw new AppError(400, 'template.required');
    const auth = authContextOf({
      userId: s.createdBy,
      clientId: s.clientId,
      sessionId: `advanced-broadcast:${s.advancedBroadcastId}`,
      role: member.membership.role,
      csPosition: member.membership.csPosition,
      featureAccess: member.membership.featureAccess,
      planFeatures: member.client.planFeatures,
      accountCountry: member.membership.accountCountry,
    });
    const body = createBroadcastSchema.parse({
      channelAccountId: s.channelAccountId,
      templateId: s.templateId,
      recipients: { contactIds: s.contactIds },
      variables: template.variables.map((v) =>
        v.contactField
          ? { source: 'contact', field: v.contactField, fallback: v.sample }
          : { source: 'manual', value: v.sample },
      ),
      note: s.name,
      clientRequestId: requestIdOf(s.advancedBroadcastId, s.scheduledFor),
    });
    const made = await createBroadcast(deps, engine, auth, body);
    return { broadcastId: made.id };
  };
}

/** A UUID (v8 layout) derived from the advanced broadcast and the occurrence: the same sending, the same id. */
export function requestIdOf(advancedBroadcastId: string, scheduledFor: Date): string {
  const hex = createHash('sha256')
    .update(`${advancedBroadcastId}|${scheduledFor.toISOString()}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

import {
  agentRoleOfPosition,
  type CsAgent,
  type CsConfiguration,
  type CsMe,
  type CsPosition,
  csCapabilitiesOf,
  DEFAULT_MAX_CONCURRENT_CHATS,
  HIDE_PHONE_BIT,
} from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import { requestAutoAssign } from './auto-assign-request.js';
import { selectAgentRows } from './teams.repository.js';
import { agentStates, csConfigurations } from './teams.schema.js';
import type { TicketLoad } from './ticket-load.js';

const DEFAULT_CONFIGURATION: CsConfiguration = {
  featureCs: 0,
  featureManager: 0,
  isAutoAssignFeature: false,
  isDisplayChatroomEmoji: true,
  isDisplayChatroomAttachment: true,
  isDisplayChatroomCSName: true,
  isFetchFromContact: false,
};

export async function getConfiguration(db: DbOrTx, clientId: string): Promise<CsConfiguration> {
  const [row] = await db.select().from(csConfigurations).where(eq(csConfigurations.clientId, clientId));
  if (!row) return DEFAULT_CONFIGURATION;
  return {
    featureCs: row.featureCs,
    featureManager: row.featureManager,
    isAutoAssignFeature: row.isAutoAssignFeature,
    isDisplayChatroomEmoji: row.isDisplayChatroomEmoji,
    isDisplayChatroomAttachment: row.isDisplayChatroomAttachment,
    isDisplayChatroomCSName: row.isDisplayChatroomCsName,
    isFetchFromContact: row.isFetchFromContact,
  };
}

/** What the chat room shows (000 §3 configuration: isDisplayChatroomEmoji, …Attachment, …CSName). */
function chatroomDisplayOf(config: CsConfiguration) {
  return {
    emoji: config.isDisplayChatroomEmoji,
    attachment: config.isDisplayChatroomAttachment,
    csName: config.isDisplayChatroomCSName,
  };
}

/** 000 §3 isDisplayChatroomAttachment: with attachments hidden in the chat room, agents upload no files. */
export async function assertAttachmentsShown(db: DbOrTx, clientId: string): Promise<void> {
  if (!(await getConfiguration(db, clientId)).isDisplayChatroomAttachment)
    throw new AppError(403, 'teams.attachmentsOff');
}

/** Bus topic: a business's CS feature flags changed (every process updates its sockets' masking). */
export const CS_FLAGS_TOPIC = 'cs.flags';
export interface CsFlagsChanged extends Pick<CsConfiguration, 'featureCs' | 'featureManager'> {
  clientId: string;
}
const publishCsFlags = (bus: EventBus, event: CsFlagsChanged) => bus.publish(CS_FLAGS_TOPIC, event);

export async function updateConfiguration(
  deps: ServerDeps,
  auth: AuthContext,
  input: CsConfiguration,
): Promise<CsConfiguration> {
  const values = {
    featureCs: input.featureCs,
    featureManager: input.featureManager,
    isAutoAssignFeature: input.isAutoAssignFeature,
    isDisplayChatroomEmoji: input.isDisplayChatroomEmoji,
    isDisplayChatroomAttachment: input.isDisplayChatroomAttachment,
    isDisplayChatroomCsName: input.isDisplayChatroomCSName,
    isFetchFromContact: input.isFetchFromContact,
    updatedAt: new Date(),
  };
  const before = await getConfiguration(deps.db, auth.clientId);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(csConfigurations)
      .values({ clientId: auth.clientId, ...values })
      .onConflictDoUpdate({ target: csConfigurations.clientId, set: values });
    await recordAuditBy(tx, auth, {
      area: 'SETTINGS',
      action: 'csConfiguration.updated',
      target: { type: 'csConfiguration' },
      before: { ...before },
      after: { ...input },
    });
  });
  await publishCsFlags(deps.bus, {
    clientId: auth.clientId,
    featureCs: input.featureCs,
    featureManager: input.featureManager,
  });
  if (input.isAutoAssignFeature) await requestAutoAssign(deps, auth.clientId);
  return getConfiguration(deps.db, auth.clientId);
}

/** Turns automatic assignment on for a business, keeping the rest of its configuration (the demo seed). */
export async function turnOnAutoAssign(db: DbOrTx, clientId: string): Promise<void> {
  await db
    .insert(csConfigurations)
    .values({ clientId, isAutoAssignFeature: true })
    .onConflictDoUpdate({
      target: csConfigurations.clientId,
      set: { isAutoAssignFeature: true, updatedAt: new Date() },
    });
}

/** 000 §5: phone numbers are hidden when bit 128 is set in featureCs (featureManager for supervisors). */
export function hidesPhone(
  config: Pick<CsConfiguration, 'featureCs' | 'featureManager'>,
  position: CsPosition | null,
): boolean {
  if (!position) return false;
  const flags = position === 'SPV1' || position === 'SPV2' ? config.featureManager : config.featureCs;
  return (flags & HIDE_PHONE_BIT) !== 0;
}

/** An agent's availability and chat limit (000 §3 agentStatus). */
export async function agentStateOf(db: DbOrTx, clientId: string, userId: string) {
  const [row] = await db
    .select()
    .from(agentStates)
    .where(and(eq(agentStates.clientId, clientId), eq(agentStates.userId, userId)));
  return {
    status: row?.status ?? ('online' as const),
    maxConcurrentChats: row?.maxConcurrentChats ?? DEFAULT_MAX_CONCURRENT_CHATS,
  };
}

export async function getCsMe(deps: ServerDeps, auth: AuthContext): Promise<CsMe> {
  const state = await agentStateOf(deps.db, auth.clientId, auth.userId);
  const config = await getConfiguration(deps.db, auth.clientId);
  return {
    csPosition: auth.csPosition,
    agentRole: agentRoleOfPosition(auth.csPosition),
    status: state.status,
    maxConcurrentChats: state.maxConcurrentChats,
    capabilities: csCapabilitiesOf(auth.csPosition),
    hidePhone: hidesPhone(config, auth.csPosition),
    chatroom: chatroomDisplayOf(config),
  };
}

/** 000 §3 agentStatus: the caller goes online or offline; coming online hands out waiting tickets. */
export async function setAgentStatus(
  deps: ServerDeps,
  auth: AuthContext,
  status: 'online' | 'offline',
): Promise<CsMe> {
  const now = new Date();
  await deps.db
    .insert(agentStates)
    .values({ clientId: auth.clientId, userId: auth.userId, status, updatedAt: now })
    .onConflictDoUpdate({
      target: [agentStates.clientId, agentStates.userId],
      set: { status, updatedAt: now },
    });
  if (status === 'online') await requestAutoAssign(deps, auth.clientId);
  return getCsMe(deps, auth);
}

/**
 * 000 §4 logout revokes CS availability: an agent who can be assigned goes offline (Auto Assign passes them
 * by). Users without such a position have no status to switch back.
 */
export async function goOfflineOnSignOut(deps: ServerDeps, auth: AuthContext): Promise<void> {
  if (auth.csPosition && csCapabilitiesOf(auth.csPosition).canBeAssigned)
    await setAgentStatus(deps, auth, 'offline');
}

/** The business's members who work in the inbox (a CS position), with status, load and groups. */
export async function listAgents(
  db: DbOrTx,
  load: TicketLoad,
  clientId: string,
  filter: { userId?: string; groupId?: string } = {},
): Promise<CsAgent[]> {
  const rows = await selectAgentRows(db, clientId, filter);
  const open = await load.openTicketsByAgent(
    db,
    clientId,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => {
    const position = r.csPosition as CsPosition | null;
    return {
      userId: r.userId,
      name: r.name,
      email: r.email,
      csPosition: position,
      agentRole: agentRoleOfPosition(position),
      status: r.status ?? 'online',
      maxConcurrentChats: r.max ?? DEFAULT_MAX_CONCURRENT_CHATS,
      openTickets: open.get(r.userId) ?? 0,
      canBeAssigned: Boolean(r.active) && csCapabilitiesOf(position).canBeAssigned,
      groupIds: Array.isArray(r.groupIds) ? r.groupIds : [],
    };
  });
}

export async function updateAgent(
  deps: ServerDeps,
  load: TicketLoad,
  auth: AuthContext,
  userId: string,
  input: { maxConcurrentChats: number },
): Promise<CsAgent> {
  const [agent] = await listAgents(deps.db, load, auth.clientId, { userId });
  if (!agent) throw notFound();
  const now = new Date();
  await deps.db
    .insert(agentStates)
    .values({ clientId: auth.clientId, userId, maxConcurrentChats: input.maxConcurrentChats, updatedAt: now })
    .onConflictDoUpdate({
      target: [agentStates.clientId, agentStates.userId],
      set: { maxConcurrentChats: input.maxConcurrentChats, updatedAt: now },
    });
  await requestAutoAssign(deps, auth.clientId);
  const [updated] = await listAgents(deps.db, load, auth.clientId, { userId });
  return updated!;
}

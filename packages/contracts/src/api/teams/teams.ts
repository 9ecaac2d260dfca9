import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { type CsPosition, csPositionSchema } from '../identity/identity.js';

/** 000 §9: group name max 15 characters; 000 §5 'Name is Required' / 'Max 15 Characters'. */
export const GROUP_NAME_MAX = 15;
/** Sapa: group description limit (the spec gives none for agent groups; contact groups use 300). */
export const GROUP_DESCRIPTION_MAX = 300;
/** Sapa: an agent's default limit of chats assigned at once (the spec gives no figure). */
export const DEFAULT_MAX_CONCURRENT_CHATS = 10;
export const MAX_CONCURRENT_CHATS_LIMIT = 200;
/** 000 §5: phone numbers are hidden when this bit is set in featureCs (featureManager for supervisors). */
export const HIDE_PHONE_BIT = 128;

/** 000 §4 agent role derivation: CS, SPV, CS-SPV, or '' (none). */
export type AgentRole = 'CS' | 'SPV' | 'CS-SPV' | '';

/**
 * 000 §4: supervisor lookup succeeds and the agent is not deactivated → CS-SPV; succeeds and deactivated →
 * SPV; fails → CS if not deactivated, otherwise none.
 */
export function deriveAgentRole(input: { isSupervisor: boolean; csDeactivated: boolean }): AgentRole {
  if (input.isSupervisor) return input.csDeactivated ? 'SPV' : 'CS-SPV';
  return input.csDeactivated ? '' : 'CS';
}

/** What a CS position may do in the inbox (000 §6 CS roles in the inbox). null: no position — full access. */
export interface CsCapabilities {
  /** Which tickets are visible: every ticket, the caller's own, or only the caller's automatic ones. */
  sees: 'all' | 'own' | 'ownAuto';
  canReply: boolean;
  canAssign: boolean;
  canBeAssigned: boolean;
}

export function csCapabilitiesOf(position: CsPosition | null): CsCapabilities {
  switch (position) {
    // Supervisor 1: sees and assigns all chats, cannot reply or be assigned.
    case 'SPV1':
      return { sees: 'all', canReply: false, canAssign: true, canBeAssigned: false };
    // Supervisor 2: sees, replies, assigns and can be assigned.
    case 'SPV2':
      return { sees: 'all', canReply: true, canAssign: true, canBeAssigned: true };
    // Customer Service 1: sees and replies only to chats handed out by Auto Assign.
    case 'CS1':
      return { sees: 'ownAuto', canReply: true, canAssign: false, canBeAssigned: true };
    // Customer Service 2: sees and replies to the chats assigned to them.
    case 'CS2':
      return { sees: 'own', canReply: true, canAssign: false, canBeAssigned: true };
    default:
      // Owners and admins without a CS position keep full access; they are assigned only by hand.
      return { sees: 'all', canReply: true, canAssign: true, canBeAssigned: true };
  }
}

/** 000 §4: the role a CS position derives (a Supervisor 1 has no active CS record: SPV). */
export function agentRoleOfPosition(position: CsPosition | null): AgentRole {
  if (!position) return '';
  const supervisor = position === 'SPV1' || position === 'SPV2';
  return deriveAgentRole({ isSupervisor: supervisor, csDeactivated: position === 'SPV1' });
}

export const assignmentSourceSchema = z.enum(['manual', 'auto', 'play']);
export type AssignmentSource = z.infer<typeof assignmentSourceSchema>;

/** Whether a caller with this position may see a ticket with this assignment. */
export function canSeeTicket(
  viewer: { userId: string; csPosition: CsPosition | null },
  ticket: { assigneeId: string | null; assignedVia: AssignmentSource | null },
): boolean {
  const sees = csCapabilitiesOf(viewer.csPosition).sees;
  if (sees === 'all') return true;
  if (ticket.assigneeId !== viewer.userId) return false;
  return sees === 'own' || ticket.assignedVia === 'auto' || ticket.assignedVia === 'play';
}

export const agentStatusSchema = z.enum(['online', 'offline']);
export type AgentStatus = z.infer<typeof agentStatusSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalid');
export const operationalDaySchema = z.object({
  /** 0 = Sunday … 6 = Saturday. */
  day: z.number().int().min(0).max(6),
  open: z.boolean(),
  from: hhmm,
  to: hhmm,
});
export type OperationalDay = z.infer<typeof operationalDaySchema>;

export const csGroupSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  operationalHours: z.array(operationalDaySchema),
  memberCount: z.number().int(),
  createdAt: z.number(),
});
export type CsGroup = z.infer<typeof csGroupSchema>;

export const csGroupInputSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(GROUP_NAME_MAX, 'validation.max15'),
  description: z.string().trim().max(GROUP_DESCRIPTION_MAX, 'validation.max300').nullish(),
  /** One entry per weekday at most. */
  operationalHours: z
    .array(operationalDaySchema)
    .max(7)
    .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'validation.invalid')
    .default([]),
  /** Making a group the default takes the flag from the previous default (000 §5: only one). */
  isDefault: z.boolean().optional(),
});
export type CsGroupInput = z.input<typeof csGroupInputSchema>;

export const csAgentSchema = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  csPosition: csPositionSchema.nullable(),
  agentRole: z.enum(['CS', 'SPV', 'CS-SPV', '']),
  status: agentStatusSchema,
  maxConcurrentChats: z.number().int(),
  openTickets: z.number().int(),
  canBeAssigned: z.boolean(),
  groupIds: z.array(z.string().uuid()),
});
export type CsAgent = z.infer<typeof csAgentSchema>;

export const csConfigurationSchema = z.object({
  featureCs: z
    .number()
    .int()
    .min(0)
    .max(2 ** 30),
  featureManager: z
    .number()
    .int()
    .min(0)
    .max(2 ** 30),
  isAutoAssignFeature: z.boolean(),
  isDisplayChatroomEmoji: z.boolean(),
  isDisplayChatroomAttachment: z.boolean(),
  isDisplayChatroomCSName: z.boolean(),
  isFetchFromContact: z.boolean(),
});
export type CsConfiguration = z.infer<typeof csConfigurationSchema>;

export const csMeSchema = z.object({
  csPosition: csPositionSchema.nullable(),
  agentRole: z.enum(['CS', 'SPV', 'CS-SPV', '']),
  status: agentStatusSchema,
  maxConcurrentChats: z.number().int(),
  capabilities: z.object({
    sees: z.enum(['all', 'own', 'ownAuto']),
    canReply: z.boolean(),
    canAssign: z.boolean(),
    canBeAssigned: z.boolean(),
  }),
  hidePhone: z.boolean(),
  /** The business's chat-room display settings (000 §3 customer-service configuration) the inbox applies. */
  chatroom: z.object({ emoji: z.boolean(), attachment: z.boolean(), csName: z.boolean() }),
});
export type CsMe = z.infer<typeof csMeSchema>;

const ok = z.object({ ok: z.literal(true) });

export const teamEndpoints = {
  /** 000 §7 GET customerService/me + manager/me: the caller's CS position, derived role, status. */
  me: defineEndpoint({ method: 'GET', path: '/api/cs/me', response: csMeSchema }),
  /** 000 §3 agentStatus; §7 POST pushnotif/status (ONLINE or OFFLINE). */
  setStatus: defineEndpoint({
    method: 'PUT',
    path: '/api/cs/me/status',
    body: z.object({ status: agentStatusSchema }),
    response: csMeSchema,
  }),
  /** 000 §7 GET customerService: the business's agents (assign dialog, group members). */
  agents: defineEndpoint({
    method: 'GET',
    path: '/api/cs/agents',
    response: z.object({ items: z.array(csAgentSchema) }),
  }),
  updateAgent: defineEndpoint({
    method: 'PUT',
    path: '/api/cs/agents/:userId',
    body: z.object({
      maxConcurrentChats: z.number().int().min(1).max(MAX_CONCURRENT_CHATS_LIMIT),
    }),
    response: csAgentSchema,
  }),
  /** 000 §7 GET csplatform/configuration. */
  configuration: defineEndpoint({
    method: 'GET',
    path: '/api/cs/configuration',
    response: csConfigurationSchema,
  }),
  /** 000 §7 PUT csplatform/configuration. */
  updateConfiguration: defineEndpoint({
    method: 'PUT',
    path: '/api/cs/configuration',
    body: csConfigurationSchema,
    response: csConfigurationSchema,
  }),
  /** 000 §7 GET /groups. */
  groups: defineEndpoint({
    method: 'GET',
    path: '/api/cs/groups',
    response: z.object({ items: z.array(csGroupSchema) }),
  }),
  /** 000 §7 GET /groups/{groupId}. */
  group: defineEndpoint({ method: 'GET', path: '/api/cs/groups/:id', response: csGroupSchema }),
  /** 000 §7 POST /groups. */
  createGroup: defineEndpoint({
    method: 'POST',
    path: '/api/cs/groups',
    body: csGroupInputSchema,
    response: csGroupSchema,
  }),
  /** 000 §7 PUT /groups/{id}. */
  updateGroup: defineEndpoint({
    method: 'PUT',
    path: '/api/cs/groups/:id',
    body: csGroupInputSchema,
    response: csGroupSchema,
  }),
  /** 000 §7 DELETE /groups/{id}: not the default, and only when it has no members (000 §5). */
  deleteGroup: defineEndpoint({ method: 'DELETE', path: '/api/cs/groups/:id', response: ok }),
  /** 000 §7 GET /groups/{groupId}/membership. */
  groupMembers: defineEndpoint({
    method: 'GET',
    path: '/api/cs/groups/:id/members',
    response: z.object({ items: z.array(csAgentSchema) }),
  }),
  /** 000 §7 POST /groupMembership. */
  addGroupMembers: defineEndpoint({
    method: 'POST',
    path: '/api/cs/groups/:id/members',
    body: z.object({ userIds: z.array(z.string().uuid()).min(1).max(200) }),
    response: z.object({ items: z.array(csAgentSchema) }),
  }),
  /** 000 §7 DELETE /groupMembership/{id}. */
  removeGroupMember: defineEndpoint({
    method: 'DELETE',
    path: '/api/cs/groups/:id/members/:userId',
    response: ok,
  }),
} as const;

/** The public entry of teams: agents, groups and the customer-service configuration. */
export {
  agentStateOf,
  assertAttachmentsShown,
  CS_FLAGS_TOPIC,
  type CsFlagsChanged,
  getConfiguration,
  goOfflineOnSignOut,
  hidesPhone,
} from './agents.service.js';
export { AUTO_ASSIGN_QUEUE, autoAssignSchema, requestAutoAssign } from './auto-assign-request.js';
export { requireOwnCsGroups } from './groups.service.js';
export { registerTeamRoutes } from './teams.routes.js';
export { agentStates, csConfigurations, csGroupMembers, csGroups } from './teams.schema.js';
export type { TicketLoad } from './ticket-load.js';

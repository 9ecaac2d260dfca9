/**
 * The public entry of conversations: tickets and messages (the only writer of those tables), their
 * assignment, visibility per CS position, phone privacy, audit and transfer history, and the inbox's HTTP face.
 */
export {
  agentBlockOf,
  assignTicket,
  autoAssignJob,
  type Candidate,
  closedGroupsAt,
  hasOpenTickets,
  inOpenGroupWhere,
  isGroupOpen,
  pickAgent,
  runAutoAssign,
  ticketLoad,
  triggerAutoAssignOnNewChats,
} from './assignment.service.js';
export { installNewTicketHold, type NewTicketHold, releaseBotHold } from './bot-hold.js';
export { answerWindowPassedWhere } from './chat-expiry.repository.js';
export { contactTickets } from './contact-tickets.js';
export { publishMessageUpdated, publishRealtime } from './conversation-events.js';
export {
  changeManyTickets,
  displayIdOf,
  findMessageByClientMessageId,
  findOrOpenTicket,
  getTicket,
  getTicketSummary,
  type ManyTicketsChange,
  type MessageRow,
  previewOf,
  selectSummaries,
  storedMessageIds,
  type TicketRow,
  toMessage,
  toTicketSummary,
} from './conversations.repository.js';
export {
  messages,
  type StoredMedia,
  ticketAuditLog,
  ticketCounters,
  tickets,
  ticketTransfers,
  uploads,
} from './conversations.schema.js';
export { claimNextTicket, releaseTicket } from './hand-out.repository.js';
export { registerInboxRoutes } from './inbox.routes.js';
export {
  checkReplyAllowed,
  type InboxJobs,
  listMessages,
  replyWindowOpen,
  resolveTicket,
  resolveTicketAsSystem,
  sendMessage,
} from './inbox.service.js';
export {
  applyStatuses,
  type InboundMessage,
  type InboundStatus,
  type IngestOutcome,
  ingestInbound,
  publishIngested,
} from './ingest.js';
export { registerMediaRoutes } from './media.routes.js';
export { mediaStorage, mediaUrlOf } from './media-storage.js';
export {
  customerExternalIdOf,
  touchTicketLastStatus,
} from './message-status.repository.js';
export {
  assignOpenedTicket,
  attachMedia,
  markMessageFailed,
  markMessageSent,
  mergeMessagePayload,
  type OutboundMessage,
  recordHistory,
  recordOutbound,
  recordOutboundBatch,
} from './outbound.js';
export { maskPhone, maskSummary } from './phone-privacy.js';
export { registerTicketCategoryRoutes } from './ticket-categories.routes.js';
export { ticketFilterConditions } from './ticket-filters.repository.js';
export { recordTicketAudit } from './ticket-history.repository.js';
export { registerTicketPropertyRoutes } from './ticket-properties.routes.js';
export { publishTicketsUpdated, updateTicketProperties } from './ticket-properties.service.js';
export { registerUploadRoutes } from './uploads.routes.js';
export {
  assertMayAssign,
  assertMayReply,
  inAgentGroupsWhere,
  installTicketVisibility,
  visibleTicketOf,
  visibleTicketsWhere,
} from './visibility.js';

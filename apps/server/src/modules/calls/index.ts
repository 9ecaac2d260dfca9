/** The public entry of calls: WhatsApp call rooms and sessions (000 §3–§5), linked to the customer's chat. */
export { callPublisher } from './call-events.js';
export { callSocketOptions } from './call-socket.js';
export { registerCallRoutes } from './calls.routes.js';
export { callRooms, callSessions } from './calls.schema.js';
export { endCallsOnSignOut } from './calls.service.js';
export { applyCallWebhooks, CALL_WEBHOOK_FIELDS } from './calls-webhook.js';
export { registerPhoneCallRoutes } from './phone-calls.routes.js';

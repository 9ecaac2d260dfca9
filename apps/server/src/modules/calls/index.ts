/** The public entry of calls: WhatsApp call rooms and sessions (000 §3–§5), linked to the customer's chat. */
export { callRooms, callSessions } from './calls.schema.js';

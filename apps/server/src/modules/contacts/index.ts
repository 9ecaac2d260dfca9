/** The public entry of contacts (what other modules use of it). */
export type { ContactTicket, ContactTickets } from './contact-tickets.js';
export { type IdentityContact, upsertContactsByIdentity } from './contacts.repository.js';
export { contactIdentities, contacts } from './contacts.schema.js';
export { fillContactDetails, upsertContactByIdentity } from './contacts.service.js';

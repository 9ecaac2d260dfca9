/** The public entry of contacts (what other modules and the composition root use of it). */
export { requireOwnContactRefs } from './contact-refs.js';
export type { ContactTicket, ContactTickets } from './contact-tickets.js';
export { contactUploadJob } from './contact-upload.jobs.js';
export { registerContactUploadRoutes } from './contact-upload.routes.js';
export { assertUploadableSheet } from './contact-upload.sheet.js';
export { findContact, type IdentityContact, upsertContactsByIdentity } from './contacts.repository.js';
export { registerContactRoutes } from './contacts.routes.js';
export { contactIdentities, contacts } from './contacts.schema.js';
export { fillContactDetails, upsertContactByIdentity } from './contacts.service.js';
export { searchCondition } from './contacts-list.repository.js';
export { registerContactCrmRoutes } from './contacts-list.routes.js';

import type { ContactTickets } from '../contacts/index.js';
import { contactHasTickets, ticketsOfContact } from './contact-tickets.repository.js';
import { publishTicketsUpdated } from './ticket-properties.service.js';

/** The contacts module's view of a contact's tickets (handed to it by app.ts). */
export const contactTickets: ContactTickets = {
  list: ticketsOfContact,
  exists: contactHasTickets,
  contactChanged: (deps, clientId, contactId) => publishTicketsUpdated(deps, clientId, { contactId }),
};

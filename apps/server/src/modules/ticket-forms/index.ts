/** The public entry of ticket forms: the forms filled on a ticket and the time tracker of manual tickets. */
export { registerTicketFormRoutes } from './ticket-forms.routes.js';
export { recordCreationTime, saveFormState } from './ticket-forms.service.js';

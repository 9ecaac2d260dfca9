/** The public entry of views: saved ticket views (their table, filters as SQL, the HTTP face). */
export { findViewRow, type TicketViewRow, viewConditions } from './views.repository.js';
export { registerViewRoutes } from './views.routes.js';
export { requireView, toTicketView, type ViewDeletedHook } from './views.service.js';

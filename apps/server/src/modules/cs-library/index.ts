/** The public entry of cs-library: quick replies, remarks, chat tags and macros (applied to a ticket). */
export { registerCsLibraryRoutes } from './cs-library.routes.js';
export { applyMacro } from './macros.service.js';

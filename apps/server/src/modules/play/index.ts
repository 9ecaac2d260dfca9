/** The public entry of play: Auto Assign (play mode) sessions, their skips and the HTTP face. */
export { stopSessionsOnView } from './play.repository.js';
export { registerPlayRoutes } from './play.routes.js';

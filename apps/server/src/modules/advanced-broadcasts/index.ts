/** The public entry of advanced broadcasts: recurring, rule-based broadcasts and the clock that sends them. */
export { advancedBroadcastClock } from './advanced-broadcasts.jobs.js';
export { registerAdvancedBroadcastRoutes } from './advanced-broadcasts.routes.js';
export { sendThroughBroadcasts } from './advanced-broadcasts.sending.js';

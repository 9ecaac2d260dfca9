/**
 * The public entry of push: Web Push subscriptions per signed-in browser, browser presence
 * (`pushnotif/status`), and the pushes for chats assigned to an away agent and for mentions in notes.
 */
export { pushJobs, pushTriggers } from './push.jobs.js';
export { registerPushRoutes } from './push.routes.js';
export { type PushContext, removeSessionDevice, upsertDemoSubscription } from './push.service.js';

/**
 * The public entry of broadcasts: WhatsApp broadcasts (creation, maker/checker review, the sending engine and
 * the statuses of its messages), and the broadcast figures shown on template and contact pages.
 */
export { broadcastEngine } from './broadcasts.engine.js';
export { registerBroadcastRoutes } from './broadcasts.routes.js';
export { createBroadcast } from './broadcasts.service.js';
export type { BroadcastEngineHandle } from './broadcasts.start.js';
export { takeBroadcastStatuses } from './broadcasts.statuses.js';

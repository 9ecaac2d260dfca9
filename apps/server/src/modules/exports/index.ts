/** The public entry of exports: chat exports (the job that writes them and the HTTP face). */
export { exportJob } from './exports.jobs.js';
export { registerExportRoutes } from './exports.routes.js';

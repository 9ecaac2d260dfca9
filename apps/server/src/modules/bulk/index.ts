/** The public entry of bulk: bulk actions over many tickets (the job and its HTTP face). */
export { bulkJob } from './bulk.jobs.js';
export { registerBulkRoutes } from './bulk.routes.js';

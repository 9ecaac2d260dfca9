import { bulkEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as bulk from './bulk.service.js';

/** Bulk ticket actions (000 §3, §7 PUT tickets/bulk): whoever may update tickets in the inbox. */
export function registerBulkRoutes(r: RouteRegistrar, deps: ServerDeps, jobs: bulk.BulkJobs) {
  const update = needs('CUSTOMER_SERVICE_INBOX', 'UPDATE');
  route(r, bulkEndpoints.create, update, ({ body, request }) =>
    bulk.createBulkJob(deps, jobs, requireAuth(request), body),
  );
  route(r, bulkEndpoints.matching, update, ({ query, request }) =>
    bulk.countMatching(deps, requireAuth(request), query),
  );
  route(r, bulkEndpoints.list, update, ({ request }) => bulk.listBulkJobs(deps, requireAuth(request)));
  route(r, bulkEndpoints.job, update, ({ params, request }) =>
    bulk.getBulkJob(deps, requireAuth(request), params.id!),
  );
  route(r, bulkEndpoints.failures, update, ({ params, request }) =>
    bulk.listBulkFailures(deps, requireAuth(request), params.id!),
  );
}

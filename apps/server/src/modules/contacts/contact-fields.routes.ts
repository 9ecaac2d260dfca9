import { contactFieldEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as fields from './contact-fields.service.js';

/** 001 §2 /contact/custom-field: the CONTACT feature. There is no delete (001 §3). */
export function registerContactFieldRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, contactFieldEndpoints.list, needs('CONTACT', 'READ'), ({ request }) =>
    fields.listFields(deps, requireAuth(request)),
  );
  route(r, contactFieldEndpoints.create, needs('CONTACT', 'CREATE'), ({ body, request }) =>
    fields.createField(deps, requireAuth(request), body),
  );
  route(r, contactFieldEndpoints.update, needs('CONTACT', 'UPDATE'), ({ params, body, request }) =>
    fields.updateField(deps, requireAuth(request), params.id!, body),
  );
}

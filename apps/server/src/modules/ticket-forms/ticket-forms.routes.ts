import { ticketFormEndpoints, timeTrackingEndpoints } from '@sapa/contracts';
import { needs, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as forms from './ticket-forms.service.js';

/**
 * Ticket forms and fields (000 §3 ticket form state, §7 ticket-form and fields) and time tracking (§7 POST
 * /time-tracking): agents read forms and save a ticket's form and time (inbox READ / UPDATE); owners and
 * admins manage forms and fields (CUSTOMER_SERVICE_SETTING).
 */
export function registerTicketFormRoutes(r: RouteRegistrar, deps: ServerDeps) {
  const read = needs('CUSTOMER_SERVICE_INBOX', 'READ');
  const update = needs('CUSTOMER_SERVICE_INBOX', 'UPDATE');
  const e = ticketFormEndpoints;
  route(r, e.list, read, ({ request }) => forms.listForms(deps, requireAuth(request)));
  route(r, e.detail, read, ({ params, request }) => forms.getForm(deps, requireAuth(request), params.id!));
  route(r, e.create, needs('CUSTOMER_SERVICE_SETTING', 'CREATE'), ({ body, request }) =>
    forms.createForm(deps, requireAuth(request), body),
  );
  route(r, e.update, needs('CUSTOMER_SERVICE_SETTING', 'UPDATE'), ({ body, params, request }) =>
    forms.updateForm(deps, requireAuth(request), params.id!, body),
  );
  route(r, e.remove, needs('CUSTOMER_SERVICE_SETTING', 'DELETE'), ({ params, request }) =>
    forms.deleteForm(deps, requireAuth(request), params.id!),
  );
  route(r, e.fields, read, ({ query, request }) => forms.listFields(deps, requireAuth(request), query));
  route(r, e.field, read, ({ params, request }) =>
    forms.getField(deps, requireAuth(request), params.fieldId!),
  );
  route(r, e.createField, needs('CUSTOMER_SERVICE_SETTING', 'CREATE'), ({ body, request }) =>
    forms.createField(deps, requireAuth(request), body),
  );
  route(r, e.updateField, needs('CUSTOMER_SERVICE_SETTING', 'UPDATE'), ({ body, params, request }) =>
    forms.updateField(deps, requireAuth(request), params.fieldId!, body),
  );
  route(r, e.state, read, ({ params, request }) =>
    forms.getFormState(deps, requireAuth(request), params.id!),
  );
  route(r, e.saveState, update, ({ body, params, request }) =>
    forms.saveFormState(deps, requireAuth(request), params.id!, body),
  );
  route(r, timeTrackingEndpoints.record, update, ({ body, params, request }) =>
    forms.recordTime(deps, requireAuth(request), params.id!, body),
  );
  route(r, timeTrackingEndpoints.total, read, ({ params, request }) =>
    forms.timeTotals(deps, requireAuth(request), params.id!),
  );
}

import type { FastifyInstance } from 'fastify';
import { isObj, type SimContext, str } from './context.js';
import { bearer, checkVersion, type GraphAuth } from './graph-auth.js';
import { GraphFailure, invalidParam } from './graph-errors.js';
import type { NumberRegistry } from './number-registry.js';
import {
  type SimTemplate,
  type TemplateReview,
  TemplateStore,
  type TemplatesApi,
} from './templates-store.js';
import type { WebhookSender } from './webhook-sender.js';
import { graphError, newNumericId } from './wire.js';

export type { TemplatesApi } from './templates-store.js';

/**
 * The template management API of the WhatsApp Business Management API (reference/channel-protocols.md §1g;
 * developers.facebook.com/docs/whatsapp/business-management-api/message-templates):
 *
 * - `POST /{waba-id}/message_templates` → `{ id, status: 'PENDING', category }`
 * - `GET /{waba-id}/message_templates?name=&status=&limit=&after=` → `{ data, paging: { cursors } }`
 * - `DELETE /{waba-id}/message_templates?name=[&hsm_id=]` → `{ success: true }`
 * - `POST /{template-id}` (edit components / category) → `{ success: true }`
 *
 * A submitted or edited template is reviewed after a configurable delay with a configurable outcome
 * (approve, reject with a reason, or approve in another category), and the result goes to every webhook of
 * the WABA as signed `message_template_status_update` (and `template_category_update`) changes.
 *
 * Control routes (standalone use and tests):
 * - `POST /simulator/template-review` `{ delayMs?, outcome?, reason?, category?, name? }` sets the review of
 *   later submissions (of one template name when `name` is given, else the default);
 * - `POST /simulator/templates/status` `{ wabaId, name, status, reason? }` changes a template's status now
 *   (e.g. `PAUSED`, `DISABLED`) and sends the webhook;
 * - `GET /simulator/templates` lists every template.
 */

const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
const NAME_RE = /^[a-z0-9_]{1,512}$/;
/** WhatsApp keeps a deleted template's name for 30 days. */
const DELETED_NAME_DAYS = 30;

type Params = { version: string; wabaId: string };

function templateInfo(t: SimTemplate) {
  return {
    name: t.name,
    parameter_format: t.parameterFormat,
    components: t.components,
    language: t.language,
    status: t.status,
    category: t.category,
    id: t.id,
    ...(t.status === 'REJECTED' ? { rejected_reason: t.rejectedReason } : {}),
  };
}

/** A template creation error as Graph returns it (code 100 with a user-facing title and message). */
function templateError(subcode: number, title: string, message: string): GraphFailure {
  const body = graphError(100, 'Invalid parameter');
  Object.assign(body.error, { error_subcode: subcode, error_user_title: title, error_user_msg: message });
  return new GraphFailure(400, body);
}

/** The 400s WhatsApp gives for a malformed template (the rules Meta checks before review). */
function checkComponents(components: unknown): unknown[] {
  if (!Array.isArray(components) || !components.every(isObj))
    throw invalidParam('(#100) The parameter components is required.');
  const body = components.filter((c) => String(c.type).toUpperCase() === 'BODY');
  if (body.length !== 1 || typeof body[0]!.text !== 'string' || !body[0]!.text)
    throw templateError(2388043, 'Message template body is required', 'The template must have one BODY.');
  if (body[0]!.text.length > 1024)
    throw templateError(2388040, 'Body too long', 'The body can have at most 1024 characters.');
  const placeholders = (body[0]!.text as string).match(/\{\{[^{}]*\}\}/g) ?? [];
  const example = isObj(body[0]!.example) ? body[0]!.example : undefined;
  if (placeholders.length && !example)
    throw templateError(2388043, 'Example values are required', 'Add a sample for every variable.');
  return components;
}

/** A category WhatsApp knows, or the 400 it gives. */
function checkCategory(category: string) {
  if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(category))
    throw invalidParam('(#100) Param category must be one of {MARKETING, UTILITY, AUTHENTICATION}.');
}

export function registerTemplatesApi(
  app: FastifyInstance,
  ctx: SimContext,
  deps: { registry: NumberRegistry; auth: GraphAuth; webhooks: WebhookSender },
): TemplatesApi {
  const store = new TemplateStore(ctx, deps);
  registerSubmit(app, store, deps.auth);
  registerList(app, store, deps.auth);
  registerDelete(app, store, deps.auth);
  registerEdit(app, store, deps.registry);
  registerControls(app, store);
  return store;
}

/** `POST /{waba-id}/message_templates`: a new template, pending until its review. */
function registerSubmit(app: FastifyInstance, store: TemplateStore, auth: GraphAuth) {
  app.post<{ Params: Params }>('/:version/:wabaId/message_templates', async (req) => {
    checkVersion(req.params.version);
    const { wabaId } = req.params;
    auth.authWaba(req, wabaId, 'post');
    const b = isObj(req.body) ? req.body : {};
    const name = str(b.name) ?? '';
    const language = str(b.language) ?? '';
    const category = (str(b.category) ?? '').toUpperCase();
    if (!NAME_RE.test(name))
      throw invalidParam('(#100) Param name must be lowercase letters, numbers and _.');
    if (!language) throw invalidParam('(#100) The parameter language is required.');
    checkCategory(category);
    const components = checkComponents(b.components);
    const deletedAt = store.deletedNames.get(`${wabaId}:${name}`);
    if (deletedAt !== undefined && Date.now() - deletedAt < DELETED_NAME_DAYS * 86_400_000)
      throw templateError(
        2388023,
        'Message template is being deleted',
        `The name ${name} was deleted; it cannot be used for 30 days.`,
      );
    if (store.findByName(wabaId, name).some((t) => t.language === language))
      throw templateError(
        2388024,
        'Content in this language already exists',
        `A template named ${name} already exists in ${language}.`,
      );
    const t: SimTemplate = {
      id: newNumericId(16),
      wabaId,
      name,
      language,
      category,
      status: 'PENDING',
      components,
      rejectedReason: 'NONE',
      parameterFormat: str(b.parameter_format)?.toUpperCase() ?? 'POSITIONAL',
      revision: 1,
    };
    store.templates.set(t.id, t);
    store.scheduleReview(t);
    return { id: t.id, status: t.status, category: t.category };
  });
}

/** `GET /{waba-id}/message_templates?name=&status=&limit=&after=`: a page of the WABA's templates. */
function registerList(app: FastifyInstance, store: TemplateStore, auth: GraphAuth) {
  app.get<{ Params: Params }>('/:version/:wabaId/message_templates', async (req) => {
    checkVersion(req.params.version);
    auth.authWaba(req, req.params.wabaId, 'get');
    const q = req.query as { name?: string; status?: string; limit?: string; after?: string };
    let list = store.ofWaba(req.params.wabaId).sort((a, b) => a.id.localeCompare(b.id));
    if (q.name) list = list.filter((t) => t.name.includes(q.name!));
    if (q.status) {
      const wanted = q.status.toUpperCase().split(',');
      list = list.filter((t) => wanted.includes(t.status));
    }
    const limit = Math.min(Math.max(Number(q.limit) || 25, 1), 1000);
    const start = q.after ? Number(Buffer.from(q.after, 'base64url').toString()) || 0 : 0;
    const page = list.slice(start, start + limit);
    const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
    return {
      data: page.map(templateInfo),
      paging: {
        cursors: { before: cursor(start), after: cursor(start + page.length) },
        ...(start + limit < list.length ? { next: `?after=${cursor(start + limit)}&limit=${limit}` } : {}),
      },
    };
  });
}

/** `DELETE /{waba-id}/message_templates?name=[&hsm_id=]`: gone, and its name blocked for 30 days. */
function registerDelete(app: FastifyInstance, store: TemplateStore, auth: GraphAuth) {
  app.delete<{ Params: Params }>('/:version/:wabaId/message_templates', async (req) => {
    checkVersion(req.params.version);
    const { wabaId } = req.params;
    auth.authWaba(req, wabaId, 'post');
    const q = req.query as { name?: string; hsm_id?: string };
    if (!q.name) throw invalidParam('(#100) The parameter name is required.');
    const matching = store.findByName(wabaId, q.name).filter((t) => !q.hsm_id || t.id === q.hsm_id);
    if (matching.length === 0)
      throw templateError(2593002, 'Message template not found', `No template named ${q.name}.`);
    for (const t of matching) {
      store.templates.delete(t.id);
      t.status = 'DELETED';
      store.notifyStatus(t);
    }
    store.deletedNames.set(`${wabaId}:${q.name}`, Date.now());
    return { success: true };
  });
}

/** Edit: `POST /{template-id}` with new components and/or category; the template goes back to review. */
function registerEdit(app: FastifyInstance, store: TemplateStore, registry: NumberRegistry) {
  app.post<{ Params: { version: string; templateId: string } }>('/:version/:templateId', async (req) => {
    checkVersion(req.params.version);
    const t = store.templates.get(req.params.templateId);
    const mine = registry.byToken(bearer(req));
    if (mine.length === 0) throw new GraphFailure(401, graphError(190, 'Invalid OAuth access token'));
    if (!t || !mine.some((n) => n.wabaId === t.wabaId))
      throw new GraphFailure(
        400,
        graphError(
          100,
          `Unsupported post request. Object with ID '${req.params.templateId}' does not exist.`,
        ),
      );
    const b = isObj(req.body) ? req.body : {};
    if (b.components !== undefined) t.components = checkComponents(b.components);
    const category = str(b.category)?.toUpperCase();
    if (category) {
      checkCategory(category);
      t.category = category;
    }
    t.status = 'PENDING';
    t.rejectedReason = 'NONE';
    t.revision++;
    store.scheduleReview(t);
    return { success: true };
  });
}

/** The control routes: the review of later submissions, a status change now, every template. */
function registerControls(app: FastifyInstance, store: TemplateStore) {
  app.post('/simulator/template-review', async (req, reply) => {
    const b = (isObj(req.body) ? req.body : {}) as Partial<TemplateReview> & { name?: string };
    if (b.outcome && !['approve', 'reject', 'change_category'].includes(b.outcome))
      return reply.code(400).send({ error: 'outcome is approve, reject or change_category' });
    if (b.delayMs !== undefined && !(Number.isFinite(b.delayMs) && b.delayMs >= 0))
      return reply.code(400).send({ error: 'delayMs must be a number ≥ 0' });
    store.setReview(b);
    return { ok: true };
  });
  app.post('/simulator/templates/status', async (req, reply) => {
    const b = (isObj(req.body) ? req.body : {}) as {
      wabaId?: string;
      name?: string;
      status?: string;
      reason?: string;
    };
    const t = store.setStatus(b.wabaId ?? '', b.name ?? '', b.status ?? 'APPROVED', b.reason);
    if (!t) return reply.code(404).send({ error: 'no such template' });
    return templateInfo(t);
  });
  app.get('/simulator/templates', async () => ({ data: [...store.templates.values()].map(templateInfo) }));
}

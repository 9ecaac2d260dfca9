import type { FastifyInstance } from 'fastify';
import { isObj, type NumberState, type Obj, type SimContext, str } from './context.js';
import { bearer, checkVersion, type GraphAuth } from './graph-auth.js';
import { GraphFailure, invalidParam } from './graph-errors.js';
import type { NumberRegistry } from './number-registry.js';
import type { WebhookSender } from './webhook-sender.js';
import { graphError, newNumericId } from './wire.js';

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

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
const NAME_RE = /^[a-z0-9_]{1,512}$/;
/** WhatsApp keeps a deleted template's name for 30 days. */
const DELETED_NAME_DAYS = 30;

export type TemplateReviewOutcome = 'approve' | 'reject' | 'change_category';

export interface TemplateReview {
  delayMs: number;
  outcome: TemplateReviewOutcome;
  /** Rejection reason (`INVALID_FORMAT`, `ABUSIVE_CONTENT`, `TAG_CONTENT_MISMATCH` …). */
  reason: string;
  /** The category a `change_category` review moves the template to (default: the other of MARKETING/UTILITY). */
  category?: string | undefined;
}

export interface SimTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: unknown[];
  rejectedReason: string;
  parameterFormat: string;
  /** Bumped on every submission, so that a stale review timer does nothing. */
  revision: number;
}

export interface TemplatesApi {
  readonly templates: Map<string, SimTemplate>;
  setReview(review: Partial<TemplateReview> & { name?: string | undefined }): void;
  /**
   * A template send (`POST /{phone-number-id}/messages`) of a template this WABA has submitted here must be
   * approved: paused → 132015, disabled → 132016, pending or rejected → 132001, like WhatsApp. Templates
   * the simulator never saw (seeded straight into a business) are let through.
   */
  checkSend(wabaId: string, template: Obj): void;
  /** Changes a template's status now and sends the webhook. */
  setStatus(wabaId: string, name: string, status: string, reason?: string): SimTemplate | undefined;
}

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

export function registerTemplatesApi(
  app: FastifyInstance,
  ctx: SimContext,
  deps: { registry: NumberRegistry; auth: GraphAuth; webhooks: WebhookSender },
): TemplatesApi {
  const templates = new Map<string, SimTemplate>();
  /** `${wabaId}:${name}` → when it was deleted. */
  const deletedNames = new Map<string, number>();
  let review: TemplateReview = { delayMs: 3000, outcome: 'approve', reason: 'INVALID_FORMAT' };
  const reviewsByName = new Map<string, TemplateReview>();

  const ofWaba = (wabaId: string) => [...templates.values()].filter((t) => t.wabaId === wabaId);

  /** Every number of the WABA with a distinct webhook URL (one delivery per Sapa account). */
  function webhookTargets(wabaId: string): NumberState[] {
    const seen = new Set<string>();
    return [...deps.registry.numbers.values()].filter((n) => {
      if (n.wabaId !== wabaId || seen.has(n.webhookUrl)) return false;
      seen.add(n.webhookUrl);
      return true;
    });
  }

  function notify(t: SimTemplate, field: string, value: Obj) {
    const body = {
      object: 'whatsapp_business_account',
      entry: [{ id: t.wabaId, time: Math.floor(Date.now() / 1000), changes: [{ value, field }] }],
    };
    for (const num of webhookTargets(t.wabaId)) deps.webhooks.enqueue(num, `template:${t.id}`, body);
  }

  function notifyStatus(t: SimTemplate, reason = 'NONE') {
    notify(t, 'message_template_status_update', {
      event: t.status,
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
      reason,
      message_template_category: t.category,
    });
  }

  function scheduleReview(t: SimTemplate) {
    const r = reviewsByName.get(t.name) ?? review;
    const revision = t.revision;
    ctx.later(r.delayMs, () => {
      if (templates.get(t.id) !== t || t.revision !== revision) return;
      if (r.outcome === 'reject') {
        t.status = 'REJECTED';
        t.rejectedReason = r.reason;
        notifyStatus(t, r.reason);
        return;
      }
      if (r.outcome === 'change_category') {
        const previous = t.category;
        t.category = r.category ?? (previous === 'MARKETING' ? 'UTILITY' : 'MARKETING');
        notify(t, 'template_category_update', {
          message_template_id: Number(t.id),
          message_template_name: t.name,
          message_template_language: t.language,
          previous_category: previous,
          new_category: t.category,
        });
      }
      t.status = 'APPROVED';
      t.rejectedReason = 'NONE';
      notifyStatus(t);
    });
  }

  function findByName(wabaId: string, name: string) {
    return ofWaba(wabaId).filter((t) => t.name === name);
  }

  app.post<{ Params: { version: string; wabaId: string } }>(
    '/:version/:wabaId/message_templates',
    async (req) => {
      checkVersion(req.params.version);
      const { wabaId } = req.params;
      deps.auth.authWaba(req, wabaId, 'post');
      const b = isObj(req.body) ? req.body : {};
      const name = str(b.name) ?? '';
      const language = str(b.language) ?? '';
      const category = (str(b.category) ?? '').toUpperCase();
      if (!NAME_RE.test(name))
        throw invalidParam('(#100) Param name must be lowercase letters, numbers and _.');
      if (!language) throw invalidParam('(#100) The parameter language is required.');
      if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(category))
        throw invalidParam('(#100) Param category must be one of {MARKETING, UTILITY, AUTHENTICATION}.');
      const components = checkComponents(b.components);
      const deletedAt = deletedNames.get(`${wabaId}:${name}`);
      if (deletedAt !== undefined && Date.now() - deletedAt < DELETED_NAME_DAYS * 86_400_000)
        throw templateError(
          2388023,
          'Message template is being deleted',
          `The name ${name} was deleted; it cannot be used for 30 days.`,
        );
      if (findByName(wabaId, name).some((t) => t.language === language))
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
      templates.set(t.id, t);
      scheduleReview(t);
      return { id: t.id, status: t.status, category: t.category };
    },
  );

  app.get<{ Params: { version: string; wabaId: string } }>(
    '/:version/:wabaId/message_templates',
    async (req) => {
      checkVersion(req.params.version);
      deps.auth.authWaba(req, req.params.wabaId, 'get');
      const q = req.query as { name?: string; status?: string; limit?: string; after?: string };
      let list = ofWaba(req.params.wabaId).sort((a, b) => a.id.localeCompare(b.id));
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
    },
  );

  app.delete<{ Params: { version: string; wabaId: string } }>(
    '/:version/:wabaId/message_templates',
    async (req) => {
      checkVersion(req.params.version);
      const { wabaId } = req.params;
      deps.auth.authWaba(req, wabaId, 'post');
      const q = req.query as { name?: string; hsm_id?: string };
      if (!q.name) throw invalidParam('(#100) The parameter name is required.');
      const matching = findByName(wabaId, q.name).filter((t) => !q.hsm_id || t.id === q.hsm_id);
      if (matching.length === 0)
        throw templateError(2593002, 'Message template not found', `No template named ${q.name}.`);
      for (const t of matching) {
        templates.delete(t.id);
        t.status = 'DELETED';
        notifyStatus(t);
      }
      deletedNames.set(`${wabaId}:${q.name}`, Date.now());
      return { success: true };
    },
  );

  // Edit: POST /{template-id} with new components and/or category; the template goes back to review.
  app.post<{ Params: { version: string; templateId: string } }>('/:version/:templateId', async (req) => {
    checkVersion(req.params.version);
    const t = templates.get(req.params.templateId);
    const mine = deps.registry.byToken(bearer(req));
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
      if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(category))
        throw invalidParam('(#100) Param category must be one of {MARKETING, UTILITY, AUTHENTICATION}.');
      t.category = category;
    }
    t.status = 'PENDING';
    t.rejectedReason = 'NONE';
    t.revision++;
    scheduleReview(t);
    return { success: true };
  });

  const api: TemplatesApi = {
    templates,
    checkSend(wabaId, template) {
      const name = str(template.name);
      const language = isObj(template.language) ? str(template.language.code) : str(template.language);
      const t = ofWaba(wabaId).find((x) => x.name === name && (!language || x.language === language));
      if (!t || t.status === 'APPROVED') return;
      const [code, title] =
        t.status === 'PAUSED'
          ? [132015, 'Template is Paused']
          : t.status === 'DISABLED'
            ? [132016, 'Template is Disabled']
            : [132001, 'Template name does not exist in the translation'];
      throw new GraphFailure(
        400,
        graphError(code, title, `template name (${name}) is ${t.status.toLowerCase()}`),
      );
    },
    setReview(r) {
      const next: TemplateReview = {
        delayMs: r.delayMs ?? review.delayMs,
        outcome: r.outcome ?? review.outcome,
        reason: r.reason ?? review.reason,
        category: r.category,
      };
      if (r.name) reviewsByName.set(r.name, next);
      else review = next;
    },
    setStatus(wabaId, name, status, reason) {
      const [t] = findByName(wabaId, name);
      if (!t) return undefined;
      t.status = status.toUpperCase();
      t.revision++;
      if (reason) t.rejectedReason = reason;
      notifyStatus(t, reason ?? 'NONE');
      return t;
    },
  };

  app.post('/simulator/template-review', async (req, reply) => {
    const b = (isObj(req.body) ? req.body : {}) as Partial<TemplateReview> & { name?: string };
    if (b.outcome && !['approve', 'reject', 'change_category'].includes(b.outcome))
      return reply.code(400).send({ error: 'outcome is approve, reject or change_category' });
    if (b.delayMs !== undefined && !(Number.isFinite(b.delayMs) && b.delayMs >= 0))
      return reply.code(400).send({ error: 'delayMs must be a number ≥ 0' });
    api.setReview(b);
    return { ok: true };
  });
  app.post('/simulator/templates/status', async (req, reply) => {
    const b = (isObj(req.body) ? req.body : {}) as {
      wabaId?: string;
      name?: string;
      status?: string;
      reason?: string;
    };
    const t = api.setStatus(b.wabaId ?? '', b.name ?? '', b.status ?? 'APPROVED', b.reason);
    if (!t) return reply.code(404).send({ error: 'no such template' });
    return templateInfo(t);
  });
  app.get('/simulator/templates', async () => ({ data: [...templates.values()].map(templateInfo) }));

  return api;
}

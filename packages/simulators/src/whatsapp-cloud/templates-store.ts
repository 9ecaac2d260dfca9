import { isObj, type NumberState, type Obj, type SimContext, str } from './context.js';
import { GraphFailure } from './graph-errors.js';
import type { NumberRegistry } from './number-registry.js';
import type { WebhookSender } from './webhook-sender.js';
import { graphError } from './wire.js';

/** The simulator's templates (templates-api.ts): what each WABA submitted, their review and its webhooks. */

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

/** The templates of every WABA, the deleted names, the review to come, and the webhooks that tell Sapa. */
export class TemplateStore implements TemplatesApi {
  readonly templates = new Map<string, SimTemplate>();
  /** `${wabaId}:${name}` → when it was deleted. */
  readonly deletedNames = new Map<string, number>();
  private review: TemplateReview = { delayMs: 3000, outcome: 'approve', reason: 'INVALID_FORMAT' };
  private readonly reviewsByName = new Map<string, TemplateReview>();

  constructor(
    private readonly ctx: SimContext,
    private readonly deps: { registry: NumberRegistry; webhooks: WebhookSender },
  ) {}

  ofWaba(wabaId: string) {
    return [...this.templates.values()].filter((t) => t.wabaId === wabaId);
  }

  findByName(wabaId: string, name: string) {
    return this.ofWaba(wabaId).filter((t) => t.name === name);
  }

  /** Reviews the template after the review's delay, unless it was submitted again or deleted meanwhile. */
  scheduleReview(t: SimTemplate) {
    const r = this.reviewsByName.get(t.name) ?? this.review;
    const revision = t.revision;
    this.ctx.later(r.delayMs, () => {
      if (this.templates.get(t.id) !== t || t.revision !== revision) return;
      if (r.outcome === 'reject') {
        t.status = 'REJECTED';
        t.rejectedReason = r.reason;
        this.notifyStatus(t, r.reason);
        return;
      }
      if (r.outcome === 'change_category') {
        const previous = t.category;
        t.category = r.category ?? (previous === 'MARKETING' ? 'UTILITY' : 'MARKETING');
        this.notify(t, 'template_category_update', {
          message_template_id: Number(t.id),
          message_template_name: t.name,
          message_template_language: t.language,
          previous_category: previous,
          new_category: t.category,
        });
      }
      t.status = 'APPROVED';
      t.rejectedReason = 'NONE';
      this.notifyStatus(t);
    });
  }

  notifyStatus(t: SimTemplate, reason = 'NONE') {
    this.notify(t, 'message_template_status_update', {
      event: t.status,
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
      reason,
      message_template_category: t.category,
    });
  }

  checkSend(wabaId: string, template: Obj) {
    const name = str(template.name);
    const language = isObj(template.language) ? str(template.language.code) : str(template.language);
    const t = this.ofWaba(wabaId).find((x) => x.name === name && (!language || x.language === language));
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
  }

  setReview(r: Partial<TemplateReview> & { name?: string | undefined }) {
    const next: TemplateReview = {
      delayMs: r.delayMs ?? this.review.delayMs,
      outcome: r.outcome ?? this.review.outcome,
      reason: r.reason ?? this.review.reason,
      category: r.category,
    };
    if (r.name) this.reviewsByName.set(r.name, next);
    else this.review = next;
  }

  setStatus(wabaId: string, name: string, status: string, reason?: string) {
    const [t] = this.findByName(wabaId, name);
    if (!t) return undefined;
    t.status = status.toUpperCase();
    t.revision++;
    if (reason) t.rejectedReason = reason;
    this.notifyStatus(t, reason ?? 'NONE');
    return t;
  }

  private notify(t: SimTemplate, field: string, value: Obj) {
    const body = {
      object: 'whatsapp_business_account',
      entry: [{ id: t.wabaId, time: Math.floor(Date.now() / 1000), changes: [{ value, field }] }],
    };
    for (const num of this.webhookTargets(t.wabaId))
      this.deps.webhooks.enqueue(num, `template:${t.id}`, body);
  }

  /** Every number of the WABA with a distinct webhook URL (one delivery per Sapa account). */
  private webhookTargets(wabaId: string): NumberState[] {
    const seen = new Set<string>();
    return [...this.deps.registry.numbers.values()].filter((n) => {
      if (n.wabaId !== wabaId || seen.has(n.webhookUrl)) return false;
      seen.add(n.webhookUrl);
      return true;
    });
  }
}

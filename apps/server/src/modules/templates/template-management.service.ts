import {
  type ManagedTemplate,
  positionalTemplateBody,
  TEMPLATE_NAME_BLOCK_DAYS,
  type TemplateInputParsed,
  templateStatusOf,
} from '@sapa/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, conflict } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import { type ChannelAccountRow, getAccount, openSecrets, whatsappConfigOf } from '../channels/index.js';
import {
  createProviderTemplate,
  deleteProviderTemplate,
  editProviderTemplate,
  listProviderTemplates,
  type ProviderResult,
  type ProviderTemplate,
} from './template-provider.js';
import * as repo from './templates.repository.js';
import { type TemplateButton, whatsappTemplates } from './templates.schema.js';

/**
 * WhatsApp template management (001 §2 /template/whatsapp, §3, §4 template review, §5 rules, §8): templates
 * are created and edited in Sapa, submitted to the provider through the account's WABA, and their review
 * outcome arrives by the status webhooks (template-webhooks.ts). A deleted name is blocked for 30 days.
 */

function toManagedTemplate(row: repo.TemplateRow): ManagedTemplate {
  return {
    id: row.id,
    channelAccountId: row.channelAccountId,
    name: row.name,
    language: row.language,
    category: row.category,
    subCategory: row.subCategory,
    previousCategory: row.previousCategory,
    headerType: row.headerType,
    headerText: row.headerText,
    headerMediaUrl: row.headerMediaUrl,
    body: row.body,
    footer: row.footer,
    variables: row.variables,
    buttons: row.buttons,
    templateType: row.templateType,
    isFollowUp: row.isFollowUp,
    isNewMessage: row.isNewMessage,
    status: row.status,
    rejectionReason: row.rejectionReason,
    providerTemplateId: row.providerTemplateId,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

const templateNotFound = () => new AppError(404, 'template.notFound');

/** A provider failure as the caller sees it: 503 when it could not be reached, 400 with its reason otherwise. */
function providerError(result: Extract<ProviderResult<unknown>, { ok: false }>): AppError {
  if (result.unavailable) return new AppError(503, 'template.providerUnavailable');
  return new AppError(400, 'template.providerRefused', { params: [result.message] });
}

async function whatsappAccount(deps: ServerDeps, clientId: string, id: string) {
  const account = await getAccount(deps.db, clientId, id);
  if (account?.channel !== 'WAP' || account.status !== 'connected')
    throw badRequest('template.accountRequired', { channelAccountId: 'template.accountRequired' });
  return { config: whatsappConfigOf(account), secrets: openSecrets(deps, account) };
}

/** The stored content of a valid input: named placeholders become positional, phone buttons digits only. */
function contentOf(input: TemplateInputParsed) {
  const media = input.headerType !== 'none' && input.headerType !== 'text';
  return {
    category: input.category,
    subCategory: input.subCategory,
    headerType: input.headerType,
    headerText: input.headerType === 'text' ? input.headerText : null,
    headerMediaUrl: media ? input.headerMediaUrl : null,
    body: positionalTemplateBody(input.body, input.variables),
    footer: input.footer,
    variables: input.variables.map((v) => ({ name: v.name, sample: v.sample, contactField: v.contactField })),
    buttons: input.buttons.map((b) => ({
      type: b.type,
      text: b.text,
      ...(b.type === 'PHONE_NUMBER' ? { phoneNumber: (b.phoneNumber ?? '').replace(/^\+/, '') } : {}),
      ...(b.type === 'URL' ? { url: b.url ?? '' } : {}),
    })),
    templateType: input.templateType,
    isFollowUp: input.isFollowUp,
    isNewMessage: input.isNewMessage,
  };
}

type TemplateFields = Record<
  | 'name'
  | 'language'
  | 'category'
  | 'headerType'
  | 'headerText'
  | 'body'
  | 'footer'
  | 'buttons'
  | 'isFollowUp'
  | 'isNewMessage',
  unknown
>;
/** What the audit log keeps of a template (001 §2 audit logs): its content and what it is used for. */
const templateSnapshot = (t: TemplateFields) => ({
  name: t.name,
  language: t.language,
  category: t.category,
  headerType: t.headerType,
  headerText: t.headerText,
  body: t.body,
  footer: t.footer,
  buttons: t.buttons,
  isFollowUp: t.isFollowUp,
  isNewMessage: t.isNewMessage,
});

function auditTemplate(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  before: TemplateFields | null,
  after: TemplateFields | null,
) {
  return recordAuditBy(deps.db, auth, {
    area: 'TEMPLATES',
    action: !before ? 'template.created' : after ? 'template.updated' : 'template.deleted',
    target: { type: 'template', id, label: String((after ?? before)?.name ?? '') || null },
    before: before && templateSnapshot(before),
    after: after && templateSnapshot(after),
  });
}

export async function listManagedTemplates(
  deps: ServerDeps,
  auth: AuthContext,
  query: { search?: string | undefined; status?: string | undefined },
) {
  const rows = await repo.listManagedTemplates(deps.db, auth.clientId, query);
  return { items: rows.map(toManagedTemplate) };
}

export async function getManagedTemplate(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await repo.findLiveTemplate(deps.db, auth.clientId, id);
  if (!row) throw templateNotFound();
  return toManagedTemplate(row);
}

/**
 * Creates a template and submits it: the name must be free (409 'template.nameTaken') and not deleted in
 * the last 30 days (409 'template.nameBlocked'). The row is stored `pending` before the provider is called,
 * so a review webhook arriving at once finds it; a refused submission removes it again.
 */
export async function createManagedTemplate(deps: ServerDeps, auth: AuthContext, input: TemplateInputParsed) {
  const provider = await whatsappAccount(deps, auth.clientId, input.channelAccountId);
  const since = new Date(Date.now() - TEMPLATE_NAME_BLOCK_DAYS * 86_400_000);
  const use = await repo.nameUse(deps.db, auth.clientId, input.name, since);
  if (use.taken) throw conflict('template.nameTaken', { name: 'template.nameTaken' });
  if (use.blocked) throw conflict('template.nameBlocked', { name: 'template.nameBlocked' });
  const content = contentOf(input);
  const id = uuidv7();
  const now = new Date();
  try {
    await deps.db.insert(whatsappTemplates).values({
      clientId: auth.clientId,
      id,
      channelAccountId: input.channelAccountId,
      name: input.name,
      language: input.language,
      ...content,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('template.nameTaken', { name: 'template.nameTaken' });
    throw err;
  }
  const where = and(eq(whatsappTemplates.clientId, auth.clientId), eq(whatsappTemplates.id, id));
  const result = await createProviderTemplate(provider.config, provider.secrets, {
    name: input.name,
    language: input.language,
    ...content,
  });
  if (!result.ok) {
    await deps.db.delete(whatsappTemplates).where(where);
    throw providerError(result);
  }
  const accepted = result.value.category?.toUpperCase();
  await deps.db
    .update(whatsappTemplates)
    .set({
      providerTemplateId: String(result.value.id),
      // WhatsApp may answer with another category at once (allow_category_change).
      ...(accepted && accepted !== content.category
        ? { category: accepted, previousCategory: content.category }
        : {}),
    })
    .where(where);
  await auditTemplate(deps, auth, id, null, { ...content, name: input.name, language: input.language });
  return getManagedTemplate(deps, auth, id);
}

/**
 * Edits a template's content, category, type and flags (name, language and account are fixed: 400
 * 'template.nameFixed'). A template the provider knows is edited there; one it does not (seeded or made
 * before submission) is submitted. Either way it is reviewed again (`pending`).
 */
export async function updateManagedTemplate(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  input: TemplateInputParsed,
) {
  const row = await repo.findLiveTemplate(deps.db, auth.clientId, id);
  if (!row) throw templateNotFound();
  if (
    row.name !== input.name ||
    row.language !== input.language ||
    (row.channelAccountId !== null && row.channelAccountId !== input.channelAccountId)
  )
    throw badRequest('template.nameFixed', { name: 'template.nameFixed' });
  const provider = await whatsappAccount(deps, auth.clientId, input.channelAccountId);
  const content = contentOf(input);
  const result = row.providerTemplateId
    ? await editProviderTemplate(provider.config, provider.secrets, row.providerTemplateId, content)
    : await createProviderTemplate(provider.config, provider.secrets, {
        name: row.name,
        language: row.language,
        ...content,
      });
  if (!result.ok) throw providerError(result);
  const providerId = 'id' in result.value ? String(result.value.id) : row.providerTemplateId;
  await deps.db
    .update(whatsappTemplates)
    .set({
      ...content,
      channelAccountId: input.channelAccountId,
      providerTemplateId: providerId,
      status: 'pending',
      rejectionReason: null,
      previousCategory: null,
      updatedAt: new Date(),
    })
    .where(and(eq(whatsappTemplates.clientId, auth.clientId), eq(whatsappTemplates.id, id)));
  await auditTemplate(deps, auth, id, row, { ...content, name: row.name, language: row.language });
  return getManagedTemplate(deps, auth, id);
}

/**
 * Deletes a template at the provider (a template it does not know is simply deleted here) and marks it
 * deleted: its name is blocked for 30 days (001 §4). An unreachable provider keeps it (503).
 */
export async function deleteManagedTemplate(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await repo.findLiveTemplate(deps.db, auth.clientId, id);
  if (!row) throw templateNotFound();
  if (row.providerTemplateId && row.channelAccountId) {
    const account = await getAccount(deps.db, auth.clientId, row.channelAccountId);
    if (account?.channel === 'WAP' && account.status === 'connected') {
      const result = await deleteProviderTemplate(
        whatsappConfigOf(account),
        openSecrets(deps, account),
        row.name,
      );
      if (!result.ok && result.unavailable) throw providerError(result);
    }
  }
  const now = new Date();
  await deps.db
    .update(whatsappTemplates)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(whatsappTemplates.clientId, auth.clientId), eq(whatsappTemplates.id, id)));
  await auditTemplate(deps, auth, id, row, null);
  return { ok: true as const };
}

/** A provider template's content in Sapa's shape (a template made in WhatsApp Manager). */
function contentFromProvider(t: ProviderTemplate) {
  const components = t.components ?? [];
  const of = (type: string) => components.find((c) => c.type?.toUpperCase() === type);
  const header = of('HEADER');
  const body = of('BODY');
  const samples = body?.example?.body_text?.[0] ?? [];
  const count = new Set((body?.text ?? '').match(/\{\{\s*\d+\s*\}\}/g) ?? []).size;
  const format = header?.format?.toLowerCase();
  const headerType = (
    format && ['text', 'image', 'video', 'document'].includes(format) ? format : 'none'
  ) as repo.TemplateRow['headerType'];
  return {
    headerType,
    headerText: headerType === 'text' ? (header?.text ?? null) : null,
    headerMediaUrl:
      headerType !== 'none' && headerType !== 'text' ? (header?.example?.header_handle?.[0] ?? null) : null,
    body: body?.text ?? '',
    footer: of('FOOTER')?.text ?? null,
    variables: Array.from({ length: count }, (_, i) => ({
      name: `var${i + 1}`,
      sample: samples[i] ?? '',
      contactField: null,
    })),
    buttons: (of('BUTTONS')?.buttons ?? []).flatMap((b): TemplateButton[] =>
      b.type === 'QUICK_REPLY' || b.type === 'PHONE_NUMBER' || b.type === 'URL'
        ? [
            {
              type: b.type,
              text: b.text,
              ...(b.phone_number ? { phoneNumber: b.phone_number.replace(/\D/g, '') } : {}),
              ...(b.url ? { url: b.url } : {}),
            },
          ]
        : [],
    ),
    templateType: count ? 'manual_variables' : 'static',
  };
}

/**
 * Pulls the template list of every connected WhatsApp account of the business: statuses, categories and
 * rejection reasons of known templates are refreshed; templates made elsewhere are added.
 */
export async function syncManagedTemplates(deps: ServerDeps, auth: AuthContext) {
  const accounts: ChannelAccountRow[] = await repo.listConnectedWhatsappAccounts(deps.db, auth.clientId);
  let created = 0;
  let updated = 0;
  for (const account of accounts) {
    const result = await listProviderTemplates(whatsappConfigOf(account), openSecrets(deps, account));
    if (!result.ok) throw providerError(result);
    const local = await deps.db
      .select()
      .from(whatsappTemplates)
      .where(and(eq(whatsappTemplates.clientId, auth.clientId), isNull(whatsappTemplates.deletedAt)));
    for (const t of result.value) {
      const status = templateStatusOf(t.status);
      if (status === 'deleted' || status === 'pending_deletion') continue;
      const category = t.category.toUpperCase();
      const mine = local.find(
        (r) => r.providerTemplateId === String(t.id) || (r.name === t.name && r.language === t.language),
      );
      const now = new Date();
      if (mine) {
        if (mine.status === status && mine.category === category && mine.providerTemplateId === String(t.id))
          continue;
        await deps.db
          .update(whatsappTemplates)
          .set({
            status,
            category,
            ...(category !== mine.category
              ? { previousCategory: mine.previousCategory ?? mine.category }
              : {}),
            rejectionReason: status === 'rejected' ? (t.rejected_reason ?? null) : null,
            providerTemplateId: String(t.id),
            channelAccountId: mine.channelAccountId ?? account.id,
            updatedAt: now,
          })
          .where(and(eq(whatsappTemplates.clientId, auth.clientId), eq(whatsappTemplates.id, mine.id)));
        updated++;
        continue;
      }
      const inserted = await deps.db
        .insert(whatsappTemplates)
        .values({
          clientId: auth.clientId,
          id: uuidv7(),
          channelAccountId: account.id,
          name: t.name,
          language: t.language,
          category,
          ...contentFromProvider(t),
          status,
          rejectionReason: status === 'rejected' ? (t.rejected_reason ?? null) : null,
          providerTemplateId: String(t.id),
          createdAt: now,
          updatedAt: now,
        })
        // The same name in another language: Sapa keeps one template per name (001 §5).
        .onConflictDoNothing()
        .returning({ id: whatsappTemplates.id });
      created += inserted.length;
    }
  }
  return { created, updated };
}

import {
  renderTemplateBody,
  type Template,
  type TemplateContactField,
  type TemplateUsage,
  templateValuesOf,
} from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/http/errors.js';
import * as repo from './templates.repository.js';

function toTemplate(row: repo.TemplateRow): Template {
  return {
    id: row.id,
    channelAccountId: row.channelAccountId,
    name: row.name,
    language: row.language,
    category: row.category,
    headerText: row.headerText,
    body: row.body,
    footer: row.footer,
    variables: row.variables,
    isFollowUp: row.isFollowUp,
    isNewMessage: row.isNewMessage,
  };
}

/** GET /api/templates: the templates an inbox action may use. */
export async function listTemplates(
  deps: ServerDeps,
  auth: AuthContext,
  query: { usage: TemplateUsage; channelAccountId?: string | undefined },
) {
  const rows = await repo.listUsableTemplates(deps.db, auth.clientId, query.usage, query.channelAccountId);
  return { items: rows.map(toTemplate) };
}

/** A Graph template component with its parameters (header media link, body texts). */
type TemplateComponent =
  | { type: 'header'; parameters: { type: 'image' | 'video' | 'document'; [kind: string]: unknown }[] }
  | { type: 'body'; parameters: { type: 'text'; text: string }[] };

/** The stored content of a template message: the rendered body for display, the Graph template to send. */
export interface TemplateMessageContent {
  text: string;
  payload: {
    template: {
      name: string;
      language: string;
      components: TemplateComponent[];
    };
    templateId: string;
  };
}

/**
 * Fills the template's variables (the agent's values, else the contact's fields; every one required, 400
 * naming the missing ones) into the Graph `components` and the rendered body. A media header is sent with
 * the template's sample media as its link.
 *
 * Broadcasts (issue 7): call this once per recipient with the maker's typed values and the recipient's
 * contact (`name`, `phone`, `email`); the result's `payload.template` is the Graph `template` object of
 * `POST /{phone-number-id}/messages` and `text` the message as the inbox shows it. List the templates a
 * broadcast may use with `listApprovedTemplates` (templates.repository.ts).
 */
export function renderTemplateMessage(
  template: Pick<repo.TemplateRow, 'id' | 'name' | 'language' | 'body' | 'variables'> &
    Partial<Pick<repo.TemplateRow, 'headerType' | 'headerMediaUrl'>>,
  typed: readonly string[],
  contact: Partial<Record<TemplateContactField, string | null>>,
): TemplateMessageContent {
  const values = templateValuesOf(template.variables, typed, contact);
  const missing = values.flatMap((v, i) => (v ? [] : [i]));
  if (missing.length)
    throw new AppError(400, 'template.variableRequired', {
      fields: Object.fromEntries(missing.map((i) => [`variables.${i}`, 'template.variableRequired'])),
    });
  const components: TemplateComponent[] = [];
  const kind = template.headerType;
  if ((kind === 'image' || kind === 'video' || kind === 'document') && template.headerMediaUrl)
    components.push({
      type: 'header',
      parameters: [{ type: kind, [kind]: { link: template.headerMediaUrl } }],
    });
  if (values.length)
    components.push({ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) });
  return {
    text: renderTemplateBody(template.body, values),
    payload: {
      template: { name: template.name, language: template.language, components },
      templateId: template.id,
    },
  };
}

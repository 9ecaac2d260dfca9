import type { WhatsappCloudConfig, WhatsappCloudSecrets } from '../channels/index.js';
import type { TemplateRow } from './templates.repository.js';

/**
 * The WhatsApp Business Management API calls of template management (reference/channel-protocols.md §1g):
 * create, edit, delete and list templates of the account's WABA. The base URL is the account's
 * `graphBaseUrl`, so the same code talks to Meta and to the simulator. The access token is only ever put in
 * the Authorization header, never logged.
 */

export interface ProviderTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components?: ProviderComponent[];
  rejected_reason?: string;
}

export interface ProviderComponent {
  type: string;
  format?: string;
  text?: string;
  example?: { body_text?: string[][]; header_handle?: string[]; header_text?: string[] };
  buttons?: { type: string; text: string; phone_number?: string; url?: string }[];
}

export type ProviderResult<T> =
  | { ok: true; value: T }
  | { ok: false; unavailable: boolean; status: number | null; code: number | null; message: string };

const TIMEOUT_MS = 15_000;

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_user_msg?: string; error_user_title?: string };
}

async function graph<T>(
  config: WhatsappCloudConfig,
  secrets: WhatsappCloudSecrets,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ProviderResult<T>> {
  let res: Response;
  try {
    res = await fetch(`${config.graphBaseUrl}/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secrets.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: false, unavailable: true, status: null, code: null, message: (err as Error).message };
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  if (res.ok) return { ok: true, value: json as T };
  const error = (json as GraphErrorBody | null)?.error;
  return {
    ok: false,
    unavailable: res.status >= 500 || res.status === 429,
    status: res.status,
    code: typeof error?.code === 'number' ? error.code : null,
    message: error?.error_user_msg || error?.message || `HTTP ${res.status}`,
  };
}

type Content = Pick<
  TemplateRow,
  'headerType' | 'headerText' | 'headerMediaUrl' | 'body' | 'footer' | 'variables' | 'buttons'
>;

/** The Graph `components` of a template (body positional, with the variables' samples as its example). */
function providerComponentsOf(t: Content): ProviderComponent[] {
  const components: ProviderComponent[] = [];
  if (t.headerType === 'text' && t.headerText)
    components.push({ type: 'HEADER', format: 'TEXT', text: t.headerText });
  else if (t.headerType !== 'none' && t.headerMediaUrl)
    components.push({
      type: 'HEADER',
      format: t.headerType.toUpperCase(),
      example: { header_handle: [t.headerMediaUrl] },
    });
  components.push({
    type: 'BODY',
    text: t.body,
    ...(t.variables.length ? { example: { body_text: [t.variables.map((v) => v.sample)] } } : {}),
  });
  if (t.footer) components.push({ type: 'FOOTER', text: t.footer });
  if (t.buttons.length)
    components.push({
      type: 'BUTTONS',
      buttons: t.buttons.map((b) =>
        b.type === 'PHONE_NUMBER'
          ? { type: b.type, text: b.text, phone_number: `+${(b.phoneNumber ?? '').replace(/^\+/, '')}` }
          : b.type === 'URL'
            ? { type: b.type, text: b.text, url: b.url ?? '' }
            : { type: b.type, text: b.text },
      ),
    });
  return components;
}

/** POST /{waba-id}/message_templates → `{ id, status, category }`. */
export function createProviderTemplate(
  config: WhatsappCloudConfig,
  secrets: WhatsappCloudSecrets,
  t: Content & Pick<TemplateRow, 'name' | 'language' | 'category'>,
) {
  return graph<{ id: string; status: string; category: string }>(
    config,
    secrets,
    'POST',
    `${config.wabaId}/message_templates`,
    {
      name: t.name,
      language: t.language,
      category: t.category,
      allow_category_change: true,
      parameter_format: 'POSITIONAL',
      components: providerComponentsOf(t),
    },
  );
}

/** POST /{template-id} with the new components and category (the template is reviewed again). */
export function editProviderTemplate(
  config: WhatsappCloudConfig,
  secrets: WhatsappCloudSecrets,
  providerTemplateId: string,
  t: Content & Pick<TemplateRow, 'category'>,
) {
  return graph<{ success: boolean }>(config, secrets, 'POST', encodeURIComponent(providerTemplateId), {
    category: t.category,
    components: providerComponentsOf(t),
  });
}

/** DELETE /{waba-id}/message_templates?name=… (every language of the name). */
export function deleteProviderTemplate(
  config: WhatsappCloudConfig,
  secrets: WhatsappCloudSecrets,
  name: string,
) {
  return graph<{ success: boolean }>(
    config,
    secrets,
    'DELETE',
    `${config.wabaId}/message_templates?name=${encodeURIComponent(name)}`,
  );
}

/** Every template of the WABA, following the paging cursors (at most `maxPages` pages of 100). */
export async function listProviderTemplates(
  config: WhatsappCloudConfig,
  secrets: WhatsappCloudSecrets,
  maxPages = 60,
): Promise<ProviderResult<ProviderTemplate[]>> {
  const all: ProviderTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const query = `limit=100&fields=name,components,language,status,category,id,rejected_reason${
      after ? `&after=${encodeURIComponent(after)}` : ''
    }`;
    const res = await graph<{
      data?: ProviderTemplate[];
      paging?: { cursors?: { after?: string }; next?: string };
    }>(config, secrets, 'GET', `${config.wabaId}/message_templates?${query}`);
    if (!res.ok) return res;
    const data = res.value.data ?? [];
    all.push(...data);
    after = res.value.paging?.cursors?.after;
    if (!res.value.paging?.next || !after || data.length === 0) break;
  }
  return { ok: true, value: all };
}

import { type GraphResult, sendMessage, uploadMedia } from '../../../../platform/whatsapp/graph-client.js';
import { whatsappConfigOf } from '../../channels.schema.js';
import { openSecrets } from '../../channels.service.js';
import type { ProviderSendResult, TemplateMessage, TemplateSending } from '../connector.js';
import { reasonOf } from './outbound.js';

/** 131056: the same customer got too many messages from the number just now; try that one a bit later. */
const PAIR_LIMIT_DELAY_MS = 6_000;

/** The Graph template message (without `messaging_product`/`to`): its values fill the body; '' is sent as '-'. */
export function graphTemplateMessageOf(m: Omit<TemplateMessage, 'to'>) {
  const components: Record<string, unknown>[] = [];
  if (m.header && 'mediaId' in m.header)
    components.push({ type: 'header', parameters: [{ type: 'image', image: { id: m.header.mediaId } }] });
  else if (m.header)
    components.push({
      type: 'header',
      parameters: [{ type: m.header.kind, [m.header.kind]: { link: m.header.link } }],
    });
  if (m.values.length)
    components.push({ type: 'body', parameters: m.values.map((v) => ({ type: 'text', text: v || '-' })) });
  return {
    type: 'template',
    template: {
      name: m.templateName,
      language: { code: m.templateLanguage },
      ...(components.length ? { components } : {}),
    },
    biz_opaque_callback_data: m.callbackKey,
  };
}

/**
 * A Graph failure in the engine's words: 130429 (the number's throughput) pauses the number, 131056 (this
 * customer's pair limit) is tried again later, a call without an HTTP answer is not known to have failed.
 */
function failureOf(
  r: Extract<GraphResult<unknown>, { ok: false }>,
): Extract<ProviderSendResult, { ok: false }> {
  return {
    ok: false,
    answered: r.status !== null,
    retryable: r.retryable || r.code === 131056,
    throttled: r.code === 130429,
    retryAfterMs: r.code === 131056 ? PAIR_LIMIT_DELAY_MS : null,
    reason: reasonOf(r.code, false),
    detail: r.title,
  };
}

/** WhatsApp Cloud template sends (broadcasts): POST /{phone-number-id}/messages, images uploaded once. */
export const whatsappTemplates: TemplateSending = {
  open(deps, account) {
    const config = whatsappConfigOf(account);
    const secrets = openSecrets(deps, account);
    return {
      async send(message) {
        const r = await sendMessage(config, secrets, message.to, graphTemplateMessageOf(message));
        return r.ok ? { ok: true, providerMessageId: r.value.messages?.[0]?.id ?? null } : failureOf(r);
      },
      async uploadMedia(file) {
        const r = await uploadMedia(config, secrets, file);
        if (!r.ok) return failureOf(r);
        const id = r.value?.id;
        // No id in a successful answer: a final failure, like a file Graph did not take.
        if (id) return { ok: true, id };
        return failureOf({
          ok: false,
          retryable: false,
          code: null,
          subcode: null,
          title: 'no media id',
          status: 200,
        });
      },
    };
  },
};

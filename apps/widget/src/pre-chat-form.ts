import type { WidgetConfig } from '@sapa/contracts';
import { ApiError } from './api.js';
import { h } from './dom.js';
import type { Labels } from './i18n.js';

/** What the visitor gave on the pre-chat form: the session is opened with it. */
export interface PreChatInput {
  name: string;
  fields: Record<string, string>;
  consent: true;
}

/**
 * The pre-chat form (001 §3 live chat: name, the account's fields, consent when it asks for it): checks each
 * field is filled, then `start`s the session; the server's field errors are shown under their fields.
 */
export function preChatForm(
  c: WidgetConfig,
  t: Labels,
  start: (input: PreChatInput) => Promise<void>,
): HTMLFormElement {
  const errors = new Map<string, HTMLSpanElement>();
  const field = (key: string, label: string, type: string, autocomplete: string) => {
    const err = h('span', { className: 'err', id: `e-${key}` });
    errors.set(key, err);
    return h(
      'label',
      {},
      label,
      h('input', {
        type,
        name: key,
        required: true,
        autocomplete,
        'aria-describedby': `e-${key}`,
        oninput: () => {
          err.textContent = '';
        },
      }),
      err,
    );
  };
  const inputTypeOf = (data: string) => (data === 'email' ? 'email' : data === 'phone' ? 'tel' : 'text');
  const consentErr = h('span', { className: 'err', id: 'e-consent' });
  const general = h('span', { className: 'err', role: 'alert' });
  const submit = h('button', { className: 'primary', type: 'submit' }, t.start);
  const form = h(
    'form',
    { className: 'pre', novalidate: true },
    field('name', t.name, 'text', 'name'),
    ...c.preChatForm.fields.map((f) =>
      field(
        `fields.${f.customizedData}`,
        f.label,
        inputTypeOf(f.customizedData),
        f.customizedData === 'email' ? 'email' : f.customizedData === 'phone' ? 'tel' : 'off',
      ),
    ),
    c.preChatForm.consentText
      ? h(
          'label',
          { className: 'consent' },
          h('input', {
            type: 'checkbox',
            name: 'consent',
            'aria-describedby': 'e-consent',
            onchange: () => {
              consentErr.textContent = '';
            },
          }),
          h('span', {}, c.preChatForm.consentText),
        )
      : null,
    consentErr,
    general,
    submit,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    for (const el of errors.values()) el.textContent = '';
    consentErr.textContent = '';
    general.textContent = '';
    const value = (name: string) =>
      (form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '').trim();
    let ok = true;
    for (const [key, el] of errors)
      if (!value(key)) {
        el.textContent = t.required;
        ok = false;
      }
    const consent = form.querySelector<HTMLInputElement>('input[name="consent"]');
    if (consent && !consent.checked) {
      consentErr.textContent = t.consentNeeded;
      ok = false;
    }
    if (!ok) return;
    submit.disabled = true;
    try {
      const fields = Object.fromEntries(
        c.preChatForm.fields.map((f) => [f.customizedData, value(`fields.${f.customizedData}`)]),
      );
      await start({ name: value('name'), fields, consent: true });
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        for (const [k, msg] of Object.entries(err.fields)) {
          const el = errors.get(k);
          if (el) el.textContent = msg;
          else general.textContent = msg;
        }
      } else general.textContent = err instanceof Error ? err.message : t.failed;
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

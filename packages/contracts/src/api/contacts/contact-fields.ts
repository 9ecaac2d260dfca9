import { z } from 'zod';
import type { MessageKey } from '../../messages.js';
import { parsePhone } from '../../phone.js';
import { defineEndpoint } from '../endpoint.js';

/** 001 §3 custom field types. */
export const CONTACT_FIELD_TYPES = [
  'text',
  'number',
  'date',
  'singleChoice',
  'multipleChoice',
  'phone',
  'email',
  'url',
] as const;
export type ContactFieldType = (typeof CONTACT_FIELD_TYPES)[number];
/** 001 §3 "validation type": whether a contact must have a value for the field. */
export const CONTACT_FIELD_VALIDATIONS = ['optional', 'required'] as const;
export type ContactFieldValidation = (typeof CONTACT_FIELD_VALIDATIONS)[number];
/** Types whose values are picked from the field's options. */
export const CHOICE_FIELD_TYPES: readonly ContactFieldType[] = ['singleChoice', 'multipleChoice'];
/** 001 §3 built-in fields, shown before the custom ones and not editable. */
export const BUILT_IN_CONTACT_FIELDS = ['name', 'number', 'group', 'birthDate', 'lastEducation'] as const;
export const CONTACT_FIELD_TITLE_MAX = 50;
export const CONTACT_FIELD_OPTION_MAX = 100;
export const CONTACT_FIELD_OPTIONS_MAX = 50;
/** Text values of custom fields. */
export const CONTACT_FIELD_TEXT_MAX = 1000;

export const contactFieldSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  type: z.enum(CONTACT_FIELD_TYPES),
  options: z.array(z.string()),
  validation: z.enum(CONTACT_FIELD_VALIDATIONS),
  display: z.boolean(),
  createdAt: z.number(),
});
export type ContactField = z.infer<typeof contactFieldSchema>;

/** 001 §5 custom field: title, type, option and validation are required; each option is required. */
export const contactFieldInputSchema = z
  .object({
    title: z
      .string({ error: 'contacts.fieldTitleRequired' })
      .trim()
      .min(1, 'contacts.fieldTitleRequired')
      .max(CONTACT_FIELD_TITLE_MAX, 'validation.max50'),
    type: z.enum(CONTACT_FIELD_TYPES, { error: 'contacts.fieldTypeRequired' }),
    options: z
      .array(
        z
          .string({ error: 'contacts.optionRequired' })
          .trim()
          .min(1, 'contacts.optionRequired')
          .max(CONTACT_FIELD_OPTION_MAX, 'contacts.max100'),
      )
      .max(CONTACT_FIELD_OPTIONS_MAX, 'contacts.optionsMax')
      .default([]),
    validation: z.enum(CONTACT_FIELD_VALIDATIONS, { error: 'contacts.fieldValidationRequired' }),
    display: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    const choice = CHOICE_FIELD_TYPES.includes(input.type);
    if (choice && input.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'contacts.optionRequired' });
    if (new Set(input.options.map((o) => o.toLowerCase())).size !== input.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'contacts.optionDuplicate' });
  })
  .transform((input) => ({
    ...input,
    options: CHOICE_FIELD_TYPES.includes(input.type) ? input.options : [],
  }));
export type ContactFieldInput = z.input<typeof contactFieldInputSchema>;

const URL_PATTERN = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+[^\s]*$/i;
const emailValue = z.string().email();

/**
 * A contact's value for a custom field, checked by the field's type (001 §3): the value to store, or the
 * message key of what is wrong. Empty (null, '', []) is no value; a required field refuses it.
 */
export function checkContactFieldValue(
  field: Pick<ContactField, 'type' | 'options' | 'validation'>,
  raw: unknown,
): { ok: true; value: string | number | string[] | null } | { ok: false; message: MessageKey } {
  const empty =
    raw === null ||
    raw === undefined ||
    (typeof raw === 'string' && raw.trim() === '') ||
    (Array.isArray(raw) && raw.length === 0);
  if (empty)
    return field.validation === 'required'
      ? { ok: false, message: 'validation.fieldRequired' }
      : { ok: true, value: null };
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : null;
  switch (field.type) {
    case 'text':
      if (text === null) return { ok: false, message: 'validation.invalid' };
      return text.length > CONTACT_FIELD_TEXT_MAX
        ? { ok: false, message: 'validation.max1000' }
        : { ok: true, value: text };
    case 'number': {
      const n = text === null ? Number.NaN : Number(text.replace(',', '.'));
      return Number.isFinite(n) && text !== ''
        ? { ok: true, value: n }
        : { ok: false, message: 'contacts.valueNumber' };
    }
    case 'date':
      return text !== null &&
        /^\d{4}-\d{2}-\d{2}$/.test(text) &&
        !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
        ? { ok: true, value: text }
        : { ok: false, message: 'contacts.valueDate' };
    case 'singleChoice':
      return text !== null && field.options.includes(text)
        ? { ok: true, value: text }
        : { ok: false, message: 'contacts.valueChoice' };
    case 'multipleChoice': {
      const picked = Array.isArray(raw) ? raw : text !== null ? [text] : [];
      const ok = picked.every((v) => typeof v === 'string' && field.options.includes(v));
      return ok
        ? { ok: true, value: [...new Set(picked as string[])] }
        : { ok: false, message: 'contacts.valueChoice' };
    }
    case 'phone': {
      const parsed = parsePhone(text ?? '', 'contact');
      return parsed.ok ? { ok: true, value: parsed.phone } : { ok: false, message: parsed.problem };
    }
    case 'email':
      return text !== null && emailValue.safeParse(text).success
        ? { ok: true, value: text.toLowerCase() }
        : { ok: false, message: 'validation.email' };
    case 'url':
      return text !== null && URL_PATTERN.test(text)
        ? { ok: true, value: text }
        : { ok: false, message: 'contacts.valueUrl' };
  }
}

export const contactFieldEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/contact-fields',
    response: z.object({ items: z.array(contactFieldSchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/contact-fields',
    body: contactFieldInputSchema,
    response: contactFieldSchema,
  }),
  /** 001 §3: a field cannot be deleted once added; its type cannot change either (stored values follow it). */
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/contact-fields/:id',
    body: contactFieldInputSchema,
    response: contactFieldSchema,
  }),
} as const;

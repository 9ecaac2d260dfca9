import { MultiSelect, Select, TextInput } from '@mantine/core';
import type { ContactField } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

export type CustomValue = string | string[];

/** The input of one custom field by its type (001 §3): text, number, date, choices, phone, email, URL. */
export function CustomFieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: ContactField;
  value: CustomValue | undefined;
  error: string | undefined;
  onChange: (value: CustomValue) => void;
}) {
  const { t } = useTranslation();
  const common = {
    label: field.title,
    withAsterisk: field.validation === 'required',
    error,
  };
  if (field.type === 'singleChoice')
    return (
      <Select
        {...common}
        data={field.options}
        value={typeof value === 'string' && value ? value : null}
        onChange={(picked) => onChange(picked ?? '')}
        placeholder={t('contacts.form.choose')}
        clearable
      />
    );
  if (field.type === 'multipleChoice')
    return (
      <MultiSelect
        {...common}
        data={field.options}
        value={Array.isArray(value) ? value : []}
        onChange={onChange}
        placeholder={t('contacts.form.choose')}
        clearable
      />
    );
  const types: Record<string, { type: string; inputMode?: 'decimal' | 'tel' | 'email' | 'url' }> = {
    number: { type: 'text', inputMode: 'decimal' },
    date: { type: 'date' },
    phone: { type: 'tel', inputMode: 'tel' },
    email: { type: 'email', inputMode: 'email' },
    url: { type: 'url', inputMode: 'url' },
  };
  const input = types[field.type] ?? { type: 'text' };
  return (
    <TextInput
      {...common}
      type={input.type}
      inputMode={input.inputMode}
      placeholder={field.type === 'url' ? 'https://' : undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** A stored value as the input holds it. */
export function inputValueOf(stored: unknown): CustomValue | undefined {
  if (Array.isArray(stored)) return stored.map(String);
  if (stored === null || stored === undefined) return undefined;
  return String(stored);
}

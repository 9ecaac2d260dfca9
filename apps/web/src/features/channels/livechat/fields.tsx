import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a section needs from the page: the values, a patch setter and each path's translated problem. */
export interface SectionProps<V> {
  values: V;
  set: (patch: Partial<V>) => void;
  error: (path: string) => string | undefined;
}

/**
 * A text field with a live character counter under it (001 §5 limits: title 30, message 80). The counter
 * turns red past the limit; the contract's message shows on save. No `maxLength`, so a paste over the limit
 * is visible and explained instead of silently cut.
 */
export function CountedInput({
  label,
  value,
  max,
  onChange,
  error,
  multiline,
  required = true,
  hint,
}: {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  error: string | undefined;
  multiline?: boolean;
  required?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation();
  const count = value.trim().length;
  const counter = t('livechatSettings.characters', { count, max });
  const props = {
    label,
    value,
    required,
    error,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
    description: hint ? `${hint} · ${counter}` : counter,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
      | 'label'
      | 'input'
      | 'description'
      | 'error'
    )[],
    styles: { description: { color: count > max ? 'var(--mantine-color-red-7)' : undefined } },
  };
  return multiline ? <Textarea autosize minRows={2} maxRows={6} {...props} /> : <TextInput {...props} />;
}

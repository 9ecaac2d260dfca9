import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { limitState } from '../forms/limit';
import { currentLanguage } from '../i18n';
import { formatNumber } from '../time';

/**
 * Props for a Mantine text input or textarea with a length limit: the counter under the field near the
 * limit (after the field's own hint), the limit's message once over it (unless the field has its own
 * error). No `maxLength`: a paste over the limit stays whole and the form refuses it (issue 16 §3), instead of
 * the browser cutting it silently.
 */
export function limitProps(
  value: string,
  max: number,
  t: TFunction,
  own: { description?: string | undefined; error?: ReactNode } = {},
) {
  const state = limitState(value, max);
  const language = currentLanguage();
  const counter = state.showCounter
    ? t('common.characterCount', {
        count: formatNumber(state.count, language),
        max: formatNumber(max, language),
      })
    : undefined;
  const overLimit = state.over ? t('common.overLimit', { max: formatNumber(max, language) }) : undefined;
  return {
    description: [own.description, counter].filter(Boolean).join(' · ') || undefined,
    error: own.error || overLimit,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
      | 'label'
      | 'input'
      | 'description'
      | 'error'
    )[],
  };
}

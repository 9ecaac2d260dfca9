import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n';

/**
 * Translates a message key (contract validation key, web key) at render time, so messages follow a
 * language switch. Server texts, already translated, pass through unchanged.
 */
export function useMessage(): (keyOrText: string | null | undefined) => string | undefined {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (keyOrText) => (keyOrText ? translateMessage(keyOrText, language === 'en' ? 'en' : 'id') : undefined),
    [language],
  );
}

import { DEFAULT_LANGUAGE, isMessageKey, LANGUAGES, type Language, translate } from '@sapa/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import id from './locales/id.json';

/** Where the chosen language is remembered (000 §1: Indonesian by default, English offered). */
export const LANGUAGE_STORAGE_KEY = 'sapa.language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen in this browser with the language switch, if any. */
export function chosenLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

void i18n.use(initReactI18next).init({
  resources: { id: { translation: id }, en: { translation: en } },
  lng: chosenLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

document.documentElement.lang = i18n.language;

/** The language the UI shows (and the API client sends as Accept-Language). */
export function currentLanguage(): Language {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/**
 * Translates a message key coming from the contracts (zod validation messages such as 'password.min8',
 * 'validation.max15') or from the web's own catalogue. Unknown keys are returned as they are, so a
 * server text that is already translated passes through unchanged.
 */
export function translateMessage(key: string, language: Language = currentLanguage()): string {
  if (isMessageKey(key)) return translate(key, language);
  if (i18n.exists(key, { lng: language })) return i18n.t(key, { lng: language });
  return key;
}

export { i18n };

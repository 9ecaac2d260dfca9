import { accountEndpoints, type Language, type Me } from '@sapa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { changeLanguage, currentLanguage } from '../i18n';
import { call } from './client';
import { queryKeys } from './queries';
import { getSession, subscribeSession } from './session';

/**
 * The language is kept on the user (issue 16 §9), so it follows them to a new browser: the user's language
 * is applied on sign-in (a session where there was none, in this tab or another), by the first `me` the
 * guard loads after it. Between sign-ins the browser's own choice stands.
 */
let signedIn = getSession() !== null;
let signInPending = false;
subscribeSession(() => {
  const now = getSession() !== null;
  if (now && !signedIn) signInPending = true;
  signedIn = now;
});

/** Called with every `me` the guard loads: right after a sign-in, the user's own language. */
export async function applyUserLanguage(me: Me): Promise<void> {
  if (!signInPending) return;
  signInPending = false;
  const saved = me.user.language;
  if (saved && saved !== currentLanguage()) await changeLanguage(saved);
}

/** The language switch of a signed-in user: the UI changes at once, the user's record follows. */
export async function saveUserLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  await changeLanguage(language);
  const result = await call(accountEndpoints.language, { body: { language } });
  const me = queryClient.getQueryData<Me>(queryKeys.me);
  if (result.ok && me) queryClient.setQueryData<Me>(queryKeys.me, { ...me, user: { ...me.user, language } });
}

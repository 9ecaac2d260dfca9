import { notifications } from '@mantine/notifications';
import { type AppInfo, activityEndpoints, can, HOME_PATH, type Me } from '@sapa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import {
  ApiError,
  accessSubjectOf,
  applyUserLanguage,
  call,
  chatCreditQuery,
  getSession,
  meQuery,
} from '../shared/api';
import { translateMessage } from '../shared/i18n';
import { LOGIN_PATH, type ShellRoute } from './routes';

export interface GuardContext {
  queryClient: QueryClient;
  info: AppInfo;
}

/** `/login?redirect=<path+query>`: where a signed-out user goes, keeping where they were heading. */
export function loginRedirectUrl(url: URL): string {
  const target = `${url.pathname}${url.search}`;
  return target === '/' || target === HOME_PATH
    ? LOGIN_PATH
    : `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

const FORBIDDEN_NOTIFICATION_ID = 'access-forbidden';

function showForbidden(info: AppInfo): void {
  // 000 §2: the message is shown except for brands that turn it off (SmartChat).
  if (!info.partner.showForbiddenMessage) return;
  notifications.hide(FORBIDDEN_NOTIFICATION_ID);
  notifications.show({
    id: FORBIDDEN_NOTIFICATION_ID,
    color: 'red',
    message: translateMessage('access.forbidden'),
  });
}

/**
 * The route guard of 000 §2, run before a protected page renders:
 * signed out → /login?redirect=…; no READ on the route's permission → /dashboard with the forbidden
 * message; the user's own language is applied; then the chat-credit balance is refreshed (failure ignored) and the visit tracked.
 */
export function guardLoader(route: ShellRoute, { queryClient, info }: GuardContext) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (!getSession()) throw redirect(loginRedirectUrl(url));

    let me: Me;
    try {
      me = await queryClient.ensureQueryData({ ...meQuery, revalidateIfStale: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw redirect(loginRedirectUrl(url));
      throw error;
    }
    if (!getSession()) throw redirect(loginRedirectUrl(url));
    // The language kept on the user (issue 16 §9), before the page renders.
    await applyUserLanguage(me);

    const subject = accessSubjectOf(me);
    if (route.permission && !can(subject, route.permission, 'READ') && route.path !== HOME_PATH) {
      showForbidden(info);
      throw redirect(HOME_PATH);
    }
    if (route.redirectWhenAllowed && can(subject, route.redirectWhenAllowed.permission, 'READ')) {
      throw redirect(`${route.redirectWhenAllowed.to}${url.search}`);
    }
    if (route.requiredQuery?.names.some((name) => !url.searchParams.get(name))) {
      throw redirect(route.requiredQuery.fallback);
    }

    // 000 §2: the chat-credit balance on every protected navigation; failure ignored.
    queryClient.fetchQuery(chatCreditQuery).catch(() => undefined);
    // 000 §7 page-visit tracker: fire and forget.
    if (route.path !== '*') {
      void call(activityEndpoints.pageVisit, { body: { pageName: route.path, additionalData: {} } });
    }
    return null;
  };
}

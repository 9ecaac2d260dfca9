import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications, notifications } from '@mantine/notifications';
import { type AppInfo, activityEndpoints, appEndpoints, SNACKBAR_AUTO_CLOSE_MS } from '@sapa/contracts';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { isSigningOut } from '../features/identity/signOut';
import {
  ApiError,
  call,
  getSession,
  request,
  setLoadedVersion,
  setSessionExpiredHandler,
  startNetworkLog,
  subscribeSession,
} from '../shared/api';
import { translateMessage } from '../shared/i18n';
import { startPushDevice, startServiceWorker } from '../shared/push';
import { BootError } from '../shared/ui/BootError';
import { PageLoader } from '../shared/ui/PageLoader';
import { AppInfoProvider } from './appInfo';
import { type GuardContext, loginRedirectUrl } from './guard';
import { type AppRouter, createAppRouter, SHELL_ROUTE_ID } from './router';
import { createAppTheme } from './theme';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Client errors (4xx) are answers, not glitches: do not retry them.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  // The service worker (Web Push) and 000 §1's version rule, once per page.
  useEffect(() => {
    void startServiceWorker();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Boot />
    </QueryClientProvider>
  );
}

/** GET /api/app/info at boot: brand, colour, flags and the version this page was loaded with. */
function Boot() {
  const info = useQuery({
    queryKey: ['app', 'info'],
    queryFn: ({ signal }) => request(appEndpoints.info, { signal, auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  if (info.data) return <Ready info={info.data} />;
  return (
    <MantineProvider theme={createAppTheme('teal')}>
      {info.isError ? <BootError error={info.error} onRetry={() => void info.refetch()} /> : <PageLoader />}
    </MantineProvider>
  );
}

let routerInstance: AppRouter | null = null;

/** One router per page: creating it starts the loaders, so it must not be created twice (StrictMode). */
function appRouter(context: GuardContext): AppRouter {
  if (!routerInstance) {
    setLoadedVersion(context.info.version);
    routerInstance = createAppRouter(context);
  }
  return routerInstance;
}

function Ready({ info }: { info: AppInfo }) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const router = appRouter({ queryClient, info });
  const theme = useMemo(() => createAppTheme(info.partner.primaryColor), [info.partner.primaryColor]);

  useEffect(() => {
    // 000 §7: a failed refresh ends the session; say so, the subscription below goes to /login.
    setSessionExpiredHandler(() => {
      notifications.show({
        id: 'session-expired',
        color: 'orange',
        message: translateMessage('auth.sessionExpired'),
      });
    });
    return subscribeSession(() => {
      if (getSession() || isSigningOut()) return;
      const inShell = router.state.matches.some((match) => match.route.id === SHELL_ROUTE_ID);
      if (!inShell) return;
      void router
        .navigate(loginRedirectUrl(new URL(window.location.href)), { replace: true })
        .then(() => queryClient.clear());
    });
  }, [router, queryClient]);

  // 000 §7 pushnotif/status: this tab's presence while signed in, and its Web Push subscription.
  useEffect(() => startPushDevice(), []);

  // 000 §9 network log: a summary of the last requests every 60 s while signed in (000 §6: kept for listed clients).
  useEffect(
    () =>
      startNetworkLog(async (body) => {
        if (!getSession()) return { ok: false, status: 0 };
        const result = await call(activityEndpoints.clientLog, { body });
        return { ok: result.ok, status: result.status };
      }, info.version),
    [info.version],
  );

  return (
    <AppInfoProvider info={info}>
      <MantineProvider theme={theme}>
        <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'id', firstDayOfWeek: 1 }}>
          {/* Bottom right: toasts never cover the header's user menu (issue 16 §9). */}
          <Notifications autoClose={SNACKBAR_AUTO_CLOSE_MS} position="bottom-right" />
          <RouterProvider router={router} />
        </DatesProvider>
      </MantineProvider>
    </AppInfoProvider>
  );
}

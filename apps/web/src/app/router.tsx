import { createBrowserRouter, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { PageLoader } from '../shared/ui/PageLoader';
import { RouteErrorPage } from '../shared/ui/RouteErrorPage';
import { type GuardContext, guardLoader } from './guard';
import { publicNotAvailablePage, publicPageOf, shellNotAvailablePage, shellPageOf } from './pages';
import { RootLayout } from './RootLayout';
import { NOT_FOUND_ROUTE, PUBLIC_ROUTES, REDIRECT_ROUTES, SHELL_ROUTES } from './routes';
import { Shell } from './shell/Shell';

export const SHELL_ROUTE_ID = 'shell';

/** React Router (data mode) built from the route table of spec 000 §2. */
export function createAppRouter(context: GuardContext) {
  return createBrowserRouter([
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        ...PUBLIC_ROUTES.map((route) => ({
          path: route.path,
          handle: route,
          lazy: publicPageOf(route.path) ?? publicNotAvailablePage,
        })),
        {
          id: SHELL_ROUTE_ID,
          path: '/',
          element: <Shell />,
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, loader: () => redirect('/dashboard'), element: <PageLoader /> },
            ...SHELL_ROUTES.map((route) => ({
              path: route.path,
              handle: route,
              loader: guardLoader(route, context),
              // A query change on the same page (a tab, a filter) is not a new visit.
              shouldRevalidate: ({
                currentUrl,
                nextUrl,
                defaultShouldRevalidate,
              }: ShouldRevalidateFunctionArgs) =>
                route.requiredQuery || route.redirectWhenAllowed
                  ? defaultShouldRevalidate
                  : currentUrl.pathname !== nextUrl.pathname,
              lazy: shellPageOf(route.path) ?? shellNotAvailablePage,
              errorElement: <RouteErrorPage />,
            })),
            {
              path: '*',
              handle: NOT_FOUND_ROUTE,
              loader: guardLoader(NOT_FOUND_ROUTE, context),
              lazy: () => import('../shared/ui/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
            },
          ],
        },
        ...REDIRECT_ROUTES.filter((route) => route.path !== '/').map((route) => ({
          path: route.path,
          loader: () => redirect(route.to),
          element: <PageLoader />,
        })),
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

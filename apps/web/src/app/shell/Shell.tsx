import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can } from '@sapa/contracts';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ConsentDialog } from '../../features/consent/ConsentDialog';
import { DesktopNotifications } from '../../features/inbox/notifications';
import { accessSubjectOf, useMe } from '../../shared/api';
import { RealtimeProvider } from '../../shared/realtime';
import { ErrorState } from '../../shared/ui/ErrorState';
import { PageLoader } from '../../shared/ui/PageLoader';
import { ShellHeader } from './ShellHeader';
import { ShellNavbar } from './ShellNavbar';

/** The authenticated shell (000 §2): header, navbar of permitted menus, the page, the consent dialog. */
export function Shell() {
  const me = useMe();
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();

  // Close the mobile navbar after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => {
    nav.close();
  }, [location.pathname]);

  if (!me.data) {
    return me.isError ? <ErrorState error={me.error} onRetry={() => void me.refetch()} /> : <PageLoader />;
  }

  const inbox = can(accessSubjectOf(me.data), 'CUSTOMER_SERVICE_INBOX');
  return (
    <RealtimeProvider clientId={me.data.client.id} enabled={inbox}>
      {inbox ? <DesktopNotifications /> : null}
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <AppShell.Header>
          <ShellHeader me={me.data} navOpened={navOpened} onToggleNav={nav.toggle} />
        </AppShell.Header>
        <AppShell.Navbar>
          <ShellNavbar me={me.data} />
        </AppShell.Navbar>
        <AppShell.Main bg="var(--mantine-color-gray-0)">
          <Outlet />
        </AppShell.Main>
        <ConsentDialog me={me.data} />
      </AppShell>
    </RealtimeProvider>
  );
}

import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can, type Me } from '@sapa/contracts';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ConsentDialog } from '../../features/activity/ConsentDialog';
import { CallDock } from '../../features/calls';
import { DesktopNotifications } from '../../features/conversations/notifications';
import { PlanGate } from '../../features/subscriptions/PlanGate';
import { SubscriptionBanner } from '../../features/subscriptions/SubscriptionBanner';
import { accessSubjectOf, useMe } from '../../shared/api';
import { RealtimeProvider } from '../../shared/realtime';
import { QueryState } from '../../shared/ui/QueryState';
import { useRouteMeta } from '../useRouteMeta';
import { ShellHeader } from './ShellHeader';
import { ShellNavbar } from './ShellNavbar';

/** The authenticated shell (000 §2): header, navbar of permitted menus, the page, the consent dialog. */
export function Shell() {
  const me = useMe();
  return <QueryState query={me}>{(data) => <SignedInShell me={data} />}</QueryState>;
}

function SignedInShell({ me }: { me: Me }) {
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();

  // Close the mobile navbar after navigating (a tap on the current page closes it too, see ShellNavbar).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => {
    nav.close();
  }, [location.pathname]);

  const inbox = can(accessSubjectOf(me), 'CUSTOMER_SERVICE_INBOX');
  const meta = useRouteMeta();
  const isOwner = me.role === 'OWN' || me.role === 'SAD';
  return (
    <RealtimeProvider clientId={me.client.id} enabled={inbox}>
      {inbox ? <DesktopNotifications /> : null}
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <AppShell.Header>
          <ShellHeader me={me} navOpened={navOpened} onToggleNav={nav.toggle} />
        </AppShell.Header>
        <AppShell.Navbar>
          <ShellNavbar me={me} onNavigate={nav.close} />
        </AppShell.Navbar>
        <AppShell.Main bg="var(--mantine-color-gray-0)">
          <SubscriptionBanner isOwner={isOwner} />
          <PlanGate permission={meta?.kind === 'shell' ? meta.permission : null} isOwner={isOwner}>
            <Outlet />
          </PlanGate>
        </AppShell.Main>
        <ConsentDialog me={me} />
        <CallDock me={me} />
      </AppShell>
    </RealtimeProvider>
  );
}

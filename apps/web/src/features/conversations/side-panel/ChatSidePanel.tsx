import { ActionIcon, Box, Divider, Drawer, Stack, Title, Tooltip } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { can, type Me, type TicketSummary } from '@sapa/contracts';
import { IconLayoutSidebarRight, IconLayoutSidebarRightCollapse } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf } from '../../../shared/api';
import { TicketFormSection, useTicketTimeTracker } from '../../ticket-forms';
import { ContactPanel } from './ContactPanel';
import { MARKETPLACE_CHANNELS, MarketplacePanel } from './MarketplacePanel';
import { TicketAuditLog } from './TicketAuditLog';
import { TicketPropertiesPanel } from './TicketPropertiesPanel';
import { TransferHistory } from './TransferHistory';

/** Wide enough for the chat and the panel side by side; narrower screens get a drawer. */
const INLINE_QUERY = '(min-width: 75em)';
const PANEL_WIDTH = 300;

interface PanelState {
  opened: boolean;
  toggle: () => void;
}
const PanelContext = createContext<PanelState | null>(null);

/**
 * The chat room with its side panel (000 §2 inbox: ticket properties and contact detail panel): a
 * collapsible column on wide screens (the choice is remembered), a drawer on narrow ones.
 */
export function ChatRoomLayout({
  ticket,
  me,
  children,
}: {
  ticket: TicketSummary;
  me: Me;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // 000 §3 time tracker: the time this chat room is on screen.
  useTicketTimeTracker(ticket.id, ticket.status);
  const inline = useMediaQuery(INLINE_QUERY, true) ?? true;
  const [inlineOpened, setInlineOpened] = useLocalStorage({
    key: 'sapa.inbox.sidePanel',
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const [drawerOpened, setDrawerOpened] = useState(false);
  const opened = inline ? inlineOpened : drawerOpened;
  const state = useMemo<PanelState>(
    () => ({
      opened,
      toggle: () => (inline ? setInlineOpened((v) => !v) : setDrawerOpened((v) => !v)),
    }),
    [opened, inline, setInlineOpened],
  );

  return (
    <PanelContext.Provider value={state}>
      <Box style={{ display: 'flex', height: '100%', minHeight: 0 }}>
        <Stack gap={0} style={{ flex: 1, minWidth: 0, minHeight: 0 }} data-testid="chat-room">
          {children}
        </Stack>
        {inline && opened ? (
          <Box
            component="aside"
            aria-label={t('ticketPanel.title')}
            w={PANEL_WIDTH}
            p="sm"
            style={{
              flexShrink: 0,
              overflowY: 'auto',
              borderLeft: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <ChatSidePanel ticket={ticket} me={me} />
          </Box>
        ) : null}
      </Box>
      {inline ? null : (
        <Drawer
          opened={drawerOpened}
          onClose={() => setDrawerOpened(false)}
          position="right"
          size={PANEL_WIDTH + 40}
          title={t('ticketPanel.title')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <ChatSidePanel ticket={ticket} me={me} />
        </Drawer>
      )}
    </PanelContext.Provider>
  );
}

/** The header button that shows or hides the side panel. */
export function ChatSidePanelToggle() {
  const { t } = useTranslation();
  const state = useContext(PanelContext);
  if (!state) return null;
  const label = state.opened ? t('ticketPanel.hide') : t('ticketPanel.show');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={state.opened ? 'light' : 'default'}
        size="input-xs"
        onClick={state.toggle}
        aria-label={label}
        aria-expanded={state.opened}
        data-testid="side-panel-toggle"
      >
        {state.opened ? (
          <IconLayoutSidebarRightCollapse size={16} aria-hidden />
        ) : (
          <IconLayoutSidebarRight size={16} aria-hidden />
        )}
      </ActionIcon>
    </Tooltip>
  );
}

function ChatSidePanel({ ticket, me }: { ticket: TicketSummary; me: Me }) {
  const { t } = useTranslation();
  const subject = accessSubjectOf(me);
  return (
    <Stack gap="md">
      {MARKETPLACE_CHANNELS.includes(ticket.channel) ? (
        <>
          <section aria-labelledby="side-panel-marketplace">
            <Title order={3} size="h6" id="side-panel-marketplace" mb="xs">
              {t('marketplacePanel.title')}
            </Title>
            <MarketplacePanel ticket={ticket} />
          </section>
          <Divider />
        </>
      ) : null}
      <section aria-labelledby="side-panel-ticket">
        <Title order={3} size="h6" id="side-panel-ticket" mb="xs">
          {t('ticketPanel.ticketSection', { id: ticket.displayId })}
        </Title>
        <TicketPropertiesPanel
          ticket={ticket}
          disabled={!can(subject, 'CUSTOMER_SERVICE_INBOX', 'UPDATE')}
          canManageCategories={can(subject, 'CUSTOMER_SERVICE_SETTING', 'UPDATE')}
        />
      </section>
      <Divider />
      <TicketFormSection ticket={ticket} disabled={!can(subject, 'CUSTOMER_SERVICE_INBOX', 'UPDATE')} />
      <Divider />
      <section aria-labelledby="side-panel-transfers">
        <Title order={3} size="h6" id="side-panel-transfers" mb="xs">
          {t('teams.transfers.title')}
        </Title>
        <TransferHistory ticket={ticket} />
      </section>
      <Divider />
      <section aria-labelledby="side-panel-audit">
        <Title order={3} size="h6" id="side-panel-audit" mb="xs">
          {t('teams.audit.title')}
        </Title>
        <TicketAuditLog ticket={ticket} />
      </section>
      <Divider />
      <section aria-labelledby="side-panel-contact">
        <Title order={3} size="h6" id="side-panel-contact" mb="xs">
          {t('contactPanel.title')}
        </Title>
        <ContactPanel ticket={ticket} canEdit={can(subject, 'CONTACT', 'UPDATE')} />
      </section>
    </Stack>
  );
}

import { ActionIcon, Alert, Avatar, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CHANNELS, can, type Me, replyWindowOf, type TicketSummary } from '@sapa/contracts';
import { IconArrowLeft, IconCircleCheck, IconClock, IconUserShare } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelBadge, isExpired, StatusBadge, timeLeft, useTicket } from '../../../entities/ticket';
import { accessSubjectOf } from '../../../shared/api';
import { translateMessage } from '../../../shared/i18n';
import { useRealtime } from '../../../shared/realtime';
import { QueryState } from '../../../shared/ui/QueryState';
import { CreateTransactionButton, useCartDiscardGuard } from '../../orders';
import { useCsMe } from '../../teams/api';
import { useMarkRead } from '../api';
import { Composer } from '../composer/Composer';
import { ChatRoomLayout, ChatSidePanelToggle } from '../side-panel/ChatSidePanel';
import { FollowUpTemplateButton } from '../templates/FollowUpTemplateDialog';
import { AssignDialog } from './AssignDialog';
import { MessageList } from './MessageList';
import { ResolveDialog } from './ResolveDialog';

function ChatFooter({ ticket, me, onResolve }: { ticket: TicketSummary; me: Me; onResolve: () => void }) {
  const { t } = useTranslation();
  if (ticket.status === 'resolved') {
    return (
      <Alert color="green" radius={0} icon={<IconCircleCheck aria-hidden />} data-testid="chat-resolved">
        {translateMessage('inbox.ticketClosed')}
        {/* Issue 16 §5: the note typed when resolving ends the chat's timeline. */}
        {ticket.resolveNote ? (
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('inbox.resolvedWithNote', { note: ticket.resolveNote })}
          </Text>
        ) : null}
      </Alert>
    );
  }
  // 000 §4 by the channel table: WhatsApp a follow-up template, Messenger and Instagram the Human Agent tag
  // until 7 days, then (and on other channels) resolving.
  const replyWindow = replyWindowOf(
    ticket.channel,
    {
      lastCustomerMessageAt: ticket.lastCustomerMessageAt,
      expired: ticket.status === 'expired',
    },
    Date.now(),
  );
  if (replyWindow === 'humanAgentTag')
    return (
      <>
        <Alert color="blue" radius={0} icon={<IconClock aria-hidden />} data-testid="chat-human-agent">
          <Text size="sm">{t('inbox.humanAgentTag')}</Text>
        </Alert>
        <Composer ticketId={ticket.id} me={me} />
      </>
    );
  if (replyWindow !== 'open' || isExpired(ticket)) {
    if (replyWindow === 'followUpTemplate') {
      return (
        <Alert color="orange" radius={0} icon={<IconClock aria-hidden />} data-testid="chat-expired">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{translateMessage('inbox.expiredWhatsapp')}</Text>
            <FollowUpTemplateButton ticket={ticket} />
          </Stack>
        </Alert>
      );
    }
    return (
      <Alert color="orange" radius={0} icon={<IconClock aria-hidden />} data-testid="chat-expired">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{translateMessage('inbox.expiredResolve')}</Text>
          <Button size="xs" color="green" onClick={onResolve}>
            {t('inbox.resolve')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Composer ticketId={ticket.id} me={me} />;
}

/** The chat room of one ticket: header with its actions, the history, the composer. */
export function ChatRoom({ ticketId, me, onBack }: { ticketId: string; me: Me; onBack: () => void }) {
  const { t } = useTranslation();
  const ticket = useTicket(ticketId);
  const markRead = useMarkRead();
  const [assignOpened, assign] = useDisclosure(false);
  const [resolveOpened, resolve] = useDisclosure(false);
  const canPickUsers = can(accessSubjectOf(me), 'SETTING_ADMIN');
  // 000 §6: only supervisors (and owners or admins without a CS position) assign chats.
  const canAssign = useCsMe().data?.capabilities.canAssign ?? true;
  const { mutate: markReadMutate } = markRead;
  // 000 §4: resolving or reassigning with a cart in progress asks to discard it first.
  const cartGuard = useCartDiscardGuard(ticketId);

  // Opening a chat marks the customer's messages read.
  useEffect(() => {
    markReadMutate(ticketId);
  }, [ticketId, markReadMutate]);

  // A new customer message in the open chat is read at once while the tab is visible.
  useRealtime((event) => {
    if (
      event.type === 'message.created' &&
      event.message.ticketId === ticketId &&
      event.message.direction === 'in' &&
      document.visibilityState === 'visible'
    ) {
      markReadMutate(ticketId);
    }
  });

  return (
    <QueryState
      query={ticket}
      loading={
        <Stack p="md" gap="sm" aria-busy>
          <Skeleton height={40} />
          <Skeleton height={200} />
        </Stack>
      }
      errorFrame={(error) => (
        <Box p="md">
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={onBack}
            mb="sm"
            hiddenFrom="md"
          >
            {t('inbox.backToList')}
          </Button>
          {error}
        </Box>
      )}
    >
      {(data) => (
        <ChatRoomView
          data={data}
          me={me}
          onBack={onBack}
          onAssign={() => cartGuard.guard(assign.open)}
          onResolve={() => cartGuard.guard(resolve.open)}
          canAssign={canAssign}
        >
          <AssignDialog
            ticket={data}
            opened={assignOpened}
            onClose={assign.close}
            canPickUsers={canPickUsers}
            myId={me.user.id}
          />
          <ResolveDialog ticket={data} opened={resolveOpened} onClose={resolve.close} />
          {cartGuard.dialog}
        </ChatRoomView>
      )}
    </QueryState>
  );
}

/** The loaded chat room: header (contact, number, ticket id, status, actions), history, footer. */
function ChatRoomView({
  data,
  me,
  onBack,
  onAssign,
  onResolve,
  canAssign,
  children,
}: {
  data: TicketSummary;
  me: Me;
  onBack: () => void;
  onAssign: () => void;
  onResolve: () => void;
  canAssign: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const open = data.status !== 'resolved';
  const channel = CHANNELS[data.channel];
  const left = data.expiresAt !== null && open && !isExpired(data) ? timeLeft(data.expiresAt) : null;

  return (
    <ChatRoomLayout ticket={data} me={me}>
      <Paper px="sm" py="xs" radius={0} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onBack}
              aria-label={t('inbox.backToList')}
              hiddenFrom="md"
            >
              <IconArrowLeft size={18} aria-hidden />
            </ActionIcon>
            <Avatar color={channel.color} radius="xl" size="md" name={data.contact.name} />
            <Box style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} truncate data-testid="chat-contact-name">
                  {data.contact.name}
                </Text>
                <ChannelBadge channel={data.channel} />
              </Group>
              {/* The number and the ticket id are never cut (issue 16 §7): they wrap instead. */}
              <Group gap={4} wrap="wrap" data-testid="chat-identifiers">
                <Text size="xs" c="dimmed" data-testid="chat-handle">
                  {data.contact.handle}
                </Text>
                <Text size="xs" c="dimmed" aria-hidden>
                  ·
                </Text>
                <Text size="xs" c="dimmed" data-testid="chat-ticket-id">
                  {data.displayId}
                </Text>
              </Group>
              <Group gap={6} wrap="wrap">
                <StatusBadge status={open && isExpired(data) ? 'expired' : data.status} />
                {left ? (
                  <Text size="xs" c={left.hours < 2 ? 'orange.8' : 'dimmed'} visibleFrom="sm">
                    {t('inbox.expiresIn', { hours: left.hours, minutes: left.minutes })}
                  </Text>
                ) : null}
                {data.assigneeName ? (
                  <Text size="xs" c="dimmed" truncate>
                    {t('inbox.assignedTo', { name: data.assigneeName })}
                  </Text>
                ) : null}
              </Group>
            </Box>
          </Group>
          {open ? (
            <Group gap={6} wrap="wrap" ml="auto" justify="flex-end">
              <ChatSidePanelToggle />
              <CreateTransactionButton ticket={data} me={me} />
              {canAssign ? (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconUserShare size={14} aria-hidden />}
                  onClick={onAssign}
                >
                  {data.assigneeId ? t('inbox.reassign') : t('inbox.assign')}
                </Button>
              ) : null}
              <Button
                size="xs"
                color="green"
                leftSection={<IconCircleCheck size={14} aria-hidden />}
                onClick={onResolve}
              >
                {t('inbox.resolve')}
              </Button>
            </Group>
          ) : (
            <ChatSidePanelToggle />
          )}
        </Group>
      </Paper>
      <MessageList
        key={data.id}
        ticketId={data.id}
        failureAction={(m) =>
          // 131047: WhatsApp's 24-hour window closed before ours; a follow-up template is what may go now.
          data.channel === 'WAP' && m.error?.code === 'wa.reengagement' ? (
            <FollowUpTemplateButton ticket={data} />
          ) : null
        }
      />
      <ChatFooter ticket={data} me={me} onResolve={onResolve} />
      {children}
    </ChatRoomLayout>
  );
}

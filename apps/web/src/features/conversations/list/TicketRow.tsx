import { Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { TicketSummary } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { ChannelBadge, DeliveryTicks, isExpired, relativeTimeOf, timeLeft } from '../../../entities/ticket';

/** One ticket in the list: contact, channel, last message and its time, unread count, expiry hint. */
export function TicketRow({
  ticket,
  selected,
  onSelect,
  groupName = null,
}: {
  ticket: TicketSummary;
  selected: boolean;
  onSelect: (id: string) => void;
  /** The ticket's CS group, when the business has several. */
  groupName?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const last = ticket.lastMessage;
  const expired = isExpired(ticket);
  const left = ticket.expiresAt !== null && !expired ? timeLeft(ticket.expiresAt) : null;
  const unread = ticket.unreadCount > 0;
  return (
    <UnstyledButton
      onClick={() => onSelect(ticket.id)}
      aria-current={selected ? 'true' : undefined}
      data-testid="ticket-row"
      data-ticket-id={ticket.id}
      w="100%"
      px="sm"
      py={10}
      style={{
        display: 'block',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        borderLeft: `3px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={unread ? 700 : 600} truncate>
            {ticket.contact.name}
          </Text>
          <ChannelBadge channel={ticket.channel} />
        </Group>
        {last ? (
          <Text
            size="xs"
            c={unread ? 'var(--mantine-primary-color-filled)' : 'dimmed'}
            style={{ flexShrink: 0 }}
          >
            {relativeTimeOf(last.at, i18n.language)}
          </Text>
        ) : null}
      </Group>
      <Group justify="space-between" wrap="nowrap" gap={6} mt={2}>
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          {last?.direction === 'out' ? <DeliveryTicks status={last.status} /> : null}
          <Text size="xs" c={unread ? undefined : 'dimmed'} fw={unread ? 600 : undefined} truncate>
            {last?.preview ?? t('inbox.noMessages')}
          </Text>
        </Group>
        {unread ? (
          <Badge size="sm" circle={ticket.unreadCount < 10} variant="filled" style={{ flexShrink: 0 }}>
            <span aria-hidden>{ticket.unreadCount > 99 ? '99+' : ticket.unreadCount}</span>
            <Box
              component="span"
              style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {t('inbox.unreadCount', { count: ticket.unreadCount })}
            </Box>
          </Badge>
        ) : null}
      </Group>
      <Group gap={6} mt={4} wrap="wrap" style={{ rowGap: 2 }}>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {ticket.displayId}
        </Text>
        {expired ? (
          <Badge size="xs" color="red" variant="light">
            {t('inbox.ticketStatus.expired')}
          </Badge>
        ) : left ? (
          <Text size="xs" c={left.hours < 2 ? 'orange.8' : 'dimmed'}>
            {t('inbox.expiresIn', { hours: left.hours, minutes: left.minutes })}
          </Text>
        ) : null}
        {ticket.heldByBot && ticket.status === 'unassigned' ? (
          <Badge size="xs" color="cyan" variant="light">
            {t('inbox.bot')}
          </Badge>
        ) : null}
        {!ticket.responded && !expired ? (
          <Badge size="xs" color="orange" variant="dot" tt="none">
            {t('inbox.unresponded')}
          </Badge>
        ) : null}
        {groupName ? (
          <Badge
            size="xs"
            variant="light"
            color="grape"
            tt="none"
            maw={110}
            data-testid="ticket-row-group"
            aria-label={t('teams.groupOf', { name: groupName })}
          >
            {groupName}
          </Badge>
        ) : null}
        {ticket.priority !== 3 ? (
          <Badge size="xs" color={ticket.priority === 1 ? 'red' : 'yellow'} variant="light">
            {t(`inbox.priority.${ticket.priority}`)}
          </Badge>
        ) : null}
        {ticket.tags.slice(0, 2).map((tag) => (
          <Badge
            key={tag}
            size="xs"
            variant="outline"
            color="gray"
            tt="none"
            maw={96}
            data-testid="ticket-row-tag"
          >
            {tag}
          </Badge>
        ))}
        {ticket.tags.length > 2 ? (
          <Text
            size="xs"
            c="dimmed"
            aria-label={t('ticketPanel.moreTags', { count: ticket.tags.length - 2 })}
          >
            +{ticket.tags.length - 2}
          </Text>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}

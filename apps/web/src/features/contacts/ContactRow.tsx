import { Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { ChannelCode, ContactListItem } from '@sapa/contracts';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelBadge } from '../../entities/ticket';
import { RowActions } from '../../shared/ui/RowActions';

export const CONTACT_ROW_HEIGHT = 64;
/** Name, phone, channels, tags, actions (wide screens). */
export const CONTACT_GRID = 'minmax(0, 2fr) minmax(0, 1.3fr) minmax(0, 1.2fr) minmax(0, 1.5fr) 80px';

/** `6281234567890` → `+62 812-3456-7890`, easier to read; other numbers keep their digits. */
export function formatPhone(phone: string | null): string {
  if (!phone) return '—';
  const match = /^62(\d{3})(\d{4})(\d+)$/.exec(phone);
  return match ? `+62 ${match[1]}-${match[2]}-${match[3]}` : `+${phone}`;
}

function channelsOf(contact: Pick<ContactListItem, 'channels' | 'mainChannel'>): ChannelCode[] {
  return [...new Set([...(contact.mainChannel ? [contact.mainChannel] : []), ...contact.channels])];
}

/** One contact of the list: opens the detail on click or Enter; edit and delete at the end. */
export function ContactRow({
  contact,
  index,
  narrow,
  onOpen,
  onEdit,
  onDelete,
}: {
  contact: ContactListItem;
  index: number;
  narrow: boolean;
  onOpen: (contact: ContactListItem) => void;
  onEdit?: ((contact: ContactListItem) => void) | undefined;
  onDelete?: ((contact: ContactListItem) => void) | undefined;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(contact);
    }
  };
  const channels = channelsOf(contact);
  const actions = (
    <RowActions
      editLabel={t('contacts.editNamed', { name: contact.name })}
      deleteLabel={t('contacts.deleteNamed', { name: contact.name })}
      onEdit={onEdit ? () => onEdit(contact) : undefined}
      onDelete={onDelete ? () => onDelete(contact) : undefined}
    />
  );
  return (
    <Box
      data-row-index={index}
      data-testid="contact-row"
      tabIndex={0}
      aria-label={contact.name}
      onKeyDown={onKeyDown}
      h="100%"
      px="sm"
      style={{
        display: 'grid',
        gridTemplateColumns: narrow ? 'minmax(0, 1fr) auto' : CONTACT_GRID,
        alignItems: 'center',
        gap: 12,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <UnstyledButton onClick={() => onOpen(contact)} tabIndex={-1} miw={0} style={{ textAlign: 'start' }}>
        <Text fw={600} size="sm" truncate="end">
          {contact.name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {narrow ? formatPhone(contact.phone) : (contact.email ?? '')}
        </Text>
        {narrow && (channels.length > 0 || contact.tags.length > 0) ? (
          <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
            {channels.slice(0, 2).map((channel) => (
              <ChannelBadge key={channel} channel={channel} />
            ))}
            {contact.tags.slice(0, 2).map((tag) => (
              <Badge key={tag.id} size="xs" variant="outline" color="gray">
                {tag.name}
              </Badge>
            ))}
          </Group>
        ) : null}
      </UnstyledButton>
      {narrow ? null : (
        <>
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} truncate="end">
            {formatPhone(contact.phone)}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
            {channels.length === 0 ? (
              <Text size="sm" c="dimmed">
                —
              </Text>
            ) : (
              channels.map((channel) => <ChannelBadge key={channel} channel={channel} />)
            )}
          </Group>
          <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
            {contact.tags.map((tag) => (
              <Badge key={tag.id} size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                {tag.name}
              </Badge>
            ))}
          </Group>
        </>
      )}
      {actions}
    </Box>
  );
}

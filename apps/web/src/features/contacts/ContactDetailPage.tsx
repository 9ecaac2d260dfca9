import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ContactProfile, can } from '@sapa/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ChannelBadge, ticketInboxPath } from '../../entities/ticket';
import { accessSubjectOf, errorMessage, useMe } from '../../shared/api';
import { formatDateTime } from '../../shared/time';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { ContactTransactions } from '../orders';
import { contactAccessOf } from './access';
import { useContactChats, useContactFields, useContactProfile, useDeleteContact } from './api';
import { BackLink } from './BackLink';
import { ContactBroadcastHistory } from './ContactBroadcastHistory';
import { ContactFormModal } from './ContactFormModal';
import { formatPhone } from './ContactRow';
import { HistoryList } from './HistoryList';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** 001 §2 contact detail, chat history: every ticket of the contact, newest first, more on demand. */
function ChatHistory({ contactId }: { contactId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <HistoryList
      query={useContactChats(contactId)}
      label={t('contacts.detail.chats')}
      empty={<EmptyState title={t('contacts.detail.noChats')} />}
      keyOf={(ticket) => ticket.id}
    >
      {(ticket) => (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={8}>
            <Anchor component={Link} to={ticketInboxPath(ticket.id)} fw={600} size="sm">
              {ticket.displayId}
            </Anchor>
            <ChannelBadge channel={ticket.channel} />
            <Badge size="xs" variant="light" color={ticket.status === 'resolved' ? 'gray' : 'teal'}>
              {t(`inbox.ticketStatus.${ticket.status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(ticket.lastMessageAt, i18n.language)}
          </Text>
        </Group>
      )}
    </HistoryList>
  );
}

/** /contact/detail?id= (001 §2 Contacts: detail with chat, transaction and broadcast history). */
export function ContactDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const me = useMe();
  const profile = useContactProfile(id);
  const fields = useContactFields();
  const remove = useDeleteContact();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (!id) return <EmptyState title={t('contacts.detail.missing')} />;
  if (!me.data || !profile.data)
    return (
      <QueryState query={profile} pending={!me.data}>
        {null}
      </QueryState>
    );
  const contact: ContactProfile = profile.data;
  const access = contactAccessOf(me.data);
  const canSeeTransactions = can(accessSubjectOf(me.data), 'TRANSACTION', 'READ');
  const channels = [
    ...new Set([
      ...(contact.mainChannel ? [contact.mainChannel] : []),
      ...contact.identities.map((i) => i.channel),
    ]),
  ];

  return (
    <Stack gap="md">
      <BackLink to="/contact" label={t('contacts.detail.back')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" mb="md">
          <Stack gap={4} miw={0}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {contact.name}
            </Title>
            <Group gap={6}>
              {channels.map((channel) => (
                <ChannelBadge key={channel} channel={channel} size="sm" />
              ))}
              {contact.tags.map((tag) => (
                <Badge key={tag.id} variant="outline" color="gray" size="sm">
                  {tag.name}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Group gap="xs">
            {access.update ? (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {t('common.edit')}
              </Button>
            ) : null}
            {access.delete ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              >
                {t('common.delete')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Item label={t('contacts.fields.phone')}>{formatPhone(contact.phone)}</Item>
          <Item label={t('contacts.fields.email')}>{contact.email ?? '—'}</Item>
          <Item label={t('contacts.fields.mainChannel')}>
            {contact.mainChannel ? <ChannelBadge channel={contact.mainChannel} size="sm" /> : '—'}
          </Item>
          <Item label={t('contacts.fields.groups')}>
            {contact.groups.length ? contact.groups.map((g) => g.name).join(', ') : '—'}
          </Item>
          <Item label={t('contacts.fields.birthDate')}>{contact.birthDate ?? '—'}</Item>
          <Item label={t('contacts.fields.lastEducation')}>{contact.lastEducation ?? '—'}</Item>
          <Item label={t('contacts.fields.averageTransaction')}>
            {contact.averageTransaction === null ? '—' : contact.averageTransaction}
          </Item>
          {(fields.data ?? [])
            .filter((field) => field.display)
            .map((field) => (
              <Item key={field.id} label={field.title}>
                {shownValue(contact.customValues[field.id])}
              </Item>
            ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs defaultValue="chats">
          <Tabs.List mb="md">
            <Tabs.Tab value="chats">{t('contacts.detail.chats')}</Tabs.Tab>
            <Tabs.Tab value="transactions">{t('contacts.detail.transactions')}</Tabs.Tab>
            <Tabs.Tab value="broadcasts">{t('contacts.detail.broadcasts')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="chats">
            <ChatHistory contactId={contact.id} />
          </Tabs.Panel>
          <Tabs.Panel value="transactions">
            {canSeeTransactions ? (
              <ContactTransactions contactId={contact.id} />
            ) : (
              <EmptyState title={t('contacts.detail.noTransactions')}>{t('orders.page.noAccess')}</EmptyState>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="broadcasts">
            <ContactBroadcastHistory contactId={contact.id} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <ContactFormModal
        contact={contact}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          notifications.show({ color: 'green', message: t('contacts.updated', { name: saved.name }) });
        }}
      />
      <ConfirmDialog
        opened={deleting}
        title={t('contacts.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() =>
          remove.mutate(contact.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('contacts.deleted', { name: contact.name }) });
              void navigate('/contact', { replace: true });
            },
          })
        }
        onClose={() => setDeleting(false)}
      >
        {t('contacts.deleteConfirm', { name: contact.name })}
      </ConfirmDialog>
    </Stack>
  );
}

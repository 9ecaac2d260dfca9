import { Box, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { CHANNELS, type ChannelCode, type ContactListItem, type ContactProfile } from '@sapa/contracts';
import { IconFileSpreadsheet, IconPlus, IconSearch, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppInfo } from '../../app/appInfo';
import { errorMessage } from '../../shared/api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import type { ContactAccess } from './access';
import {
  type ContactFilters,
  useContactGroups,
  useContactProfile,
  useContacts,
  useContactTags,
  useDeleteContact,
} from './api';
import { ContactFormModal } from './ContactFormModal';
import { CONTACT_GRID, CONTACT_ROW_HEIGHT, ContactRow } from './ContactRow';
import { VirtualRows } from './VirtualRows';

/** 001 §2 Contacts: the list with search and filters, add, edit, delete; rows open the detail. */
export function ContactsTab({ access }: { access: ContactAccess }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useAppInfo();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [tagId, setTagId] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [channel, setChannel] = useState<ChannelCode | null>(null);
  const filters: ContactFilters = {
    search: debounced || undefined,
    tagId: tagId ?? undefined,
    groupId: groupId ?? undefined,
    channel: channel ?? undefined,
  };
  const contacts = useContacts(filters);
  const tags = useContactTags();
  const groups = useContactGroups();
  const remove = useDeleteContact();
  const [formOpened, setFormOpened] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = useContactProfile(editingId);
  const [deleting, setDeleting] = useState<ContactListItem | null>(null);

  const list = contacts.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.search || filters.tagId || filters.groupId || filters.channel);

  const open = (contact: ContactListItem) => void navigate(`/contact/detail?id=${contact.id}`);
  const openForm = (id: string | null) => {
    setEditingId(id);
    setFormOpened(true);
  };
  const onSaved = (saved: ContactProfile) => {
    setFormOpened(false);
    notifications.show({
      color: 'green',
      message: t(editingId ? 'contacts.updated' : 'contacts.created', { name: saved.name }),
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('contacts.deleted', { name: deleting.name }) });
        setDeleting(null);
      },
    });
  };

  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const groupOptions = (groups.data?.pages.flatMap((page) => page.items) ?? []).map((group) => ({
    value: group.id,
    label: group.name,
  }));
  const channelOptions = info.partner.allowedChannels.map((code) => ({
    value: code,
    label: CHANNELS[code].name,
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" align="flex-end">
        <Group gap="sm" align="flex-end" style={{ flex: 1 }} wrap="wrap">
          <TextInput
            label={t('contacts.search')}
            placeholder={t('contacts.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            label={t('contacts.fields.groups')}
            placeholder={t('contacts.allGroups')}
            data={groupOptions}
            value={groupId}
            onChange={setGroupId}
            clearable
            searchable
            w={{ base: 'calc(50% - 6px)', sm: 170 }}
          />
          <Select
            label={t('contacts.fields.tags')}
            placeholder={t('contacts.allTags')}
            data={tagOptions}
            value={tagId}
            onChange={setTagId}
            clearable
            searchable
            w={{ base: 'calc(50% - 6px)', sm: 170 }}
          />
          <Select
            label={t('contacts.fields.channel')}
            placeholder={t('contacts.allChannels')}
            data={channelOptions}
            value={channel}
            onChange={(value) => setChannel((value as ChannelCode | null) ?? null)}
            clearable
            w={{ base: '100%', sm: 170 }}
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to="/contact/custom-field"
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            {t('contacts.customFields')}
          </Button>
          {access.create ? (
            <>
              <Button
                variant="default"
                component={Link}
                to="/contact/bulk-upload"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              >
                {t('contacts.bulkUpload')}
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openForm(null)}>
                {t('contacts.add')}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>

      <QueryState
        query={contacts}
        loading={<SkeletonRows count={6} height={52} radius="sm" />}
        keepDataOnError
        isEmpty={list.length === 0}
        empty={
          <EmptyState title={filtered ? t('contacts.noMatch') : t('contacts.empty')}>
            {filtered ? t('contacts.noMatchHint') : t('contacts.emptyHint')}
          </EmptyState>
        }
      >
        <Box
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-md)',
            opacity: contacts.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {narrow ? null : (
            <Box
              px="sm"
              py={8}
              style={{
                display: 'grid',
                gridTemplateColumns: CONTACT_GRID,
                gap: 12,
                borderBottom: '1px solid var(--mantine-color-gray-3)',
                background: 'var(--mantine-color-gray-0)',
              }}
              aria-hidden
            >
              {['name', 'phone', 'channel', 'tags'].map((key) => (
                <Text key={key} size="xs" fw={600} c="dimmed" tt="uppercase">
                  {t(`contacts.fields.${key}`)}
                </Text>
              ))}
            </Box>
          )}
          <VirtualRows
            items={list}
            rowHeight={CONTACT_ROW_HEIGHT}
            maxHeight="max(calc(100dvh - 330px), 320px)"
            label={t('contacts.listLabel')}
            pages={contacts}
            renderRow={(contact, index) => (
              <ContactRow
                contact={contact}
                index={index}
                narrow={narrow}
                onOpen={open}
                onEdit={access.update ? (c) => openForm(c.id) : undefined}
                onDelete={access.delete ? (c) => setDeleting(c) : undefined}
              />
            )}
          />
        </Box>
      </QueryState>

      <ContactFormModal
        contact={editingId ? (editing.data ?? null) : null}
        opened={formOpened && (!editingId || Boolean(editing.data))}
        onClose={() => setFormOpened(false)}
        onSaved={onSaved}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('contacts.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={confirmDelete}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        {t('contacts.deleteConfirm', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

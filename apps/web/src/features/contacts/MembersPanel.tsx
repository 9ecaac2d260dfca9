import {
  ActionIcon,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { useChangeMembers, useContacts } from './api';
import { formatPhone } from './ContactRow';

/**
 * The contacts of a group or a tag (001 §3 contact group: contacts): who is in it, remove one, and add
 * more by searching contacts by name or phone.
 */
export function MembersPanel({
  kind,
  id,
  canChange,
}: {
  kind: 'group' | 'tag';
  id: string;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const members = useContacts(kind === 'group' ? { groupId: id } : { tagId: id });
  const change = useChangeMembers(kind);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const candidates = useContacts({ search: debounced || undefined });
  const list = members.data?.pages.flatMap((page) => page.items) ?? [];
  const memberIds = new Set(list.map((c) => c.id));
  const options = (candidates.data?.pages[0]?.items ?? [])
    .filter((c) => !memberIds.has(c.id))
    .map((c) => ({ value: c.id, label: `${c.name}${c.phone ? ` · ${formatPhone(c.phone)}` : ''}` }));

  return (
    <Stack gap="sm">
      {canChange ? (
        <Select
          label={t('contacts.members.add')}
          placeholder={t('contacts.searchPlaceholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={null}
          filter={({ options: all }) => all}
          nothingFoundMessage={t('contacts.noMatch')}
          onChange={(contactId) => {
            if (!contactId) return;
            change.mutate({ id, change: 'add', body: { contactIds: [contactId] } });
            setSearch('');
          }}
          error={change.isError ? errorMessage(change.error) : undefined}
        />
      ) : null}
      <QueryState
        query={members}
        loading={
          <Center py="md">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        }
        isEmpty={list.length === 0}
        empty={<EmptyState title={t('contacts.members.empty')} />}
      >
        <Stack gap={4} role="list" aria-label={t('contacts.members.label')}>
          {list.map((contact) => (
            <Paper key={contact.id} withBorder p="xs" role="listitem">
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {contact.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatPhone(contact.phone)}
                  </Text>
                </div>
                {canChange ? (
                  <Tooltip label={t('contacts.members.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('contacts.members.removeNamed', { name: contact.name })}
                      onClick={() =>
                        change.mutate({ id, change: 'remove', body: { contactIds: [contact.id] } })
                      }
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Paper>
          ))}
          {members.hasNextPage ? (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => void members.fetchNextPage()}
              loading={members.isFetchingNextPage}
            >
              {t('common.loadMore')}
            </Button>
          ) : null}
        </Stack>
      </QueryState>
    </Stack>
  );
}

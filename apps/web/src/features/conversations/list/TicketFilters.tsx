import { Button, Collapse, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { CHANNELS, type ChannelCode } from '@sapa/contracts';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketFilters as Filters } from '../../../entities/ticket';
import { useGroups } from '../../teams/api';

/** Search (contact, ticket ID) and the filters of 000 §2 Inbox: sort, tag, priority, channel, responded. */
export function TicketFilters({
  filters,
  search,
  onSearch,
  onChange,
  channels,
}: {
  filters: Filters;
  search: string;
  onSearch: (value: string) => void;
  onChange: (patch: Partial<Filters>) => void;
  channels: readonly ChannelCode[];
}) {
  const { t } = useTranslation();
  const [opened, toggle] = useDisclosure(false);
  const [tag, setTag] = useState(filters.tag ?? '');
  const debouncedTag = useDebouncedCallback(
    (value: string) => onChange({ tag: value.trim() || undefined }),
    350,
  );
  const groups = useGroups();
  const active = [filters.channel, filters.priority, filters.tag, filters.responded, filters.groupId].filter(
    Boolean,
  ).length;
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <TextInput
          aria-label={t('inbox.search')}
          placeholder={t('inbox.search')}
          leftSection={<IconSearch size={14} aria-hidden />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          size="xs"
          style={{ flex: 1 }}
          maxLength={100}
        />
        <Button
          size="xs"
          variant={active ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={14} aria-hidden />}
          onClick={toggle.toggle}
          aria-expanded={opened}
        >
          {active ? t('inbox.filtersActive', { count: active }) : t('inbox.filters')}
        </Button>
      </Group>
      <Collapse expanded={opened}>
        <SimpleGrid cols={2} spacing={6} mt={6}>
          <Select
            size="xs"
            label={t('inbox.sort')}
            value={filters.sort}
            allowDeselect={false}
            onChange={(value) => onChange({ sort: value === 'oldest' ? 'oldest' : 'latest' })}
            data={[
              { value: 'latest', label: t('inbox.sortLatest') },
              { value: 'oldest', label: t('inbox.sortOldest') },
            ]}
          />
          <Select
            size="xs"
            label={t('inbox.channel')}
            placeholder={t('inbox.all')}
            clearable
            value={filters.channel ?? null}
            onChange={(value) => onChange({ channel: (value as ChannelCode | null) ?? undefined })}
            data={channels.map((code) => ({ value: code, label: CHANNELS[code].name }))}
            renderOption={({ option }) => (
              <Group gap={6} wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: 5,
                    background: CHANNELS[option.value as ChannelCode].color,
                  }}
                />
                {option.label}
              </Group>
            )}
          />
          <Select
            size="xs"
            label={t('inbox.priorityLabel')}
            placeholder={t('inbox.all')}
            clearable
            value={filters.priority ? String(filters.priority) : null}
            onChange={(value) => onChange({ priority: value ? (Number(value) as 1 | 2 | 3) : undefined })}
            data={[
              { value: '3', label: t('inbox.priority.3') },
              { value: '2', label: t('inbox.priority.2') },
              { value: '1', label: t('inbox.priority.1') },
            ]}
          />
          <Select
            size="xs"
            label={t('inbox.respondedLabel')}
            placeholder={t('inbox.all')}
            clearable
            value={filters.responded ?? null}
            onChange={(value) =>
              onChange({ responded: value === 'true' || value === 'false' ? value : undefined })
            }
            data={[
              { value: 'true', label: t('inbox.responded') },
              { value: 'false', label: t('inbox.unresponded') },
            ]}
          />
          {groups.data?.length ? (
            <Select
              size="xs"
              label={t('teams.group')}
              placeholder={t('inbox.all')}
              clearable
              value={filters.groupId ?? null}
              onChange={(value) => onChange({ groupId: value ?? undefined })}
              data={groups.data.map((g) => ({
                value: g.id,
                label: g.isDefault ? `${g.name} (${t('teams.default')})` : g.name,
              }))}
              data-testid="inbox-group-filter"
            />
          ) : null}
          <TextInput
            size="xs"
            label={t('inbox.tag')}
            placeholder={t('inbox.all')}
            value={tag}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setTag(value);
              debouncedTag(value);
            }}
            maxLength={50}
          />
        </SimpleGrid>
      </Collapse>
    </>
  );
}

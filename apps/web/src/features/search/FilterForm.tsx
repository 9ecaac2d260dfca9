import { Button, Group, MultiSelect, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type ChannelCode, TICKET_KEYWORD_MIN, type TicketListStatus } from '@sapa/contracts';
import { IconRestore, IconSearch } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayRange, keywordProblem, type TicketListFilters } from './filters';
import type { FilterOptions } from './options';

/** The filters a form shows, in order (the chat history shows a subset of Daftar Chat's). */
export type FilterField =
  | 'customerInfo'
  | 'email'
  | 'keyword'
  | 'created'
  | 'closed'
  | 'status'
  | 'mediaPlatform'
  | 'csGroup'
  | 'createdBy'
  | 'csId'
  | 'closedBy'
  | 'priority'
  | 'tags'
  | 'remarks'
  | 'field';

const STATUSES: readonly TicketListStatus[] = ['unassigned', 'assigned', 'resolved', 'expired'];
const PRIORITIES = [1, 2, 3] as const;

/**
 * A search form over the filters of 000 §2/§3: edits a draft and applies it on Search (Enter in any field
 * submits); Reset goes back to the spec's defaults. Labels come from `ticketList.filters.*`, except where
 * `labels` renames one (the chat history's "date" is the closed range) or `placeholders` rewords a hint.
 */
export function FilterForm({
  fields,
  applied,
  defaults,
  options,
  labels = {},
  placeholders = {},
  onApply,
  actions,
}: {
  fields: readonly FilterField[];
  applied: TicketListFilters;
  defaults: TicketListFilters;
  options: FilterOptions;
  labels?: Partial<Record<FilterField, string>>;
  placeholders?: Partial<Record<FilterField, string>>;
  onApply: (filters: TicketListFilters) => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  const patch = (change: Partial<TicketListFilters>) => setDraft((current) => ({ ...current, ...change }));
  const label = (field: FilterField) => labels[field] ?? t(`ticketList.filters.${field}`);
  const all = t('ticketList.filters.all');
  const clearProps = { 'aria-label': t('ticketList.filters.clear') };
  const [keywordError, setKeywordError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = keywordProblem(draft.keyword) !== null;
    setKeywordError(problem);
    if (!problem) onApply(draft);
  };
  const range = (field: 'created' | 'closed') => (
    <DatePickerInput
      key={field}
      type="range"
      label={label(field)}
      placeholder={t('ticketList.filters.anyDate')}
      value={draft[field]}
      onChange={(value) => patch({ [field]: [value[0] ?? null, value[1] ?? null] as DayRange })}
      allowSingleDateInRange
      clearable
      clearButtonProps={clearProps}
      valueFormat="D MMM YYYY"
    />
  );
  const multi = (
    field: FilterField,
    key: 'csGroup' | 'createdBy' | 'csId' | 'closedBy' | 'mediaPlatform',
    data: { value: string; label: string }[],
  ) => (
    <MultiSelect
      key={field}
      label={label(field)}
      placeholder={draft[key].length ? undefined : all}
      data={data}
      value={draft[key]}
      onChange={(value) =>
        key === 'mediaPlatform' ? patch({ mediaPlatform: value as ChannelCode[] }) : patch({ [key]: value })
      }
      clearable
      clearButtonProps={clearProps}
      searchable
      nothingFoundMessage={t('ticketList.filters.nothingFound')}
    />
  );
  const text = (field: FilterField, key: 'customerInfo' | 'email' | 'keyword' | 'remarks', max: number) => (
    <TextInput
      key={field}
      label={label(field)}
      placeholder={placeholders[field] ?? t(`ticketList.filters.${field}Placeholder`)}
      value={draft[key]}
      onChange={(event) => patch({ [key]: event.currentTarget.value })}
      maxLength={max}
      error={
        key === 'keyword' && keywordError
          ? t('ticketList.filters.keywordTooShort', { count: TICKET_KEYWORD_MIN })
          : undefined
      }
      leftSection={field === 'keyword' ? <IconSearch size={14} aria-hidden /> : undefined}
    />
  );
  const render: Record<FilterField, () => ReactNode> = {
    customerInfo: () => text('customerInfo', 'customerInfo', 100),
    email: () => text('email', 'email', 100),
    keyword: () => text('keyword', 'keyword', 200),
    remarks: () => text('remarks', 'remarks', 100),
    created: () => range('created'),
    closed: () => range('closed'),
    status: () => (
      <MultiSelect
        key="status"
        label={label('status')}
        placeholder={draft.status.length ? undefined : all}
        data={STATUSES.map((s) => ({ value: s, label: t(`inbox.ticketStatus.${s}`) }))}
        value={draft.status}
        onChange={(value) => patch({ status: STATUSES.filter((s) => value.includes(s)) })}
        clearable
        clearButtonProps={clearProps}
      />
    ),
    mediaPlatform: () => multi('mediaPlatform', 'mediaPlatform', options.channelOptions),
    csGroup: () => multi('csGroup', 'csGroup', options.groupOptions),
    createdBy: () => multi('createdBy', 'createdBy', options.creatorOptions),
    csId: () => multi('csId', 'csId', options.agentOptions),
    closedBy: () => multi('closedBy', 'closedBy', options.agentOptions),
    priority: () => (
      <MultiSelect
        key="priority"
        label={label('priority')}
        placeholder={draft.priority.length ? undefined : all}
        data={['1', '2', '3'].map((p) => ({ value: p, label: t(`inbox.priority.${p}`) }))}
        value={draft.priority.map(String)}
        onChange={(value) => patch({ priority: PRIORITIES.filter((p) => value.includes(String(p))) })}
        clearable
        clearButtonProps={clearProps}
      />
    ),
    tags: () => (
      <TagsInput
        key="tags"
        label={label('tags')}
        placeholder={draft.tags.length ? undefined : all}
        data={options.tagOptions}
        value={draft.tags}
        onChange={(tags) => patch({ tags })}
        maxTags={20}
        clearable
        clearButtonProps={clearProps}
      />
    ),
    field: () => (
      <Group key="field" gap={6} align="flex-end" wrap="nowrap" grow>
        <Select
          label={label('field')}
          placeholder={t('ticketList.filters.fieldChoose')}
          data={options.fieldOptions}
          value={draft.fieldId}
          onChange={(value) => patch({ fieldId: value ?? null, fieldValue: value ? draft.fieldValue : '' })}
          clearable
          clearButtonProps={clearProps}
          searchable
          nothingFoundMessage={t('ticketList.filters.nothingFound')}
        />
        <TextInput
          aria-label={t('ticketList.filters.fieldValue')}
          placeholder={t('ticketList.filters.fieldValue')}
          value={draft.fieldValue}
          disabled={!draft.fieldId}
          onChange={(event) => patch({ fieldValue: event.currentTarget.value })}
          maxLength={100}
        />
      </Group>
    ),
  };
  return (
    <form onSubmit={submit} aria-label={t('ticketList.filters.title')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" verticalSpacing="xs">
        {fields.map((field) => render[field]())}
      </SimpleGrid>
      <Group justify="space-between" mt="md" gap="sm">
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('ticketList.search')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRestore size={16} aria-hidden />}
            onClick={() => {
              setKeywordError(false);
              setDraft(defaults);
              onApply(defaults);
            }}
          >
            {t('ticketList.reset')}
          </Button>
        </Group>
        {actions}
      </Group>
    </form>
  );
}

import { MultiSelect, Select, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  CHANNELS,
  type ChannelCode,
  type TicketView,
  type TicketViewFilters,
  ticketStatusSchema,
  ticketViewBodySchema,
  VIEW_NAME_MAX,
} from '@sapa/contracts';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { translateMessage } from '../../shared/i18n';
import { TIME_ZONE } from '../../shared/time';
import { FormModal } from '../../shared/ui/FormModal';
import { limitProps } from '../../shared/ui/limitProps';
import { useGroups } from '../teams/api';
import { useSaveView } from './api';

type Assignee = 'any' | 'unassigned' | 'me';

const dayOf = (epoch: number | null) =>
  epoch === null ? null : dayjs(epoch).tz(TIME_ZONE).format('YYYY-MM-DD');
const epochOf = (day: string | null, end: boolean) => {
  if (!day) return null;
  const d = dayjs.tz(day, TIME_ZONE);
  return (end ? d.endOf('day') : d.startOf('day')).valueOf();
};

/** Add or edit a saved view: a name and the ticket-list filters (000 §3 ticket-list columns). */
export function ViewFormModal({
  opened,
  view,
  channels,
  onClose,
  onSaved,
}: {
  opened: boolean;
  view: TicketView | null;
  channels: readonly ChannelCode[];
  onClose: () => void;
  onSaved: (view: TicketView) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveView();
  const groups = useGroups(opened);
  const [name, setName] = useState('');
  const [filters, setFilters] = useState<TicketViewFilters | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [local, setLocal] = useState<FieldErrors>({});
  const server = fieldErrorsOf(save.error);
  const nameError = local.name ? translateMessage(local.name) : server.name;
  const rangeError = local.filters ? translateMessage(local.filters) : server['filters.createdTo'];
  const { reset } = save;

  useEffect(() => {
    if (!opened) return;
    reset();
    setLocal({});
    setName(view?.name ?? '');
    const f = view?.filters;
    setFilters(f ?? null);
    setRange([dayOf(f?.createdFrom ?? null), dayOf(f?.createdTo ?? null)]);
  }, [opened, view, reset]);

  const value = filters ?? {
    statuses: [],
    channels: [],
    priorities: [],
    tags: [],
    groupIds: [],
    assignee: 'any',
    createdFrom: null,
    createdTo: null,
  };
  const patch = (p: Partial<TicketViewFilters>) => setFilters({ ...value, ...p });
  const assignee: Assignee = ['unassigned', 'me'].includes(value.assignee)
    ? (value.assignee as Assignee)
    : 'any';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      filters: { ...value, createdFrom: epochOf(range[0], false), createdTo: epochOf(range[1], true) },
    };
    const checked = validate(ticketViewBodySchema, body);
    setLocal(checked.errors);
    if (checked.success) save.mutate({ id: view?.id ?? null, body }, { onSuccess: onSaved });
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={view ? t('play.views.edit') : t('play.views.add')}
      size="lg"
      onSubmit={submit}
      saveError={save.error}
      pending={save.isPending}
      submitLabel={t('common.save')}
    >
      <TextInput
        label={t('play.views.name')}
        required
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setLocal((l) => ({ ...l, name: undefined }));
          if (save.error) reset();
        }}
        {...limitProps(name, VIEW_NAME_MAX, t, { error: nameError })}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MultiSelect
          label={t('play.views.statuses')}
          placeholder={t('play.views.any')}
          data={ticketStatusSchema.options.map((s) => ({ value: s, label: t(`inbox.ticketStatus.${s}`) }))}
          value={value.statuses}
          onChange={(v) => patch({ statuses: v as TicketViewFilters['statuses'] })}
          clearable
        />
        <MultiSelect
          label={t('play.views.channels')}
          placeholder={t('play.views.any')}
          // Connected channels, and those the view already has (a channel disconnected since stays visible).
          data={[...new Set([...channels, ...value.channels])].map((c) => ({
            value: c,
            label: CHANNELS[c].name,
          }))}
          value={value.channels}
          onChange={(v) => patch({ channels: v as ChannelCode[] })}
          clearable
        />
        <MultiSelect
          label={t('play.views.priorities')}
          placeholder={t('play.views.any')}
          data={(['1', '2', '3'] as const).map((p) => ({ value: p, label: t(`inbox.priority.${p}`) }))}
          value={value.priorities.map(String)}
          onChange={(v) => patch({ priorities: v.map(Number) as TicketViewFilters['priorities'] })}
          clearable
        />
        <MultiSelect
          label={t('play.views.groups')}
          placeholder={t('play.views.any')}
          data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          value={value.groupIds}
          onChange={(v) => patch({ groupIds: v })}
          clearable
          searchable
        />
        <Select
          label={t('play.views.assignee')}
          data={[
            { value: 'any', label: t('play.views.assigneeAny') },
            { value: 'unassigned', label: t('play.views.assigneeUnassigned') },
            { value: 'me', label: t('play.views.assigneeMe') },
          ]}
          value={assignee}
          allowDeselect={false}
          onChange={(v) => patch({ assignee: (v as Assignee | null) ?? 'any' })}
        />
        <TagsInput
          label={t('play.views.tags')}
          placeholder={t('play.views.tagsHint')}
          value={value.tags}
          onChange={(v) => patch({ tags: v })}
          maxTags={20}
          clearable
        />
        <DatePickerInput
          type="range"
          label={t('play.views.created')}
          placeholder={t('play.views.any')}
          value={range}
          onChange={(v) => setRange([v[0] ?? null, v[1] ?? null])}
          allowSingleDateInRange
          clearable
          error={rangeError}
          valueFormat="D MMM YYYY"
        />
      </SimpleGrid>
    </FormModal>
  );
}

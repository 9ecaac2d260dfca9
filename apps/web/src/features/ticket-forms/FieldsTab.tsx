import { Badge, Group, Pagination, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  TICKET_FIELD_TYPES,
  type TicketField,
  type TicketFieldType,
  ticketFieldInputSchema,
} from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { FormModal } from '../../shared/ui/FormModal';
import { RowActions } from '../../shared/ui/RowActions';
import { ListState, ListToolbar, notifySaved } from '../cs-library/SettingsList';
import { useSaveField, useTicketFields } from './api';

/** 000 §7 GET /fields: custom ticket fields page by page; admins add and edit them (no delete: values refer to them). */
export function FieldsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const fields = useTicketFields(debounced, page);
  const [editing, setEditing] = useState<TicketField | null | undefined>(undefined);
  return (
    <Stack gap="md">
      <ListToolbar
        intro={t('ticketForms.fields.intro')}
        search={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        addLabel={t('ticketForms.fields.add')}
        onAdd={canManage ? () => setEditing(null) : null}
      />
      <ListState
        query={fields}
        items={fields.data?.contents ?? []}
        emptyTitle={debounced ? t('csLibrary.noMatch') : t('ticketForms.fields.empty')}
        emptyHint={t('ticketForms.fields.emptyHint')}
      >
        {(list) => (
          <Stack gap="xs" role="list" aria-label={t('ticketForms.fields.title')}>
            {list.map((field) => (
              <Paper key={field.id} withBorder p="xs" px="sm" role="listitem">
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} size="sm" truncate>
                        {field.title}
                      </Text>
                      <Badge size="sm" variant="light">
                        {t(`ticketForms.types.${field.type}`)}
                      </Badge>
                    </Group>
                    {field.options.length ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {field.options.join(', ')}
                      </Text>
                    ) : null}
                  </div>
                  {canManage ? (
                    <RowActions
                      editLabel={t('csLibrary.editNamed', { name: field.title })}
                      deleteLabel=""
                      onEdit={() => setEditing(field)}
                    />
                  ) : null}
                </Group>
              </Paper>
            ))}
            {(fields.data?.totalPages ?? 1) > 1 ? (
              <Pagination value={page} onChange={setPage} total={fields.data?.totalPages ?? 1} size="sm" />
            ) : null}
          </Stack>
        )}
      </ListState>
      {editing !== undefined ? <FieldEditor field={editing} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}

function FieldEditor({ field, onClose }: { field: TicketField | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveField();
  const [title, setTitle] = useState(field?.title ?? '');
  const [type, setType] = useState<TicketFieldType>(field?.type ?? 'text');
  const [options, setOptions] = useState<string[]>(field?.options ?? []);
  const [touched, setTouched] = useState(false);
  const local = validate(ticketFieldInputSchema, { title, type, options });
  const server = fieldErrorsOf(save.error);
  const errors = {
    title: local.errors.title ?? server.title,
    options: local.errors.options ?? server.options,
  };
  const withOptions = type === 'select' || type === 'multi-select';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!local.success) return;
    save.mutate(
      { id: field?.id ?? null, body: { title, type, options: withOptions ? options : [] } },
      {
        onSuccess: (saved) => {
          notifySaved(t, field !== null, saved.title);
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t(field ? 'ticketForms.fields.editTitle' : 'ticketForms.fields.addTitle')}
      onSubmit={submit}
      saveError={save.error}
      pending={save.isPending}
      submitLabel={t('common.save')}
    >
      <TextInput
        data-autofocus
        required
        label={t('ticketForms.fields.name')}
        value={title}
        onChange={(event) => {
          setTitle(event.currentTarget.value);
          if (save.isError) save.reset();
        }}
        error={touched ? message(errors.title) : undefined}
      />
      <Select
        label={t('ticketForms.fields.type')}
        description={field ? t('ticketForms.fields.typeFixed') : undefined}
        data={TICKET_FIELD_TYPES.map((value) => ({ value, label: t(`ticketForms.types.${value}`) }))}
        value={type}
        allowDeselect={false}
        disabled={field !== null}
        onChange={(value) => value && setType(value as TicketFieldType)}
        comboboxProps={{ withinPortal: true }}
      />
      {withOptions ? (
        <TagsInput
          required
          label={t('ticketForms.fields.options')}
          description={t('ticketForms.fields.optionsHint')}
          value={options}
          onChange={setOptions}
          error={touched ? message(errors.options) : undefined}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
    </FormModal>
  );
}

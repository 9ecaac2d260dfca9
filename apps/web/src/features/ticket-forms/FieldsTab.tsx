import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  TICKET_FIELD_TYPES,
  type TicketField,
  type TicketFieldType,
  ticketFieldInputSchema,
} from '@sapa/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { EmptyState } from '../../shared/ui/EmptyState';
import { ErrorState } from '../../shared/ui/ErrorState';
import { FormModal } from '../../shared/ui/FormModal';
import { RowActions } from '../../shared/ui/RowActions';
import { useSaveField, useTicketFields } from './api';

/** 000 §7 GET /fields: custom ticket fields page by page; admins add and edit them (no delete: values refer to them). */
export function FieldsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const fields = useTicketFields(debounced, page);
  const [editing, setEditing] = useState<TicketField | null | undefined>(undefined);
  const list = fields.data?.contents ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('ticketForms.fields.intro')}
      </Text>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('csLibrary.search')}
          aria-label={t('csLibrary.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
            {t('ticketForms.fields.add')}
          </Button>
        ) : null}
      </Group>
      {fields.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={48} radius="sm" />
          ))}
        </Stack>
      ) : fields.isError ? (
        <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={debounced ? t('csLibrary.noMatch') : t('ticketForms.fields.empty')}>
          {t('ticketForms.fields.emptyHint')}
        </EmptyState>
      ) : (
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
          notifications.show({
            color: 'green',
            message: t(field ? 'csLibrary.updated' : 'csLibrary.created', { name: saved.title }),
          });
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

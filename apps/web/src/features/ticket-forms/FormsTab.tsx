import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type TicketForm, ticketFormInputSchema } from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { ErrorState } from '../../shared/ui/ErrorState';
import { FormModal } from '../../shared/ui/FormModal';
import { RowActions } from '../../shared/ui/RowActions';
import { useDeleteForm, useSaveForm, useTicketFields, useTicketForm, useTicketForms } from './api';

/** 000 §7 ticket-form list and detail: forms group fields, each mandatory or optional; admins manage them. */
export function FormsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const forms = useTicketForms();
  const remove = useDeleteForm();
  const [editingId, setEditingId] = useState<string | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const list = forms.data ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('ticketForms.forms.intro')}
      </Text>
      {canManage ? (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditingId(null)}>
            {t('ticketForms.forms.add')}
          </Button>
        </Group>
      ) : null}
      {forms.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1].map((row) => (
            <Skeleton key={row} height={48} radius="sm" />
          ))}
        </Stack>
      ) : forms.isError ? (
        <ErrorState error={forms.error} onRetry={() => void forms.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t('ticketForms.forms.empty')}>{t('ticketForms.forms.emptyHint')}</EmptyState>
      ) : (
        <Stack gap="xs" role="list" aria-label={t('ticketForms.forms.title')}>
          {list.map((form) => (
            <Paper key={form.id} withBorder p="xs" px="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" truncate>
                    {form.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {t('ticketForms.forms.fieldCount', { count: form.fieldCount })}
                    {form.description ? ` · ${form.description}` : ''}
                  </Text>
                </div>
                {canManage ? (
                  <RowActions
                    editLabel={t('csLibrary.editNamed', { name: form.title })}
                    deleteLabel={t('csLibrary.deleteNamed', { name: form.title })}
                    onEdit={() => setEditingId(form.id)}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(form);
                    }}
                  />
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editingId !== undefined ? (
        <FormEditorLoader id={editingId} onClose={() => setEditingId(undefined)} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('ticketForms.forms.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                message: t('csLibrary.deleted', { name: deleting.title }),
              });
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      >
        <Text>{t('ticketForms.forms.deleteConfirm', { name: deleting?.title ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function FormEditorLoader({ id, onClose }: { id: string | null; onClose: () => void }) {
  const form = useTicketForm(id);
  if (id && !form.data) return null;
  return <FormEditor form={form.data ?? null} onClose={onClose} />;
}

function FormEditor({ form, onClose }: { form: TicketForm | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveForm();
  const allFields = useTicketFields('', 1, 100);
  const [title, setTitle] = useState(form?.title ?? '');
  const [description, setDescription] = useState(form?.description ?? '');
  const [fields, setFields] = useState(
    form?.fields.map((f) => ({ fieldId: f.id, mandatory: f.mandatory })) ?? [],
  );
  const [touched, setTouched] = useState(false);
  const local = validate(ticketFormInputSchema, { title, description, fields });
  const server = fieldErrorsOf(save.error);
  const errors = { title: local.errors.title ?? server.title, fields: local.errors.fields ?? server.fields };
  const byId = new Map((allFields.data?.contents ?? []).map((f) => [f.id, f]));
  const available = (allFields.data?.contents ?? []).filter((f) => !fields.some((x) => x.fieldId === f.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!local.success) return;
    save.mutate(
      { id: form?.id ?? null, body: { title, description, fields } },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(form ? 'csLibrary.updated' : 'csLibrary.created', { name: saved.title }),
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
      size="lg"
      title={t(form ? 'ticketForms.forms.editTitle' : 'ticketForms.forms.addTitle')}
      onSubmit={submit}
      saveError={save.error}
      pending={save.isPending}
      submitLabel={t('common.save')}
    >
      <TextInput
        data-autofocus
        required
        label={t('ticketForms.forms.name')}
        value={title}
        onChange={(event) => {
          setTitle(event.currentTarget.value);
          if (save.isError) save.reset();
        }}
        error={touched ? message(errors.title) : undefined}
      />
      <Textarea
        label={t('ticketForms.forms.description')}
        autosize
        minRows={1}
        maxRows={3}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <Stack gap="xs" role="group" aria-label={t('ticketForms.forms.fieldsLabel')}>
        <Text size="sm" fw={500}>
          {t('ticketForms.forms.fieldsLabel')}
        </Text>
        {fields.map((entry, index) => (
          <Paper key={entry.fieldId} withBorder p="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {byId.get(entry.fieldId)?.title ??
                  form?.fields.find((f) => f.id === entry.fieldId)?.title ??
                  '…'}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Checkbox
                  size="xs"
                  label={t('ticketForms.forms.mandatory')}
                  checked={entry.mandatory}
                  onChange={(event) => {
                    const mandatory = event.currentTarget.checked;
                    setFields((all) => all.map((f, i) => (i === index ? { ...f, mandatory } : f)));
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('ticketForms.forms.removeField')}
                  onClick={() => setFields((all) => all.filter((_, i) => i !== index))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
        <Select
          aria-label={t('ticketForms.forms.addField')}
          placeholder={
            available.length ? t('ticketForms.forms.addField') : t('ticketForms.forms.noMoreFields')
          }
          data={available.map((f) => ({
            value: f.id,
            label: `${f.title} (${t(`ticketForms.types.${f.type}`)})`,
          }))}
          value={null}
          searchable
          onChange={(value) => value && setFields((all) => [...all, { fieldId: value, mandatory: false }])}
          comboboxProps={{ withinPortal: true }}
          error={touched ? message(errors.fields) : undefined}
        />
      </Stack>
    </FormModal>
  );
}

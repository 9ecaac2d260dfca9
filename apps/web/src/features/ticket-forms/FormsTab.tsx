import { ActionIcon, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { type TicketForm, ticketFormInputSchema } from '@sapa/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { RowActions } from '../../shared/ui/RowActions';
import {
  DeleteConfirm,
  ListState,
  ListToolbar,
  TitledItemModal,
  useTitledItem,
} from '../cs-library/SettingsList';
import { useDeleteForm, useSaveForm, useTicketFields, useTicketForm, useTicketForms } from './api';

/** 000 §7 ticket-form list and detail: forms group fields, each mandatory or optional; admins manage them. */
export function FormsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const forms = useTicketForms();
  const remove = useDeleteForm();
  const [editingId, setEditingId] = useState<string | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  return (
    <Stack gap="md">
      <ListToolbar
        intro={t('ticketForms.forms.intro')}
        addLabel={t('ticketForms.forms.add')}
        onAdd={canManage ? () => setEditingId(null) : null}
      />
      <ListState
        query={forms}
        items={forms.data ?? []}
        emptyTitle={t('ticketForms.forms.empty')}
        emptyHint={t('ticketForms.forms.emptyHint')}
      >
        {(list) => (
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
      </ListState>
      {editingId !== undefined ? (
        <FormEditorLoader id={editingId} onClose={() => setEditingId(undefined)} />
      ) : null}
      <DeleteConfirm
        item={deleting}
        title={t('ticketForms.forms.deleteTitle')}
        message={t('ticketForms.forms.deleteConfirm', { name: deleting?.title ?? '' })}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
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
  const item = useTitledItem(form);
  const { title, description, touched } = item;
  const [fields, setFields] = useState(
    form?.fields.map((f) => ({ fieldId: f.id, mandatory: f.mandatory })) ?? [],
  );
  const local = validate(ticketFormInputSchema, { title, description, fields });
  const server = fieldErrorsOf(save.error);
  const errors = { title: local.errors.title ?? server.title, fields: local.errors.fields ?? server.fields };
  const byId = new Map((allFields.data?.contents ?? []).map((f) => [f.id, f]));
  const available = (allFields.data?.contents ?? []).filter((f) => !fields.some((x) => x.fieldId === f.id));
  return (
    <TitledItemModal
      heading={t(form ? 'ticketForms.forms.editTitle' : 'ticketForms.forms.addTitle')}
      labels={{ title: t('ticketForms.forms.name'), description: t('ticketForms.forms.description') }}
      form={item}
      titleError={message(errors.title)}
      valid={local.success}
      id={form?.id ?? null}
      body={{ title, description, fields }}
      save={save}
      onClose={onClose}
    >
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
    </TitledItemModal>
  );
}

import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  checkTicketFormValues,
  parseEmailCc,
  type TicketFieldValue,
  type TicketFormField,
  type TicketSummary,
} from '@sapa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { QueryState } from '../../shared/ui/QueryState';
import {
  useSaveTicketFormState,
  useTicketForm,
  useTicketFormState,
  useTicketForms,
  useTimeTotals,
} from './api';
import { formatDuration } from './duration';
import { flushTicketTime } from './useTicketTimeTracker';

/**
 * The chat room's "Ticket form" section (000 §3 ticket form state: ticketForm, emailCC and custom fields;
 * chatPriority and chatCategory are the ticket's own, edited just above): pick a form, fill its fields
 * (mandatory ones marked), save; the spec's "form info save" failure is shown with the fields at fault.
 * Below, the time spent on the ticket (000 §3 time tracker).
 */
export function TicketFormSection({ ticket, disabled }: { ticket: TicketSummary; disabled: boolean }) {
  const { t } = useTranslation();
  const message = useMessage();
  const state = useTicketFormState(ticket.id);
  const forms = useTicketForms();
  const save = useSaveTicketFormState();
  const [formId, setFormId] = useState<string | null>(null);
  const [emailCc, setEmailCc] = useState('');
  const [values, setValues] = useState<Record<string, TicketFieldValue>>({});
  const [touched, setTouched] = useState(false);
  const form = useTicketForm(formId);
  const saved = state.data;
  useEffect(() => {
    if (!saved) return;
    setFormId(saved.form?.id ?? null);
    setEmailCc(saved.emailCc);
    setValues(saved.values);
    setTouched(false);
  }, [saved]);

  const fields = formId ? (form.data?.fields ?? saved?.form?.fields ?? []) : [];
  const local: Record<string, string> = { ...checkTicketFormValues(fields, values) };
  if (parseEmailCc(emailCc) === null) local.emailCc = 'ticketForm.emailCcInvalid';
  const server = fieldErrorsOf(save.error);
  const problem = (key: string) => (touched ? message(local[key] ?? server[key]) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(local).length > 0) return;
    save.mutate(
      {
        ticketId: ticket.id,
        body: {
          ticketFormId: formId,
          chatPriority: ticket.priority,
          chatCategoryId: ticket.categoryId,
          emailCc,
          values,
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('ticketForms.saved') });
          flushTicketTime(ticket.id);
        },
      },
    );
  };

  return (
    <section aria-labelledby="side-panel-form" data-testid="ticket-form-section">
      <Title order={3} size="h6" id="side-panel-form" mb="xs">
        {t('ticketForms.section')}
      </Title>
      <QueryState
        query={state}
        loading={
          <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={30} />
            <Skeleton height={30} />
          </Stack>
        }
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Select
              size="xs"
              label={t('ticketForms.form')}
              placeholder={forms.data?.length ? t('ticketForms.chooseForm') : t('ticketForms.noForms')}
              data={(forms.data ?? []).map((f) => ({ value: f.id, label: f.title }))}
              value={formId}
              onChange={setFormId}
              clearable
              disabled={disabled}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              size="xs"
              label={t('ticketForms.emailCc')}
              description={t('ticketForms.emailCcHint')}
              placeholder="nama@contoh.com, lain@contoh.com"
              value={emailCc}
              onChange={(event) => setEmailCc(event.currentTarget.value)}
              error={problem('emailCc')}
              disabled={disabled}
            />
            {formId && form.isPending && !saved?.form ? <Skeleton height={30} /> : null}
            {fields.map((field) => (
              <FieldInput
                key={field.id}
                field={field}
                value={values[field.id] ?? null}
                onChange={(value) => setValues((all) => ({ ...all, [field.id]: value }))}
                error={problem(`values.${field.id}`) ?? (touched ? message(local[field.id]) : undefined)}
                disabled={disabled}
              />
            ))}
            {save.isError ? (
              <Alert color="red" p="xs" role="alert">
                <Text size="xs">{errorMessage(save.error)}</Text>
              </Alert>
            ) : null}
            {disabled ? null : (
              <Group justify="flex-end">
                <Button type="submit" size="xs" loading={save.isPending}>
                  {t('ticketForms.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </QueryState>
      <TimeSpent ticketId={ticket.id} />
    </section>
  );
}

/** One custom field's input by its type (also used by the bulk action dialog). */
export function FieldInput({
  field,
  value,
  onChange,
  error,
  disabled,
}: {
  field: TicketFormField;
  value: TicketFieldValue;
  onChange: (value: TicketFieldValue) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const common = { size: 'xs' as const, label: field.title, required: field.mandatory, error, disabled };
  switch (field.type) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value || null)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          clearable
          placeholder={t('ticketForms.choose')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multi-select':
      return (
        <MultiSelect
          {...common}
          data={field.options}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          placeholder={t('ticketForms.choose')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          size="xs"
          label={field.title}
          required={field.mandatory}
          error={error}
          disabled={disabled}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
  }
}

function TimeSpent({ ticketId }: { ticketId: string }) {
  const { t, i18n } = useTranslation();
  const totals = useTimeTotals(ticketId);
  if (!totals.data || totals.data.totalSeconds === 0) return null;
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <Text size="xs" c="dimmed" mt="sm" data-testid="time-spent">
      {t('ticketForms.timeSpent', {
        total: formatDuration(totals.data.totalSeconds, lang),
        mine: formatDuration(totals.data.mySeconds, lang),
      })}
    </Text>
  );
}

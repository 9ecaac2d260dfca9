import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type BulkSelection,
  bulkActionSchema,
  can,
  checkTicketFormValues,
  csCapabilitiesOf,
  MESSAGE_TEXT_MAX,
  type Me,
  TICKET_REMARKS_MAX,
  TICKET_TAG_MAX,
  TICKET_TAGS_MAX,
} from '@sapa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignableUsers, useTicketTags } from '../../entities/ticket';
import { accessSubjectOf, errorMessage } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { limitProps } from '../../shared/ui/limitProps';
import { FieldInput, useTicketForm, useTicketForms } from '../ticket-forms';
import { useBulkGroups, useBulkMacros, useStartBulkJob } from './api';
import { actionOf, type Draft, EMPTY } from './draft';

/**
 * 000 §3 bulk ticket action: status (resolve), priority, tags to add and remove, a public reply or an
 * internal note, an agent, remarks. Confirmed before it starts (it cannot be undone).
 */
export function BulkActionModal({
  opened,
  onClose,
  onStarted,
  selection,
  count,
  me,
}: {
  opened: boolean;
  onClose: () => void;
  onStarted: () => void;
  selection: BulkSelection;
  count: number;
  me: Me;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const canPickUsers = can(accessSubjectOf(me), 'SETTING_ADMIN');
  const users = useAssignableUsers(debounced, opened && canPickUsers);
  const tags = useTicketTags();
  // 000 §6: only supervisors (and users without a CS position) assign chats.
  const canAssign = csCapabilitiesOf(me.csPosition).canAssign;
  const groups = useBulkGroups(opened && canAssign);
  const macros = useBulkMacros(opened);
  const forms = useTicketForms();
  const form = useTicketForm(draft.form);
  const fields = draft.form ? (form.data?.fields ?? []) : [];
  const [formTouched, setFormTouched] = useState(false);
  // Mandatory values missing, values that do not fit (000 §3 ticket form state).
  const formProblems: Record<string, string> = checkTicketFormValues(fields, draft.formValues);
  const start = useStartBulkJob();
  const set = (patch: Partial<Draft>) => {
    setProblem(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const close = () => {
    setDraft(EMPTY);
    setFormTouched(false);
    setConfirming(false);
    setProblem(null);
    start.reset();
    onClose();
  };
  const review = () => {
    setFormTouched(true);
    if (draft.form && (form.isPending || Object.keys(formProblems).length > 0)) {
      setProblem(message('ticketForm.saveFailed') ?? null);
      return;
    }
    const parsed = bulkActionSchema.safeParse(actionOf(draft));
    if (!parsed.success) {
      setProblem(message(parsed.error.issues[0]?.message) ?? null);
      return;
    }
    setConfirming(true);
  };
  const run = () =>
    start.mutate(
      { selection, action: actionOf(draft) },
      {
        onSuccess: () => {
          setDraft(EMPTY);
          setConfirming(false);
          onStarted();
        },
      },
    );
  const assigneeOptions = [
    { value: me.user.id, label: t('bulk.assignToMe') },
    ...(users.data ?? []).filter((u) => u.id !== me.user.id).map((u) => ({ value: u.id, label: u.name })),
  ];
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={confirming ? t('bulk.confirmTitle') : t('bulk.title', { count })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {confirming ? (
        <Stack gap="md" data-testid="bulk-confirm">
          <Text>{t('bulk.confirmText', { count })}</Text>
          {draft.resolve ? <Text fw={600}>{t('bulk.confirmResolve')}</Text> : null}
          {draft.form ? (
            <Text fw={600}>
              {t('bulk.confirmForm', {
                name: forms.data?.find((f) => f.id === draft.form)?.title ?? '',
              })}
            </Text>
          ) : null}
          {draft.message.trim() && draft.visibility === 'public' ? (
            <Text fw={600}>{t('bulk.confirmPublic')}</Text>
          ) : null}
          {start.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(start.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.back')}
            </Button>
            <Button color="red" loading={start.isPending} onClick={run} data-autofocus>
              {t('bulk.apply', { count })}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Switch
            label={t('bulk.resolve')}
            checked={draft.resolve}
            onChange={(e) => set({ resolve: e.currentTarget.checked })}
            data-autofocus
          />
          <Group grow align="flex-start">
            <Select
              label={t('bulk.priority')}
              placeholder={t('bulk.unchanged')}
              clearable
              value={draft.priority}
              onChange={(value) => set({ priority: value })}
              data={[
                { value: '3', label: t('inbox.priority.3') },
                { value: '2', label: t('inbox.priority.2') },
                { value: '1', label: t('inbox.priority.1') },
              ]}
            />
            {canAssign ? (
              <Select
                label={t('bulk.assignee')}
                placeholder={t('bulk.unchanged')}
                clearable
                searchable={canPickUsers}
                onSearchChange={setSearch}
                value={draft.assignee}
                onChange={(value) => set({ assignee: value })}
                data={assigneeOptions}
                nothingFoundMessage={t('bulk.noUser')}
              />
            ) : null}
          </Group>
          <Group grow align="flex-start">
            {canAssign ? (
              <Select
                label={t('bulk.group')}
                placeholder={t('bulk.unchanged')}
                clearable
                value={draft.group}
                onChange={(value) => set({ group: value })}
                data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              />
            ) : null}
            <Select
              label={t('bulk.macro')}
              placeholder={t('bulk.unchanged')}
              clearable
              searchable
              value={draft.macro}
              onChange={(value) => set({ macro: value })}
              data={(macros.data ?? []).map((m) => ({ value: m.id, label: m.title }))}
              nothingFoundMessage={t('bulk.noMacro')}
            />
          </Group>
          <Group grow align="flex-start">
            <TagsInput
              label={t('bulk.addTags')}
              placeholder={t('bulk.tagPlaceholder')}
              data={tags.data ?? []}
              value={draft.addTags}
              maxTags={TICKET_TAGS_MAX}
              maxLength={TICKET_TAG_MAX}
              onChange={(value) => set({ addTags: value })}
            />
            <TagsInput
              label={t('bulk.removeTags')}
              placeholder={t('bulk.tagPlaceholder')}
              data={tags.data ?? []}
              value={draft.removeTags}
              maxTags={TICKET_TAGS_MAX}
              maxLength={TICKET_TAG_MAX}
              onChange={(value) => set({ removeTags: value })}
            />
          </Group>
          <Stack gap={4}>
            <Group justify="space-between" align="flex-end">
              <Text size="sm" fw={500} component="label" htmlFor="bulk-message">
                {t('bulk.message')}
              </Text>
              <SegmentedControl
                size="xs"
                aria-label={t('bulk.sendAs')}
                value={draft.visibility}
                onChange={(value) => set({ visibility: value === 'public' ? 'public' : 'internal' })}
                data={[
                  { value: 'internal', label: t('bulk.internal') },
                  { value: 'public', label: t('bulk.public') },
                ]}
              />
            </Group>
            <Textarea
              id="bulk-message"
              placeholder={t('bulk.messagePlaceholder')}
              autosize
              minRows={2}
              maxRows={5}
              value={draft.message}
              onChange={(e) => set({ message: e.currentTarget.value })}
              {...limitProps(draft.message, MESSAGE_TEXT_MAX, t, {
                description: draft.visibility === 'public' ? t('bulk.publicHint') : t('bulk.internalHint'),
              })}
            />
          </Stack>
          <Stack gap={6} data-testid="bulk-form">
            <Select
              label={t('bulk.form')}
              placeholder={forms.data?.length ? t('bulk.unchanged') : t('bulk.noForms')}
              clearable
              searchable
              value={draft.form}
              onChange={(value) => set({ form: value, formValues: {} })}
              data={(forms.data ?? []).map((f) => ({ value: f.id, label: f.title }))}
              description={draft.form ? t('bulk.formHint') : undefined}
              comboboxProps={{ withinPortal: true }}
            />
            {draft.form && form.isPending ? <Text size="xs">{t('common.loading')}</Text> : null}
            {fields.map((field) => (
              <FieldInput
                key={field.id}
                field={field}
                value={draft.formValues[field.id] ?? null}
                onChange={(value) => set({ formValues: { ...draft.formValues, [field.id]: value } })}
                error={formTouched ? message(formProblems[field.id]) : undefined}
                disabled={false}
              />
            ))}
          </Stack>
          <Textarea
            label={t('bulk.remarks')}
            placeholder={t('bulk.unchanged')}
            autosize
            minRows={1}
            maxRows={4}
            {...limitProps(draft.remarks, TICKET_REMARKS_MAX, t)}
            value={draft.remarks}
            onChange={(e) => set({ remarks: e.currentTarget.value })}
          />
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={review} data-testid="bulk-review">
              {t('bulk.next')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

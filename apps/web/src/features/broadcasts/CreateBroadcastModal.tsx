import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  BROADCAST_NOTE_MAX,
  type BroadcastVariableSource,
  checkRecipientNumbers,
  createBroadcastSchema,
  type ManagedTemplate,
  renderTemplateBody,
  scheduleProblem,
  splitRecipientNumbers,
  TEMPLATE_CONTACT_FIELDS,
} from '@sapa/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { formatNumber } from '../../shared/time';
import { FormModal } from '../../shared/ui/FormModal';
import {
  useApprovedTemplates,
  useContactOptions,
  useCreateBroadcast,
  useEstimateBroadcast,
  useGroupOptions,
  useUploadBroadcastImage,
  useUploadRecipientSheet,
} from './api';
import { BroadcastImageField } from './BroadcastImageField';
import { detailPath } from './paths';
import { RecipientProblems } from './RecipientProblems';
import { SenderSelect, useSender } from './SenderSelect';

type VariableChoice = { source: 'contact'; field: string } | { source: 'manual'; value: string };

/** The default source of each variable: its contact field, else a typed value. */
const defaultsOf = (t: ManagedTemplate | undefined): VariableChoice[] =>
  (t?.variables ?? []).map((v) =>
    v.contactField ? { source: 'contact', field: v.contactField } : { source: 'manual', value: '' },
  );

/** A local date and time (the browser's zone) as epoch ms, or null when incomplete. */
function scheduledAtOf(date: string, time: string): number | null {
  if (!date || !time) return null;
  const at = new Date(`${date}T${time}`).getTime();
  return Number.isNaN(at) ? null : at;
}

/**
 * 001 §2, §3, §5 create broadcast: sender, an approved template, recipients from typed or pasted numbers,
 * contacts, contact groups or an uploaded sheet, each variable from a contact field or typed, an image when the
 * template's header is one, send now or at a time ('Selected time has passed current time.'), a note.
 */
export function CreateBroadcastModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const templates = useApprovedTemplates();
  const groups = useGroupOptions();
  const [contactSearch, setContactSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(contactSearch, 250);
  const contactOptions = useContactOptions(debouncedSearch);
  const create = useCreateBroadcast();
  const estimate = useEstimateBroadcast();
  const sheetUpload = useUploadRecipientSheet();
  const imageUpload = useUploadBroadcastImage();
  const [requestId] = useState(() => crypto.randomUUID());
  const [senderId, setSenderId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [numbers, setNumbers] = useState('');
  const [contactIds, setContactIds] = useState<string[]>([]);
  const [contactLabels, setContactLabels] = useState<Record<string, string>>({});
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [variables, setVariables] = useState<VariableChoice[]>([]);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);

  const sender = useSender(senderId);
  const template = templates.data?.find((x) => x.id === templateId);
  /** 001 §3 broadcast image: offered when the template's header is an image, sent as that header. */
  const imageHeader = template?.headerType === 'image';
  const imageId = imageHeader ? imageUpload.data?.id : undefined;
  const entries = splitRecipientNumbers(numbers);
  const numberCheck = checkRecipientNumbers(entries);
  const scheduledAt = when === 'later' ? scheduledAtOf(date, time) : null;
  const sources: BroadcastVariableSource[] = variables.map((v) =>
    v.source === 'contact' ? { source: 'contact', field: v.field, fallback: '' } : v,
  );
  const body = {
    channelAccountId: sender ?? '',
    templateId: templateId ?? '',
    recipients: {
      numbers: entries,
      contactIds,
      groupIds,
      ...(sheetUpload.data ? { sheetId: sheetUpload.data.id } : {}),
    },
    variables: sources,
    ...(imageId ? { imageId } : {}),
    scheduledAt,
    note,
    clientRequestId: requestId,
  };
  const parsed = createBroadcastSchema.safeParse(body);
  const local: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) local[issue.path.slice(0, 2).join('.')] ??= issue.message;
  const timeProblem =
    when === 'later'
      ? scheduledAt === null
        ? 'validation.fieldRequired'
        : scheduleProblem(scheduledAt, Date.now())
      : null;
  const server = fieldErrorsOf(create.error);
  const show = (key: string | null | undefined) => (touched ? message(key) : undefined);

  const preview = useMemo(() => {
    if (!template) return '';
    const values = variables.map((v) =>
      v.source === 'manual'
        ? v.value
        : `[${t(`broadcasts.contactField.${v.field}`, { defaultValue: v.field })}]`,
    );
    return renderTemplateBody(
      template.body,
      values.map((x, i) => x || template.variables[i]?.sample || ''),
    );
  }, [template, variables, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || timeProblem) return;
    create.mutate(parsed.data as never, {
      onSuccess: (b) => {
        notifications.show({
          color: 'green',
          message: t(
            `broadcasts.created.${b.status === 'need_approval' ? 'approval' : b.status === 'scheduled' ? 'scheduled' : 'sending'}`,
          ),
        });
        onClose();
        navigate(detailPath(b.id));
      },
    });
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('broadcasts.createTitle')}
      size="xl"
      onSubmit={submit}
      saveError={create.error}
      pending={create.isPending || imageUpload.isPending}
      submitLabel={when === 'later' ? t('broadcasts.schedule') : t('broadcasts.sendNow')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SenderSelect
          value={sender}
          onChange={setSenderId}
          error={show(local.channelAccountId) ?? server.channelAccountId}
        />
        <Select
          label={t('broadcasts.template')}
          required
          searchable
          placeholder={t('broadcasts.templatePlaceholder')}
          data={(templates.data ?? []).map((x) => ({ value: x.id, label: `${x.name} · ${x.language}` }))}
          value={templateId}
          onChange={(id) => {
            setTemplateId(id);
            setVariables(defaultsOf(templates.data?.find((x) => x.id === id)));
            imageUpload.reset();
          }}
          error={show(local.templateId) ?? server.templateId}
          nothingFoundMessage={t('broadcasts.noTemplates')}
        />
      </SimpleGrid>
      {template ? (
        <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
          <Group gap="xs" mb={4}>
            <Badge variant="light">{template.category}</Badge>
            {template.subCategory ? <Badge variant="outline">{template.subCategory}</Badge> : null}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-label={t('broadcasts.preview')}>
            {preview}
          </Text>
        </Paper>
      ) : null}
      {template && template.variables.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('broadcasts.variables')}
          </Text>
          {template.variables.map((v, i) => {
            const choice = variables[i] ?? { source: 'manual', value: '' };
            return (
              <Group key={v.name} gap="xs" align="flex-start" grow>
                <Select
                  label={`{{${i + 1}}} ${v.name}`}
                  data={[
                    ...TEMPLATE_CONTACT_FIELDS.map((f) => ({
                      value: `contact:${f}`,
                      label: t(`broadcasts.contactField.${f}`),
                    })),
                    { value: 'manual', label: t('broadcasts.manualValue') },
                  ]}
                  value={choice.source === 'contact' ? `contact:${choice.field}` : 'manual'}
                  onChange={(val) =>
                    setVariables((all) =>
                      all.map((x, j) =>
                        j === i
                          ? val?.startsWith('contact:')
                            ? { source: 'contact', field: val.slice(8) }
                            : { source: 'manual', value: '' }
                          : x,
                      ),
                    )
                  }
                  allowDeselect={false}
                />
                {choice.source === 'manual' ? (
                  <TextInput
                    label={t('broadcasts.value')}
                    placeholder={v.sample}
                    value={choice.value}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setVariables((all) => all.map((x, j) => (j === i ? { source: 'manual', value } : x)));
                    }}
                    error={show(local[`variables.${i}`])}
                  />
                ) : null}
              </Group>
            );
          })}
        </Stack>
      ) : null}
      {imageHeader ? (
        <BroadcastImageField key={templateId} upload={imageUpload} error={server.imageId} />
      ) : null}
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('broadcasts.recipientsTitle')}
        </Text>
        <Textarea
          label={t('broadcasts.numbers')}
          description={t('broadcasts.numbersHint')}
          autosize
          minRows={2}
          maxRows={6}
          value={numbers}
          onChange={(e) => setNumbers(e.currentTarget.value)}
          error={numberCheck.problems.length ? undefined : show(local['recipients.numbers'])}
        />
        <RecipientProblems
          testId="number-problems"
          problems={numberCheck.problems.map((p) => ({ label: p.value, problem: p.problem }))}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t('broadcasts.contacts')}
            searchable
            searchValue={contactSearch}
            onSearchChange={setContactSearch}
            data={[
              ...contactIds.map((id) => ({ value: id, label: contactLabels[id] ?? id })),
              ...(contactOptions.data ?? [])
                .filter((c) => c.phone && !contactIds.includes(c.id))
                .map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` })),
            ]}
            value={contactIds}
            onChange={(ids) => {
              const labels = { ...contactLabels };
              for (const c of contactOptions.data ?? []) labels[c.id] = `${c.name} (${c.phone})`;
              setContactLabels(labels);
              setContactIds(ids);
            }}
            nothingFoundMessage={t('broadcasts.noContacts')}
            filter={({ options }) => options}
          />
          <MultiSelect
            label={t('broadcasts.groups')}
            data={(groups.data ?? []).map((g) => ({
              value: g.id,
              label: `${g.name} (${formatNumber(g.memberCount, i18n.language)})`,
            }))}
            value={groupIds}
            onChange={setGroupIds}
            nothingFoundMessage={t('broadcasts.noGroups')}
            searchable
          />
        </SimpleGrid>
        <FileInput
          label={t('broadcasts.sheet')}
          description={t('broadcasts.sheetHint')}
          accept=".xlsx,.xls,.csv"
          clearable
          placeholder={t('broadcasts.sheetPlaceholder')}
          onChange={(file) => (file ? sheetUpload.mutate(file) : sheetUpload.reset())}
          error={sheetUpload.error ? errorMessage(sheetUpload.error) : undefined}
        />
        {sheetUpload.data ? (
          <Text size="xs" c={sheetUpload.data.problems.length ? 'orange' : 'dimmed'}>
            {t('broadcasts.sheetRows', {
              count: sheetUpload.data.rows,
              problems: sheetUpload.data.problems.length,
            })}
          </Text>
        ) : null}
        {sheetUpload.data ? (
          <RecipientProblems
            color="orange"
            testId="sheet-problems"
            problems={sheetUpload.data.problems.map((p) => ({
              label: t('broadcasts.sheetRow', { row: p.row, value: p.value }),
              problem: p.problem,
            }))}
          />
        ) : null}
        {touched && local.recipients ? (
          <Text size="sm" c="red" role="alert">
            {message(local.recipients)}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            disabled={!sender || !templateId}
            loading={estimate.isPending}
            onClick={() =>
              estimate.mutate({
                channelAccountId: sender ?? '',
                templateId: templateId ?? '',
                recipients: body.recipients,
              })
            }
          >
            {t('broadcasts.estimate')}
          </Button>
          {estimate.data ? (
            <Text size="sm" c={estimate.data.sufficient ? undefined : 'red'}>
              {t('broadcasts.estimateResult', {
                count: estimate.data.recipients,
                cost: formatNumber(estimate.data.cost, i18n.language),
                balance: formatNumber(estimate.data.balance, i18n.language),
              })}
            </Text>
          ) : estimate.error ? (
            <Text size="sm" c="red">
              {errorMessage(estimate.error)}
            </Text>
          ) : null}
        </Group>
      </Stack>
      <Radio.Group label={t('broadcasts.when')} value={when} onChange={(v) => setWhen(v as 'now' | 'later')}>
        <Group mt={4}>
          <Radio value="now" label={t('broadcasts.sendNow')} />
          <Radio value="later" label={t('broadcasts.scheduleLater')} />
        </Group>
      </Radio.Group>
      {when === 'later' ? (
        <SimpleGrid cols={2}>
          <TextInput
            type="date"
            label={t('broadcasts.scheduleDate')}
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={show(timeProblem) ?? server.scheduledAt}
          />
          <TextInput
            type="time"
            label={t('broadcasts.scheduleTime')}
            required
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
          />
        </SimpleGrid>
      ) : null}
      <Textarea
        label={t('broadcasts.note')}
        autosize
        minRows={2}
        maxLength={BROADCAST_NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={show(local.note)}
      />
      {create.error && fieldErrorsOf(create.error).recipients ? (
        <Alert color="red">{fieldErrorsOf(create.error).recipients}</Alert>
      ) : null}
    </FormModal>
  );
}

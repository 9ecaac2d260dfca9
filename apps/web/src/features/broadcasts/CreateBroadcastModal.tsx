import { Alert, Select, SimpleGrid, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BROADCAST_NOTE_MAX,
  type BroadcastVariableSource,
  checkRecipientNumbers,
  createBroadcastSchema,
  type ManagedTemplate,
  scheduleProblem,
  splitRecipientNumbers,
} from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { FormModal } from '../../shared/ui/FormModal';
import { limitProps } from '../../shared/ui/limitProps';
import {
  useApprovedTemplates,
  useCreateBroadcast,
  useUploadBroadcastImage,
  useUploadRecipientSheet,
} from './api';
import { BroadcastImageField } from './BroadcastImageField';
import {
  RecipientFields,
  ScheduleFields,
  TemplateSummary,
  type VariableChoice,
  VariableSources,
  type When,
} from './CreateBroadcastSections';
import { detailPath } from './paths';
import { SenderSelect, useSender } from './SenderSelect';

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
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const templates = useApprovedTemplates();
  const create = useCreateBroadcast();
  const sheetUpload = useUploadRecipientSheet();
  const imageUpload = useUploadBroadcastImage();
  const [requestId] = useState(() => crypto.randomUUID());
  const [senderId, setSenderId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [numbers, setNumbers] = useState('');
  const [contactIds, setContactIds] = useState<string[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [variables, setVariables] = useState<VariableChoice[]>([]);
  const [when, setWhen] = useState<When>('now');
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
      {template ? <TemplateSummary template={template} variables={variables} /> : null}
      {template && template.variables.length > 0 ? (
        <VariableSources
          template={template}
          variables={variables}
          onChange={setVariables}
          errorOf={(i) => show(local[`variables.${i}`])}
        />
      ) : null}
      {imageHeader ? (
        <BroadcastImageField key={templateId} upload={imageUpload} error={server.imageId} />
      ) : null}
      <RecipientFields
        numbers={numbers}
        onNumbers={setNumbers}
        numbersError={numberCheck.problems.length ? undefined : show(local['recipients.numbers'])}
        numberProblems={numberCheck.problems.map((p) => ({ label: p.value, problem: p.problem }))}
        contactIds={contactIds}
        onContactIds={setContactIds}
        groupIds={groupIds}
        onGroupIds={setGroupIds}
        sheetUpload={sheetUpload}
        recipientsError={touched && local.recipients ? message(local.recipients) : undefined}
        estimateFor={
          sender && templateId ? { channelAccountId: sender, templateId, recipients: body.recipients } : null
        }
      />
      <ScheduleFields
        when={when}
        onWhen={setWhen}
        date={date}
        onDate={setDate}
        time={time}
        onTime={setTime}
        error={show(timeProblem) ?? server.scheduledAt}
      />
      <Textarea
        label={t('broadcasts.note')}
        autosize
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        {...limitProps(note, BROADCAST_NOTE_MAX, t, { error: show(local.note) })}
      />
      {create.error && fieldErrorsOf(create.error).recipients ? (
        <Alert color="red">{fieldErrorsOf(create.error).recipients}</Alert>
      ) : null}
    </FormModal>
  );
}

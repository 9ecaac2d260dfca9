import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type ManagedTemplate,
  TEMPLATE_BODY_MAX,
  TEMPLATE_BUTTON_TEXT_MAX,
  TEMPLATE_BUTTONS_MAX,
  TEMPLATE_CATEGORIES,
  TEMPLATE_CONTACT_FIELDS,
  TEMPLATE_HEADER_TEXT_MAX,
  TEMPLATE_HEADER_TYPES,
  TEMPLATE_LANGUAGES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBCATEGORIES,
  TEMPLATE_TYPES,
  type TemplateButtonInput,
  type TemplateCategory,
  type TemplateContactField,
  type TemplateHeaderType,
  type TemplateInput,
  type TemplateType,
} from '@sapa/contracts';
import { IconPlus, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { ErrorState } from '../../shared/ui/ErrorState';
import { PageLoader } from '../../shared/ui/PageLoader';
import { useSaveTemplate, useWhatsappAccounts, useWhatsappTemplate } from './api';
import { BackToTemplates } from './BackToTemplates';
import { type DraftVariable, draftProblems, previewText, variablesOfBody } from './draft';
import { StatusBadge } from './StatusBadge';
import { TemplatePreview } from './TemplatePreview';

interface Draft {
  channelAccountId: string;
  name: string;
  language: string;
  category: TemplateCategory;
  subCategory: string;
  headerType: TemplateHeaderType;
  headerText: string;
  headerMediaUrl: string;
  body: string;
  footer: string;
  variables: DraftVariable[];
  buttons: TemplateButtonInput[];
  templateType: TemplateType;
  isFollowUp: boolean;
  isNewMessage: boolean;
}

const emptyDraft: Draft = {
  channelAccountId: '',
  name: '',
  language: 'id',
  category: 'MARKETING',
  subCategory: 'custom',
  headerType: 'none',
  headerText: '',
  headerMediaUrl: '',
  body: '',
  footer: '',
  variables: [],
  buttons: [],
  templateType: 'static',
  isFollowUp: false,
  isNewMessage: false,
};

function draftOf(t: ManagedTemplate): Draft {
  return {
    channelAccountId: t.channelAccountId ?? '',
    name: t.name,
    language: t.language,
    category: t.category as TemplateCategory,
    subCategory: t.subCategory ?? '',
    headerType: t.headerType,
    headerText: t.headerText ?? '',
    headerMediaUrl: t.headerMediaUrl ?? '',
    body: t.body,
    footer: t.footer ?? '',
    variables: t.variables.map((v) => ({
      name: v.name,
      sample: v.sample,
      contactField: v.contactField as TemplateContactField | null,
    })),
    buttons: t.buttons,
    templateType: t.templateType as TemplateType,
    isFollowUp: t.isFollowUp,
    isNewMessage: t.isNewMessage,
  };
}

function inputOf(d: Draft): TemplateInput {
  return {
    ...d,
    subCategory: d.subCategory || null,
    headerText: d.headerText || null,
    headerMediaUrl: d.headerMediaUrl || null,
    footer: d.footer || null,
  } as TemplateInput;
}

/** /template/create/whatsapp and /template/edit/whatsapp?template=… (001 §2, §3, §5). */
export function TemplateFormPage() {
  const [params] = useSearchParams();
  const id = params.get('template');
  // /follow-up/create|edit/whatsapp (000 §2 follow-up chat template): the same form, offered for expired chats.
  const followUp = useLocation().pathname.startsWith('/follow-up/');
  const existing = useWhatsappTemplate(id);
  if (id && existing.isPending) return <PageLoader />;
  if (id && existing.isError)
    return <ErrorState error={existing.error} onRetry={() => void existing.refetch()} />;
  return <TemplateForm key={id ?? 'new'} template={existing.data ?? null} followUp={followUp} />;
}

function TemplateForm({ template, followUp }: { template: ManagedTemplate | null; followUp: boolean }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const accounts = useWhatsappAccounts();
  const save = useSaveTemplate();
  const [draft, setDraft] = useState<Draft>(
    template ? draftOf(template) : { ...emptyDraft, isFollowUp: followUp },
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const editing = template !== null;

  // The only connected account is chosen for the user.
  useEffect(() => {
    const only = accounts.data?.length === 1 ? accounts.data[0]!.id : null;
    if (only && !draft.channelAccountId) setDraft((d) => ({ ...d, channelAccountId: only }));
  }, [accounts.data, draft.channelAccountId]);

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      if (patch.body !== undefined) {
        next.variables = variablesOfBody(next.body, d.variables);
        // Variables make a static template a variable one, and removing them all makes it static again.
        if (next.variables.length && next.templateType === 'static') next.templateType = 'manual_variables';
        if (!next.variables.length) next.templateType = 'static';
      }
      if (patch.category) next.subCategory = TEMPLATE_SUBCATEGORIES[patch.category][0];
      if (submitted) setProblems(draftProblems(inputOf(next)));
      return next;
    });
  };
  const setVariable = (i: number, patch: Partial<DraftVariable>) =>
    set({ variables: draft.variables.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  const setButton = (i: number, patch: Partial<TemplateButtonInput>) =>
    set({ buttons: draft.buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const err = (path: string) => message(problems[path]);

  const addVariable = () => {
    const n = draft.variables.length + 1;
    set({ body: `${draft.body}${draft.body && !draft.body.endsWith(' ') ? ' ' : ''}{{${n}}}` });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const body = inputOf(draft);
    const found = draftProblems(body);
    setProblems(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(editing ? 'waTemplates.updated' : 'waTemplates.submitted', { name: saved.name }),
          });
          void navigate('/template/whatsapp');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body.fields) setProblems(error.body.fields);
        },
      },
    );
  };

  const option = (prefix: string) => (value: string) => ({
    value,
    label: t(`waTemplates.${prefix}.${value}`, { defaultValue: value }),
  });
  const serverError = save.isError && !(save.error instanceof ApiError && save.error.body.fields);

  return (
    <Stack gap="md">
      <BackToTemplates />
      <form onSubmit={onSubmit} noValidate>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} size="h4">
                    {t(
                      followUp
                        ? editing
                          ? 'waTemplates.editFollowUpTitle'
                          : 'waTemplates.createFollowUpTitle'
                        : editing
                          ? 'waTemplates.editTitle'
                          : 'waTemplates.createTitle',
                    )}
                  </Title>
                  {template ? <StatusBadge status={template.status} /> : null}
                </Group>
                {template?.status === 'rejected' ? (
                  <Alert color="red" title={t('waTemplates.rejectedTitle')}>
                    {t('waTemplates.rejectedHint', { reason: template.rejectionReason ?? '-' })}
                  </Alert>
                ) : null}
                <Select
                  label={t('waTemplates.account')}
                  required
                  data={(accounts.data ?? []).map((a) => ({
                    value: a.id,
                    label: `${a.name} (${a.address})`,
                  }))}
                  value={draft.channelAccountId || null}
                  onChange={(v) => set({ channelAccountId: v ?? '' })}
                  disabled={editing && Boolean(template?.channelAccountId)}
                  error={
                    err('channelAccountId') ?? (accounts.isError ? errorMessage(accounts.error) : undefined)
                  }
                  nothingFoundMessage={t('waTemplates.noAccount')}
                />
                <TextInput
                  label={t('waTemplates.name')}
                  description={t('waTemplates.nameHint')}
                  required
                  maxLength={TEMPLATE_NAME_MAX + 10}
                  value={draft.name}
                  onChange={(e) => set({ name: e.currentTarget.value })}
                  disabled={editing}
                  error={err('name')}
                />
                <Group grow align="flex-start">
                  <Select
                    label={t('waTemplates.language')}
                    required
                    data={TEMPLATE_LANGUAGES.map(option('languages'))}
                    value={draft.language}
                    onChange={(v) => set({ language: v ?? 'id' })}
                    disabled={editing}
                    error={err('language')}
                    allowDeselect={false}
                  />
                  <Select
                    label={t('waTemplates.category')}
                    required
                    data={TEMPLATE_CATEGORIES.map(option('categories'))}
                    value={draft.category}
                    onChange={(v) => v && set({ category: v as TemplateCategory })}
                    error={err('category')}
                    allowDeselect={false}
                  />
                  <Select
                    label={t('waTemplates.subCategory')}
                    data={TEMPLATE_SUBCATEGORIES[draft.category].map(option('subCategories'))}
                    value={draft.subCategory || null}
                    onChange={(v) => set({ subCategory: v ?? '' })}
                    error={err('subCategory')}
                  />
                </Group>
                <Select
                  label={t('waTemplates.type')}
                  description={t(`waTemplates.typeHint.${draft.templateType}`)}
                  data={TEMPLATE_TYPES.map(option('types'))}
                  value={draft.templateType}
                  onChange={(v) => v && set({ templateType: v as TemplateType })}
                  error={err('templateType')}
                  allowDeselect={false}
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('waTemplates.header')}
                  </Text>
                  <SegmentedControl
                    aria-label={t('waTemplates.header')}
                    data={TEMPLATE_HEADER_TYPES.map(option('headerTypes'))}
                    value={draft.headerType}
                    onChange={(v) => set({ headerType: v as TemplateHeaderType })}
                  />
                </Stack>
                {draft.headerType === 'text' ? (
                  <TextInput
                    label={t('waTemplates.headerText')}
                    required
                    value={draft.headerText}
                    onChange={(e) => set({ headerText: e.currentTarget.value })}
                    error={err('headerText')}
                    rightSection={<Counter value={draft.headerText} max={TEMPLATE_HEADER_TEXT_MAX} />}
                    rightSectionWidth={72}
                  />
                ) : null}
                {draft.headerType !== 'none' && draft.headerType !== 'text' ? (
                  <TextInput
                    label={t('waTemplates.headerMedia')}
                    description={t(`waTemplates.mediaHint.${draft.headerType}`)}
                    placeholder="https://"
                    required
                    value={draft.headerMediaUrl}
                    onChange={(e) => set({ headerMediaUrl: e.currentTarget.value })}
                    error={err('headerMediaUrl')}
                  />
                ) : null}
                <Textarea
                  label={t('waTemplates.body')}
                  description={t('waTemplates.bodyHint')}
                  required
                  autosize
                  minRows={4}
                  value={draft.body}
                  onChange={(e) => set({ body: e.currentTarget.value })}
                  error={err('body')}
                />
                <Group justify="space-between">
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={addVariable}
                  >
                    {t('waTemplates.addVariable')}
                  </Button>
                  <Counter value={draft.body} max={TEMPLATE_BODY_MAX} />
                </Group>
                {draft.variables.length ? (
                  <Stack gap="xs" data-testid="template-variables">
                    <Text size="sm" fw={500}>
                      {t('waTemplates.variables')}
                    </Text>
                    {draft.variables.map((v, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: variables are positional
                      <Group key={i} grow align="flex-start" gap="xs">
                        <TextInput
                          label={t('waTemplates.variableName', { n: i + 1 })}
                          value={v.name}
                          onChange={(e) => setVariable(i, { name: e.currentTarget.value })}
                          error={err(`variables.${i}.name`)}
                          disabled={/[A-Za-z_]/.test(v.name) && draft.body.includes(`{{${v.name}}}`)}
                        />
                        <TextInput
                          label={t('waTemplates.sample', { n: i + 1 })}
                          required
                          value={v.sample}
                          onChange={(e) => setVariable(i, { sample: e.currentTarget.value })}
                          error={err(`variables.${i}.sample`)}
                        />
                        <Select
                          label={t('waTemplates.contactField')}
                          placeholder={t('waTemplates.manualValue')}
                          clearable
                          data={TEMPLATE_CONTACT_FIELDS.map(option('contactFields'))}
                          value={v.contactField}
                          onChange={(f) => setVariable(i, { contactField: f as TemplateContactField | null })}
                          error={err(`variables.${i}.contactField`)}
                        />
                      </Group>
                    ))}
                  </Stack>
                ) : null}
                <TextInput
                  label={t('waTemplates.footer')}
                  value={draft.footer}
                  onChange={(e) => set({ footer: e.currentTarget.value })}
                  error={err('footer')}
                />
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text size="sm" fw={500}>
                      {t('waTemplates.buttons')}
                    </Text>
                    <Select
                      size="xs"
                      w={200}
                      placeholder={t('waTemplates.addButton')}
                      aria-label={t('waTemplates.addButton')}
                      data={(['QUICK_REPLY', 'PHONE_NUMBER', 'URL'] as const).map(option('buttonTypes'))}
                      value={null}
                      disabled={draft.buttons.length >= TEMPLATE_BUTTONS_MAX}
                      onChange={(type) =>
                        type &&
                        set({
                          buttons: [
                            ...draft.buttons,
                            { type: type as TemplateButtonInput['type'], text: '' },
                          ],
                        })
                      }
                    />
                  </Group>
                  {err('buttons') ? (
                    <Text size="xs" c="red">
                      {err('buttons')}
                    </Text>
                  ) : null}
                  {draft.buttons.map((b, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id while edited
                    <Group key={i} align="flex-start" gap="xs" wrap="nowrap" data-testid="template-button">
                      <Text size="xs" c="dimmed" w={90} pt={30}>
                        {t(`waTemplates.buttonTypes.${b.type}`)}
                      </Text>
                      <TextInput
                        style={{ flex: 1 }}
                        label={t('waTemplates.buttonText')}
                        required
                        maxLength={TEMPLATE_BUTTON_TEXT_MAX + 5}
                        value={b.text}
                        onChange={(e) => setButton(i, { text: e.currentTarget.value })}
                        error={err(`buttons.${i}.text`)}
                      />
                      {b.type === 'PHONE_NUMBER' ? (
                        <TextInput
                          style={{ flex: 1 }}
                          label={t('waTemplates.buttonPhone')}
                          placeholder="628123456789"
                          required
                          value={b.phoneNumber ?? ''}
                          onChange={(e) => setButton(i, { phoneNumber: e.currentTarget.value })}
                          error={err(`buttons.${i}.phoneNumber`)}
                        />
                      ) : null}
                      {b.type === 'URL' ? (
                        <TextInput
                          style={{ flex: 1 }}
                          label={t('waTemplates.buttonUrl')}
                          placeholder="https://"
                          required
                          value={b.url ?? ''}
                          onChange={(e) => setButton(i, { url: e.currentTarget.value })}
                          error={err(`buttons.${i}.url`)}
                        />
                      ) : null}
                      <ActionIcon
                        mt={26}
                        variant="subtle"
                        color="gray"
                        aria-label={t('waTemplates.removeButton', { n: i + 1 })}
                        onClick={() => set({ buttons: draft.buttons.filter((_, j) => j !== i) })}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
                <Switch
                  label={t('waTemplates.useFollowUp')}
                  checked={draft.isFollowUp}
                  onChange={(e) => set({ isFollowUp: e.currentTarget.checked })}
                />
                <Switch
                  label={t('waTemplates.useNewMessage')}
                  description={t('waTemplates.newMessageHint')}
                  checked={draft.isNewMessage}
                  onChange={(e) => set({ isNewMessage: e.currentTarget.checked })}
                  error={err('isNewMessage')}
                />
                {serverError ? (
                  <Alert color="red" role="alert">
                    {errorMessage(save.error)}
                  </Alert>
                ) : null}
                <Group justify="flex-end">
                  <Button variant="default" component={Link} to="/template/whatsapp">
                    {t('common.cancel')}
                  </Button>
                  <Button type="submit" loading={save.isPending}>
                    {t(editing ? 'waTemplates.saveEdit' : 'waTemplates.submit')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} pos="sticky" top={16}>
              <Text fw={600} mb="sm">
                {t('waTemplates.preview')}
              </Text>
              <TemplatePreview
                headerType={draft.headerType}
                headerText={draft.headerText}
                body={previewText(draft.body, draft.variables)}
                footer={draft.footer}
                buttons={draft.buttons}
              />
              <Text size="xs" c="dimmed" mt="sm">
                {t('waTemplates.reviewNote')}
              </Text>
            </Paper>
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <Text size="xs" c={value.length > max ? 'red' : 'dimmed'}>
      {value.length}/{max}
    </Text>
  );
}

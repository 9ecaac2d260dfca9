import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type ManagedTemplate,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LANGUAGES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBCATEGORIES,
  TEMPLATE_TYPES,
  type TemplateCategory,
  type TemplateType,
} from '@sapa/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { useSaveTemplate, useWhatsappAccounts, useWhatsappTemplate } from './api';
import { BackToTemplates } from './BackToTemplates';
import { draftProblems, previewText } from './draft';
import { StatusBadge } from './StatusBadge';
import { BodyFields, ButtonFields, HeaderFields, useOption } from './TemplateFormSections';
import { TemplatePreview } from './TemplatePreview';
import { inputOf, useTemplateDraft } from './useTemplateDraft';

/** /template/create/whatsapp and /template/edit/whatsapp?template=… (001 §2, §3, §5). */
export function TemplateFormPage() {
  const [params] = useSearchParams();
  const id = params.get('template');
  // /follow-up/create|edit/whatsapp (000 §2 follow-up chat template): the same form, offered for expired chats.
  const followUp = useLocation().pathname.startsWith('/follow-up/');
  const existing = useWhatsappTemplate(id);
  if (!id) return <TemplateForm key="new" template={null} followUp={followUp} />;
  return (
    <QueryState query={existing}>
      {(template) => <TemplateForm key={id} template={template} followUp={followUp} />}
    </QueryState>
  );
}

function TemplateForm({ template, followUp }: { template: ManagedTemplate | null; followUp: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accounts = useWhatsappAccounts();
  const save = useSaveTemplate();
  const { draft, set, setProblems, setSubmitted, err } = useTemplateDraft(template, followUp);
  const editing = template !== null;

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

  const option = useOption();
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
                <HeaderFields draft={draft} set={set} err={err} />
                <BodyFields draft={draft} set={set} err={err} />
                <TextInput
                  label={t('waTemplates.footer')}
                  value={draft.footer}
                  onChange={(e) => set({ footer: e.currentTarget.value })}
                  error={err('footer')}
                />
                <ButtonFields draft={draft} set={set} err={err} />
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

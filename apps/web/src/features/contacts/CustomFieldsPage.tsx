import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BUILT_IN_CONTACT_FIELDS,
  CHOICE_FIELD_TYPES,
  CONTACT_FIELD_TYPES,
  type ContactField,
  type ContactFieldType,
  type ContactFieldValidation,
  contactFieldInputSchema,
} from '@sapa/contracts';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrorsOf, useMe } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { EmptyState } from '../../shared/ui/EmptyState';
import { FormModal } from '../../shared/ui/FormModal';
import { PageLoader } from '../../shared/ui/PageLoader';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { contactAccessOf } from './access';
import { useContactFields, useSaveField } from './api';
import { BackLink } from './BackLink';

/** /contact/custom-field (001 §2 custom field settings; §3 custom field; §5). Fields are never deleted. */
export function CustomFieldsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const fields = useContactFields();
  const [editing, setEditing] = useState<ContactField | null>(null);
  const [opened, setOpened] = useState(false);
  if (!me.data) return <PageLoader />;
  const access = contactAccessOf(me.data);
  const list = fields.data ?? [];
  const open = (field: ContactField | null) => {
    setEditing(field);
    setOpened(true);
  };
  return (
    <Stack gap="md">
      <BackLink to="/contact" label={t('contacts.detail.back')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('contacts.customFields')}
          </Title>
          {access.create ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(null)}>
              {t('contacts.fieldsPage.add')}
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          {t('contacts.fieldsPage.noDelete')}
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label={t('contacts.customFields')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('contacts.fieldsPage.title')}</Table.Th>
                <Table.Th>{t('contacts.fieldsPage.type')}</Table.Th>
                <Table.Th>{t('contacts.fieldsPage.validation')}</Table.Th>
                <Table.Th>{t('contacts.fieldsPage.display')}</Table.Th>
                <Table.Th w={56} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {BUILT_IN_CONTACT_FIELDS.map((key) => (
                <Table.Tr key={key}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm">{t(`contacts.builtIn.${key}`)}</Text>
                      <Badge size="xs" variant="light" color="gray">
                        {t('contacts.fieldsPage.builtIn')}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>{t(`contacts.builtInType.${key}`)}</Table.Td>
                  <Table.Td>
                    {t(key === 'name' ? 'contacts.validation.required' : 'contacts.validation.optional')}
                  </Table.Td>
                  <Table.Td>{t('contacts.fieldsPage.shown')}</Table.Td>
                  <Table.Td />
                </Table.Tr>
              ))}
              {list.map((field) => (
                <Table.Tr key={field.id} data-testid="custom-field-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {field.title}
                    </Text>
                    {field.options.length ? (
                      <Text size="xs" c="dimmed">
                        {field.options.join(', ')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{t(`contacts.fieldType.${field.type}`)}</Table.Td>
                  <Table.Td>{t(`contacts.validation.${field.validation}`)}</Table.Td>
                  <Table.Td>
                    {field.display ? t('contacts.fieldsPage.shown') : t('contacts.fieldsPage.hidden')}
                  </Table.Td>
                  <Table.Td>
                    {access.update ? (
                      <Tooltip label={t('common.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('contacts.fieldsPage.editNamed', { name: field.title })}
                          onClick={() => open(field)}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <QueryState
          query={fields}
          loading={<SkeletonRows count={2} height={32} />}
          isEmpty={list.length === 0}
          empty={
            <EmptyState title={t('contacts.fieldsPage.empty')}>
              {t('contacts.fieldsPage.emptyHint')}
            </EmptyState>
          }
        >
          {null}
        </QueryState>
      </Paper>
      <FieldFormModal
        field={editing}
        opened={opened}
        onClose={() => setOpened(false)}
        onSaved={(saved) => {
          setOpened(false);
          notifications.show({
            color: 'green',
            message: t(editing ? 'contacts.fieldsPage.updated' : 'contacts.fieldsPage.created', {
              name: saved.title,
            }),
          });
        }}
      />
    </Stack>
  );
}

interface Option {
  /** A stable key while options are added and removed. */
  key: number;
  text: string;
}

let optionKeys = 0;
const optionOf = (text: string): Option => ({ key: ++optionKeys, text });

interface Values {
  title: string;
  type: ContactFieldType | null;
  options: Option[];
  validation: ContactFieldValidation;
  display: boolean;
}

function FieldFormModal({
  field,
  opened,
  onClose,
  onSaved,
}: {
  field: ContactField | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (field: ContactField) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveField();
  const [values, setValues] = useState<Values>({
    title: '',
    type: null,
    options: [],
    validation: 'optional',
    display: true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens for a field
  useEffect(() => {
    if (!opened) return;
    setValues(
      field
        ? {
            title: field.title,
            type: field.type,
            options: field.options.map(optionOf),
            validation: field.validation,
            display: field.display,
          }
        : { title: '', type: null, options: [], validation: 'optional', display: true },
    );
    setErrors({});
    save.reset();
  }, [opened, field]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((old) => {
      const next = { ...old, [key]: value };
      // A choice type starts with one empty option to fill.
      if (key === 'type' && next.type && CHOICE_FIELD_TYPES.includes(next.type) && next.options.length === 0)
        next.options = [optionOf('')];
      return next;
    });
    setErrors((old) => ({ ...old, [key]: undefined }));
  };
  const choice = values.type !== null && CHOICE_FIELD_TYPES.includes(values.type);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, type: values.type ?? undefined, options: values.options.map((o) => o.text) };
    const result = validate(contactFieldInputSchema, input);
    // A problem of one option is shown on that option (`options.<n>`); `options` is for the list as a whole.
    const found: FieldErrors = { ...result.errors, options: undefined };
    const parsed = contactFieldInputSchema.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        if (issue.path[0] === 'options')
          found[issue.path.length > 1 ? `options.${String(issue.path[1])}` : 'options'] ??= issue.message;
    setErrors(found);
    if (!result.success) return;
    save.mutate(
      { id: field?.id ?? null, body: { ...input, type: result.data.type } },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const found: FieldErrors = fieldErrorsOf(error);
          if (error instanceof ApiError && !Object.keys(found).length) found.title = error.message;
          setErrors(found);
        },
      },
    );
  };
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={field ? t('contacts.fieldsPage.editTitle') : t('contacts.fieldsPage.addTitle')}
      onSubmit={submit}
      saveError={save.isError ? save.error : null}
      pending={save.isPending}
      submitLabel={field ? t('common.save') : t('contacts.fieldsPage.add')}
    >
      <TextInput
        label={t('contacts.fieldsPage.title')}
        withAsterisk
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={message(errors.title)}
        data-autofocus
      />
      <Select
        label={t('contacts.fieldsPage.type')}
        withAsterisk
        data={CONTACT_FIELD_TYPES.map((type) => ({ value: type, label: t(`contacts.fieldType.${type}`) }))}
        value={values.type}
        onChange={(value) => set('type', (value as ContactFieldType | null) ?? null)}
        error={message(errors.type)}
        disabled={field !== null}
        description={field ? t('contacts.fieldsPage.typeFixed') : undefined}
        allowDeselect={false}
      />
      {choice ? (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('contacts.fieldsPage.options')}{' '}
            <Text span c="red">
              *
            </Text>
          </Text>
          {values.options.map((option, index) => (
            <Group key={option.key} gap={6} wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={t('contacts.fieldsPage.optionN', { n: index + 1 })}
                placeholder={t('contacts.fieldsPage.optionN', { n: index + 1 })}
                value={option.text}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setValues((old) => ({
                    ...old,
                    options: old.options.map((o) => (o.key === option.key ? { ...o, text } : o)),
                  }));
                  setErrors((old) => ({ ...old, [`options.${index}`]: undefined, options: undefined }));
                }}
                error={message(errors[`options.${index}`])}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                aria-label={t('contacts.fieldsPage.removeOption', { n: index + 1 })}
                onClick={() =>
                  setValues((old) => ({ ...old, options: old.options.filter((o) => o.key !== option.key) }))
                }
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {errors.options ? (
            <Text size="xs" c="red">
              {message(errors.options)}
            </Text>
          ) : null}
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setValues((old) => ({ ...old, options: [...old.options, optionOf('')] }))}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('contacts.fieldsPage.addOption')}
          </Button>
        </Stack>
      ) : null}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('contacts.fieldsPage.validation')}
        </Text>
        <SegmentedControl
          data={[
            { value: 'optional', label: t('contacts.validation.optional') },
            { value: 'required', label: t('contacts.validation.required') },
          ]}
          value={values.validation}
          onChange={(value) => set('validation', value as ContactFieldValidation)}
        />
      </Stack>
      <Switch
        label={t('contacts.fieldsPage.displayLabel')}
        checked={values.display}
        onChange={(event) => set('display', event.currentTarget.checked)}
      />
    </FormModal>
  );
}

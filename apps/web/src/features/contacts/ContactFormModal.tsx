import { Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  CHANNELS,
  type ChannelCode,
  type ContactProfile,
  checkContactFieldValue,
  contactProfileInputSchema,
} from '@sapa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../app/appInfo';
import { ApiError, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { FormModal } from '../../shared/ui/FormModal';
import { limitProps } from '../../shared/ui/limitProps';
import { useContactFields, useContactGroups, useContactTags, useSaveContact } from './api';
import { CustomFieldInput, type CustomValue, inputValueOf } from './CustomFieldInput';

interface Values {
  name: string;
  phone: string;
  email: string;
  mainChannel: ChannelCode | null;
  tagIds: string[];
  groupIds: string[];
  birthDate: string;
  lastEducation: string;
  custom: Record<string, CustomValue>;
}

function valuesOf(contact: ContactProfile | null): Values {
  return {
    name: contact?.name ?? '',
    phone: contact?.phone ? `+${contact.phone}` : '',
    email: contact?.email ?? '',
    mainChannel: contact?.mainChannel ?? null,
    tagIds: contact?.tags.map((tag) => tag.id) ?? [],
    groupIds: contact?.groups.map((group) => group.id) ?? [],
    birthDate: contact?.birthDate ?? '',
    lastEducation: contact?.lastEducation ?? '',
    custom: Object.fromEntries(
      Object.entries(contact?.customValues ?? {}).flatMap(([id, stored]) => {
        const value = inputValueOf(stored);
        return value === undefined ? [] : [[id, value]];
      }),
    ),
  };
}

/** 001 §3 education levels offered for the built-in "last education" field. */
const EDUCATION = ['SD', 'SMP', 'SMA/SMK', 'D3', 'S1', 'S2', 'S3'];

/** Add or edit a contact (001 §2 Contacts: add; §3 Contact fields; §5; §8 duplicate contact). */
export function ContactFormModal({
  contact,
  opened,
  onClose,
  onSaved,
}: {
  /** null = add a contact. */
  contact: ContactProfile | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (contact: ContactProfile) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const info = useAppInfo();
  const save = useSaveContact();
  const fields = useContactFields();
  const tags = useContactTags();
  const groups = useContactGroups();
  const [values, setValues] = useState<Values>(() => valuesOf(contact));
  const [errors, setErrors] = useState<FieldErrors>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens for a contact
  useEffect(() => {
    if (!opened) return;
    setValues(valuesOf(contact));
    setErrors({});
    save.reset();
  }, [opened, contact]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };
  const setCustom = (id: string, value: CustomValue) => {
    setValues((old) => ({ ...old, custom: { ...old.custom, [id]: value } }));
    setErrors((old) => ({ ...old, [`custom.${id}`]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const customValues: Record<string, string | string[] | null> = {};
    const found: FieldErrors = {};
    for (const field of fields.data ?? []) {
      const value = values.custom[field.id];
      const checked = checkContactFieldValue(field, value ?? null);
      if (!checked.ok) found[`custom.${field.id}`] = checked.message;
      customValues[field.id] = value === undefined || value === '' ? null : value;
    }
    const body = {
      name: values.name,
      phone: values.phone,
      email: values.email,
      mainChannel: values.mainChannel,
      tagIds: values.tagIds,
      groupIds: values.groupIds,
      birthDate: values.birthDate || null,
      lastEducation: values.lastEducation || null,
      customValues,
    };
    const result = validate(contactProfileInputSchema, body);
    Object.assign(found, result.errors);
    setErrors(found);
    if (!result.success || Object.values(found).some(Boolean)) return;
    save.mutate(
      { id: contact?.id ?? null, body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const fromServer: FieldErrors = fieldErrorsOf(error);
          // Custom field problems come as `customValues.<field id>`.
          const body = error instanceof ApiError ? error.body : null;
          for (const [path, key] of Object.entries(body?.fields ?? {}))
            if (path.startsWith('customValues.')) fromServer[`custom.${path.slice(13)}`] = key;
          setErrors(fromServer);
        },
      },
    );
  };

  const channelOptions = info.partner.allowedChannels.map((code) => ({
    value: code,
    label: CHANNELS[code].name,
  }));
  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const groupOptions = (groups.data?.pages.flatMap((page) => page.items) ?? []).map((group) => ({
    value: group.id,
    label: group.name,
  }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={contact ? t('contacts.form.editTitle') : t('contacts.form.addTitle')}
      size="lg"
      onSubmit={submit}
      saveError={save.isError ? save.error : null}
      pending={save.isPending}
      submitLabel={contact ? t('common.save') : t('contacts.add')}
    >
      <TextInput
        label={t('contacts.fields.name')}
        withAsterisk
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        {...limitProps(values.name, 150, t, { error: message(errors.name) })}
        data-autofocus
      />
      <TextInput
        label={t('contacts.fields.phone')}
        description={t('contacts.form.phoneHint')}
        type="tel"
        inputMode="tel"
        placeholder="+62 812 3456 7890"
        value={values.phone}
        onChange={(event) => set('phone', event.currentTarget.value)}
        error={message(errors.phone)}
      />
      <TextInput
        label={t('contacts.fields.email')}
        type="email"
        value={values.email}
        onChange={(event) => set('email', event.currentTarget.value)}
        error={message(errors.email)}
      />
      <Select
        label={t('contacts.fields.mainChannel')}
        placeholder={t('contacts.form.choose')}
        data={channelOptions}
        value={values.mainChannel}
        onChange={(value) => set('mainChannel', (value as ChannelCode | null) ?? null)}
        error={message(errors.mainChannel)}
        clearable
      />
      <MultiSelect
        label={t('contacts.fields.groups')}
        placeholder={groupOptions.length ? t('contacts.form.choose') : t('contacts.form.noGroups')}
        data={groupOptions}
        value={values.groupIds}
        onChange={(ids) => set('groupIds', ids)}
        error={message(errors.groupIds)}
        searchable
        clearable
      />
      <MultiSelect
        label={t('contacts.fields.tags')}
        placeholder={tagOptions.length ? t('contacts.form.choose') : t('contacts.form.noTags')}
        data={tagOptions}
        value={values.tagIds}
        onChange={(ids) => set('tagIds', ids)}
        error={message(errors.tagIds)}
        searchable
        clearable
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('contacts.fields.birthDate')}
          type="date"
          value={values.birthDate}
          onChange={(event) => set('birthDate', event.currentTarget.value)}
          error={message(errors.birthDate)}
        />
        <Select
          label={t('contacts.fields.lastEducation')}
          placeholder={t('contacts.form.choose')}
          data={EDUCATION}
          value={values.lastEducation || null}
          onChange={(value) => set('lastEducation', value ?? '')}
          error={message(errors.lastEducation)}
          clearable
        />
      </SimpleGrid>
      {(fields.data ?? []).map((field) => (
        <CustomFieldInput
          key={field.id}
          field={field}
          value={values.custom[field.id]}
          error={message(errors[`custom.${field.id}`])}
          onChange={(value) => setCustom(field.id, value)}
        />
      ))}
      {contact ? (
        <Group>
          <TextInput
            label={t('contacts.fields.averageTransaction')}
            value={contact.averageTransaction === null ? '—' : String(contact.averageTransaction)}
            readOnly
            disabled
            w="100%"
          />
        </Group>
      ) : null}
    </FormModal>
  );
}

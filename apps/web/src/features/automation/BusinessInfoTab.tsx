import {
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BUSINESS_FIELD_MAX,
  BUSINESS_FIELDS,
  BUSINESS_MODES,
  BUSINESS_SERVICES,
  BUSINESS_TYPES,
  type BusinessProfile,
} from '@sapa/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { useBusinessProfile, useSaveBusinessProfile } from './api';

/** 001 §3 business profile and 001 §2 contact: name, address, fields (≤ 3), type, service, mode, contact. */
export function BusinessInfoTab({ canEdit }: { canEdit: boolean }) {
  const profile = useBusinessProfile();
  return (
    <QueryState query={profile}>{(data) => <BusinessInfoForm initial={data} canEdit={canEdit} />}</QueryState>
  );
}

function BusinessInfoForm({ initial, canEdit }: { initial: BusinessProfile; canEdit: boolean }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  useEffect(() => setForm(initial), [initial]);
  const save = useSaveBusinessProfile();
  const errors = fieldErrorsOf(save.error);
  const set = <K extends keyof BusinessProfile>(key: K, value: BusinessProfile[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const options = (prefix: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`storeSettings.${prefix}.${v}`) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: () => notifications.show({ color: 'green', message: t('storeSettings.saved') }),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('storeSettings.tabs.business')}>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="md" maw={720}>
          <TextInput
            label={t('storeSettings.name')}
            value={form.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            required
          />
          <Textarea
            label={t('storeSettings.address')}
            value={form.address}
            onChange={(e) => set('address', e.currentTarget.value)}
            error={errors.address}
            autosize
            minRows={2}
          />
          <MultiSelect
            label={t('storeSettings.businessFields')}
            description={t('storeSettings.businessFieldsHint', { max: BUSINESS_FIELD_MAX })}
            data={options('field', BUSINESS_FIELDS)}
            value={form.businessFields}
            onChange={(v) => set('businessFields', v as BusinessProfile['businessFields'])}
            maxValues={BUSINESS_FIELD_MAX}
            error={errors.businessFields}
            disabled={!canEdit}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('storeSettings.businessType')}
              data={options('type', BUSINESS_TYPES)}
              value={form.businessType}
              onChange={(v) => set('businessType', v as BusinessProfile['businessType'])}
              clearable
              disabled={!canEdit}
            />
            <Select
              label={t('storeSettings.service')}
              data={options('services', BUSINESS_SERVICES)}
              value={form.service}
              onChange={(v) => set('service', v as BusinessProfile['service'])}
              clearable
              disabled={!canEdit}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('storeSettings.mode')}
            </Text>
            <SegmentedControl
              data={options('modes', BUSINESS_MODES)}
              value={form.mode}
              onChange={(v) => set('mode', v as BusinessProfile['mode'])}
              disabled={!canEdit}
              fullWidth
            />
          </Stack>
          <Text fw={600} mt="sm">
            {t('storeSettings.contact')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('storeSettings.contactPhone')}
              value={form.contactPhone}
              onChange={(e) => set('contactPhone', e.currentTarget.value)}
              error={errors.contactPhone}
              inputMode="tel"
            />
            <TextInput
              label={t('storeSettings.contactEmail')}
              value={form.contactEmail}
              onChange={(e) => set('contactEmail', e.currentTarget.value)}
              error={errors.contactEmail}
              type="email"
            />
          </SimpleGrid>
          {canEdit ? (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('storeSettings.readOnly')}
            </Text>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

import { Alert, Button, Checkbox, Group, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  BUSINESS_FIELD_MAX,
  BUSINESS_FIELDS,
  BUSINESS_MODES,
  BUSINESS_TYPES,
  type SignUpState,
  signUpStoreBody,
} from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { useSignUpStep } from './api';
import { SignUpFrame } from './SignUpFrame';

/** /sign-up/store: name, address, business field (at most 3), business type, mode (001 §3, §5). */
export function StoreStep() {
  const { t } = useTranslation();
  return (
    <SignUpFrame page="store" title={t('signUp.storeTitle')} subtitle={t('signUp.storeExplain')}>
      {(state) => <StoreForm state={state!} />}
    </SignUpFrame>
  );
}

function StoreForm({ state }: { state: SignUpState }) {
  const { t } = useTranslation();
  const message = useMessage();
  // Sign-up via Shopify: the shop's name to start with.
  const [name, setName] = useState(state.store?.name ?? state.shopify?.shopName ?? '');
  const [address, setAddress] = useState(state.store?.address ?? '');
  const [fields, setFields] = useState<string[]>(state.store?.businessFields ?? []);
  const [businessType, setBusinessType] = useState<string>(state.store?.businessType ?? '');
  const [mode, setMode] = useState<string>(state.store?.mode ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSignUpStep('saveStore');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(signUpStoreBody, {
      token: state.token,
      name,
      address,
      businessFields: fields,
      businessType: businessType || undefined,
      mode: mode || undefined,
    });
    setErrors(result.errors);
    if (result.success) save.mutate(result.data, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <TextInput
          label={t('signUp.storeName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={message(errors.name)}
        />
        <Textarea
          label={t('signUp.address')}
          autosize
          minRows={2}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          error={message(errors.address)}
        />
        <Checkbox.Group
          label={t('signUp.businessFields')}
          description={t('signUp.businessFieldsHint', { max: BUSINESS_FIELD_MAX })}
          value={fields}
          onChange={setFields}
          error={message(errors.businessFields)}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
            {BUSINESS_FIELDS.map((f) => (
              <Checkbox
                key={f}
                value={f}
                label={t(`storeSettings.field.${f}`)}
                disabled={fields.length >= BUSINESS_FIELD_MAX && !fields.includes(f)}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Radio.Group
          label={t('signUp.businessType')}
          value={businessType}
          onChange={setBusinessType}
          error={message(errors.businessType)}
        >
          <Group mt="xs">
            {BUSINESS_TYPES.map((b) => (
              <Radio key={b} value={b} label={t(`signUp.type.${b}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group label={t('signUp.mode')} value={mode} onChange={setMode} error={message(errors.mode)}>
          <Group mt="xs">
            {BUSINESS_MODES.map((m) => (
              <Radio key={m} value={m} label={t(`signUp.modes.${m}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Button type="submit" loading={save.isPending} fullWidth size="md">
          {t('signUp.continue')}
        </Button>
      </Stack>
    </form>
  );
}

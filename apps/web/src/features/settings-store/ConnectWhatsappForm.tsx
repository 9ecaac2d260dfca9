import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ChannelAccount, whatsappCloudAccountBody } from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { PasswordField } from '../../shared/ui/PasswordField';
import { useConnectWhatsappCloud } from './api';

interface Values {
  name: string;
  displayPhoneNumber: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  graphBaseUrl: string;
}

const EMPTY: Values = {
  name: '',
  displayPhoneNumber: '',
  phoneNumberId: '',
  wabaId: '',
  accessToken: '',
  appSecret: '',
  verifyToken: '',
  graphBaseUrl: '',
};

/** Connect a WhatsApp Cloud API number (owner and admin only). */
export function ConnectWhatsappForm({
  demo,
  onConnected,
}: {
  demo: boolean;
  onConnected: (account: ChannelAccount) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const connect = useConnectWhatsappCloud();
  const serverErrors = fieldErrorsOf(connect.error);

  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: message(errors[name]) ?? serverErrors[name],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(whatsappCloudAccountBody, {
      ...values,
      graphBaseUrl: values.graphBaseUrl.trim() || undefined,
    });
    setErrors(result.errors);
    if (!result.success) return;
    connect.mutate(result.data, {
      onSuccess: (account) => {
        setValues(EMPTY);
        onConnected(account);
      },
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="connect-wa-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id="connect-wa-title">
            {t('channels.connectTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('channels.connectHint')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('channels.name')} required maxLength={60} {...field('name')} />
          <TextInput
            label={t('channels.displayPhoneNumber')}
            description={t('channels.displayPhoneNumberHint')}
            required
            inputMode="numeric"
            {...field('displayPhoneNumber')}
          />
          <TextInput
            label={t('channels.phoneNumberId')}
            required
            inputMode="numeric"
            {...field('phoneNumberId')}
          />
          <TextInput label={t('channels.wabaId')} required inputMode="numeric" {...field('wabaId')} />
          <PasswordField
            label={t('channels.accessToken')}
            required
            autoComplete="off"
            {...field('accessToken')}
          />
          <PasswordField
            label={t('channels.appSecret')}
            required
            autoComplete="off"
            {...field('appSecret')}
          />
          <TextInput
            label={t('channels.verifyToken')}
            description={t('channels.verifyTokenHint')}
            required
            autoComplete="off"
            {...field('verifyToken')}
          />
          {demo ? (
            <TextInput
              label={t('channels.graphBaseUrl')}
              description={t('channels.graphBaseUrlHint')}
              {...field('graphBaseUrl')}
            />
          ) : null}
        </SimpleGrid>
        {connect.error ? (
          <Alert color="red" role="alert">
            {errorMessage(connect.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending}>
            {t('channels.connect')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

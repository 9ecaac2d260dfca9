import { TextInput } from '@mantine/core';
import { type ChannelAccount, whatsappCloudAccountBody } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../shared/ui/PasswordField';
import { useConnectWhatsappCloud } from './api';
import { ConnectFormFrame } from './ConnectFormFrame';
import { useConnectForm } from './useConnectForm';

type Values = {
  name: string;
  displayPhoneNumber: string;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  graphBaseUrl: string;
};

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
  const connect = useConnectWhatsappCloud();
  const { field, submit } = useConnectForm({
    empty: EMPTY,
    schema: whatsappCloudAccountBody,
    toInput: (values) => ({ ...values, graphBaseUrl: values.graphBaseUrl.trim() || undefined }),
    connect,
    onConnected,
  });

  return (
    <ConnectFormFrame
      id="connect-wa-title"
      title={t('channels.connectTitle')}
      hint={t('channels.connectHint')}
      submitLabel={t('channels.connect')}
      onSubmit={submit}
      pending={connect.isPending}
      error={connect.error}
    >
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
      <PasswordField label={t('channels.appSecret')} required autoComplete="off" {...field('appSecret')} />
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
    </ConnectFormFrame>
  );
}

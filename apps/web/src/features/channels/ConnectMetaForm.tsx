import { TextInput } from '@mantine/core';
import { type ChannelAccount, metaAccountBody } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../shared/ui/PasswordField';
import { useConnectMeta } from './api';
import { ConnectFormFrame } from './ConnectFormFrame';
import { useConnectForm } from './useConnectForm';

type Values = {
  metaAccountId: string;
  accessToken: string;
  appSecret: string;
  name: string;
  graphBaseUrl: string;
};

const EMPTY: Values = { metaAccountId: '', accessToken: '', appSecret: '', name: '', graphBaseUrl: '' };

/**
 * 001 §2 Facebook Page (Messenger) and Instagram professional account dialogs (owner and admin only): the
 * account's id, its Page access token and the app secret. Sapa checks the token opens that account and
 * subscribes the app to its messages; the token and secret are sealed and never shown again. Once connected,
 * the webhook URL and verify token to paste in the Meta app's webhook settings are shown.
 */
export function ConnectMetaForm({
  channel,
  demo,
  onConnected,
}: {
  channel: 'MSG' | 'IGM';
  demo: boolean;
  onConnected: (account: ChannelAccount) => void;
}) {
  const { t } = useTranslation();
  const connect = useConnectMeta(channel);
  const key = channel === 'MSG' ? 'messenger' : 'instagram';
  const { field, submit } = useConnectForm({
    empty: EMPTY,
    schema: metaAccountBody,
    toInput: (values) => ({
      metaAccountId: values.metaAccountId,
      accessToken: values.accessToken,
      appSecret: values.appSecret,
      name: values.name.trim() || undefined,
      graphBaseUrl: values.graphBaseUrl.trim() || undefined,
    }),
    connect,
    onConnected,
  });

  return (
    <ConnectFormFrame
      id={`connect-${key}-title`}
      title={t(`channels.${key}.title`)}
      hint={t(`channels.${key}.hint`)}
      submitLabel={t(`channels.${key}.connect`)}
      onSubmit={submit}
      pending={connect.isPending}
      error={connect.error}
    >
      <TextInput
        label={t(`channels.${key}.accountId`)}
        description={t(`channels.${key}.accountIdHint`)}
        required
        inputMode="numeric"
        autoComplete="off"
        {...field('metaAccountId')}
      />
      <PasswordField
        label={t('channels.meta.accessToken')}
        description={t('channels.meta.accessTokenHint')}
        required
        autoComplete="off"
        {...field('accessToken')}
      />
      <PasswordField
        label={t('channels.meta.appSecret')}
        description={t('channels.meta.appSecretHint')}
        required
        autoComplete="off"
        {...field('appSecret')}
      />
      <TextInput
        label={t('channels.name')}
        description={t('channels.meta.nameHint')}
        maxLength={60}
        {...field('name')}
      />
      {demo ? (
        <TextInput
          label={t('channels.meta.graphBaseUrl')}
          description={t('channels.meta.graphBaseUrlHint')}
          {...field('graphBaseUrl')}
        />
      ) : null}
    </ConnectFormFrame>
  );
}

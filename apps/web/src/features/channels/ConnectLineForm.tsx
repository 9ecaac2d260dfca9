import { TextInput } from '@mantine/core';
import { type ChannelAccount, lineAccountBody } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../shared/ui/PasswordField';
import { useConnectLine } from './api';
import { ConnectFormFrame } from './ConnectFormFrame';
import { useConnectForm } from './useConnectForm';

type Values = {
  channelSecret: string;
  accessToken: string;
  name: string;
  apiBaseUrl: string;
  dataBaseUrl: string;
};

const EMPTY: Values = { channelSecret: '', accessToken: '', name: '', apiBaseUrl: '', dataBaseUrl: '' };

/**
 * 001 §2 LINE dialog (owner and admin only): the Messaging API channel's secret and access token; Sapa checks
 * the token, sets the webhook endpoint itself and shows "webhook verification pending" until LINE's
 * verification call arrives. Both are sealed on the server and never shown again.
 */
export function ConnectLineForm({
  demo,
  onConnected,
}: {
  demo: boolean;
  onConnected: (account: ChannelAccount) => void;
}) {
  const { t } = useTranslation();
  const connect = useConnectLine();
  const { field, submit } = useConnectForm({
    empty: EMPTY,
    schema: lineAccountBody,
    toInput: (values) => ({
      channelSecret: values.channelSecret,
      accessToken: values.accessToken,
      name: values.name.trim() || undefined,
      apiBaseUrl: values.apiBaseUrl.trim() || undefined,
      dataBaseUrl: values.dataBaseUrl.trim() || undefined,
    }),
    connect,
    onConnected,
  });

  return (
    <ConnectFormFrame
      id="connect-line-title"
      title={t('channels.line.title')}
      hint={t('channels.line.hint')}
      submitLabel={t('channels.line.connect')}
      onSubmit={submit}
      pending={connect.isPending}
      error={connect.error}
    >
      <PasswordField
        label={t('channels.line.channelSecret')}
        description={t('channels.line.channelSecretHint')}
        required
        autoComplete="off"
        {...field('channelSecret')}
      />
      <PasswordField
        label={t('channels.line.accessToken')}
        description={t('channels.line.accessTokenHint')}
        required
        autoComplete="off"
        {...field('accessToken')}
      />
      <TextInput
        label={t('channels.name')}
        description={t('channels.line.nameHint')}
        maxLength={60}
        {...field('name')}
      />
      {demo ? (
        <>
          <TextInput
            label={t('channels.line.apiBaseUrl')}
            description={t('channels.line.apiBaseUrlHint')}
            {...field('apiBaseUrl')}
          />
          <TextInput
            label={t('channels.line.dataBaseUrl')}
            description={t('channels.line.dataBaseUrlHint')}
            {...field('dataBaseUrl')}
          />
        </>
      ) : null}
    </ConnectFormFrame>
  );
}

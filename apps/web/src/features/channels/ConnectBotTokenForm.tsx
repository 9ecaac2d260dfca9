import { TextInput } from '@mantine/core';
import { type ChannelAccount, telegramAccountBody, viberAccountBody } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../shared/ui/PasswordField';
import { useConnectTelegram, useConnectViber } from './api';
import { ConnectFormFrame } from './ConnectFormFrame';
import { useConnectForm } from './useConnectForm';

type Values = {
  botToken: string;
  name: string;
  apiBaseUrl: string;
};

const EMPTY: Values = { botToken: '', name: '', apiBaseUrl: '' };

/** The two bot-token platforms (001 §2 "Viber and Telegram bot token"): their body, call and labels. */
const PLATFORMS = {
  telegram: { schema: telegramAccountBody, useConnect: useConnectTelegram },
  viber: { schema: viberAccountBody, useConnect: useConnectViber },
} as const;

/**
 * 001 §2 "Viber and Telegram bot token" dialog (owner and admin only): the bot's token (Telegram: from
 * @BotFather; Viber: from the bot's admin panel); Sapa asks the provider who the bot is and sets its webhook
 * itself. The token is sealed on the server and never shown again. Labels come from `channels.<platform>`.
 */
export function ConnectBotTokenForm({
  platform,
  demo,
  onConnected,
}: {
  platform: keyof typeof PLATFORMS;
  demo: boolean;
  onConnected: (account: ChannelAccount) => void;
}) {
  const { t } = useTranslation();
  const { schema, useConnect } = PLATFORMS[platform];
  const connect = useConnect();
  const { field, submit } = useConnectForm({
    empty: EMPTY,
    schema,
    toInput: (values) => ({
      botToken: values.botToken,
      name: values.name.trim() || undefined,
      apiBaseUrl: values.apiBaseUrl.trim() || undefined,
    }),
    connect,
    onConnected,
  });

  return (
    <ConnectFormFrame
      id={`connect-${platform}-title`}
      title={t(`channels.${platform}.title`)}
      hint={t(`channels.${platform}.hint`)}
      submitLabel={t(`channels.${platform}.connect`)}
      onSubmit={submit}
      pending={connect.isPending}
      error={connect.error}
    >
      <PasswordField
        label={t(`channels.${platform}.botToken`)}
        description={t(`channels.${platform}.botTokenHint`)}
        required
        autoComplete="off"
        {...field('botToken')}
      />
      <TextInput
        label={t('channels.name')}
        description={t(`channels.${platform}.nameHint`)}
        maxLength={60}
        {...field('name')}
      />
      {demo ? (
        <TextInput
          label={t(`channels.${platform}.apiBaseUrl`)}
          description={t(`channels.${platform}.apiBaseUrlHint`)}
          {...field('apiBaseUrl')}
        />
      ) : null}
    </ConnectFormFrame>
  );
}

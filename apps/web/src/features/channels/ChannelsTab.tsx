import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import type { ChannelAccount, Me } from '@sapa/contracts';
import { IconCheck, IconCopy, IconMail, IconMessageCirclePlus, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppInfo } from '../../app/appInfo';
import { ChannelBadge } from '../../entities/ticket';
import { errorMessage } from '../../shared/api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { RowActions } from '../../shared/ui/RowActions';
import { useChannelAccounts, useDisconnectChannel, useRefreshChannel } from './api';
import { ConnectBotTokenForm } from './ConnectBotTokenForm';
import { ConnectionState } from './ConnectionState';
import { ConnectLineForm } from './ConnectLineForm';
import { ConnectMetaForm } from './ConnectMetaForm';
import { ConnectShopeeForm } from './ConnectShopeeForm';
import { ConnectWhatsappForm } from './ConnectWhatsappForm';
import { MarketplaceReturn } from './MarketplaceReturn';

function WebhookUrl({ url, verifyToken }: { url: string; verifyToken?: string | undefined }) {
  const { t } = useTranslation();
  const absolute = url.startsWith('http') ? url : `${window.location.origin}${url}`;
  if (verifyToken)
    return (
      <Stack gap={2}>
        <WebhookUrl url={url} />
        {/* Messenger and Instagram: the token Meta's verification GET carries, pasted with the URL. */}
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('channels.meta.verifyToken')}
          </Text>
          <Code style={{ overflowWrap: 'anywhere' }}>{verifyToken}</Code>
        </Group>
      </Stack>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ overflowWrap: 'anywhere', maxWidth: 360 }}>{absolute}</Code>
      <CopyButton value={absolute}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={t('channels.copyWebhook')}>
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** Live-chat and email accounts open their settings page (001 §2 live chat widget settings, email settings). */
const editPathOf = (account: ChannelAccount) =>
  account.channel === 'LVC'
    ? `/livechat/edit/${account.id}`
    : account.channel === 'EML' && account.status === 'connected'
      ? `/email/edit?id=${account.id}`
      : null;

/**
 * The business's channel accounts; owner and admin connect WhatsApp Cloud, a Telegram bot, a Viber bot, a LINE
 * account, a Facebook Page, an Instagram account and Shopee stores, add and edit
 * live chats, and disconnect accounts.
 */
export function ChannelsTab({ me }: { me: Me }) {
  const { t } = useTranslation();
  const info = useAppInfo();
  const accounts = useChannelAccounts();
  const disconnect = useDisconnectChannel();
  const refresh = useRefreshChannel();
  const [removing, setRemoving] = useState<ChannelAccount | null>(null);
  const [connected, setConnected] = useState<ChannelAccount | null>(null);
  const manage = me.role === 'OWN' || me.role === 'ADC';
  const has = (channel: ChannelAccount['channel']) =>
    (accounts.data ?? []).some((account) => account.channel === channel && account.status === 'connected');
  const offersWhatsapp = info.partner.allowedChannels.includes('WAP');
  const offersTelegram = info.partner.allowedChannels.includes('TLG');
  const offersLine = info.partner.allowedChannels.includes('LNE');
  const offersViber = info.partner.allowedChannels.includes('VBR');
  const offersLivechat = info.partner.allowedChannels.includes('LVC');
  // 001 §9: one Facebook Page and one Instagram account per business.
  const metaForms = (['MSG', 'IGM'] as const).filter(
    (channel) => info.partner.allowedChannels.includes(channel) && !has(channel),
  );
  const offersEmail = info.partner.allowedChannels.includes('EML');
  // 000 §4 "Shopee connect off": the server leaves SHP out of the offered channels when the flag is off.
  const offersShopee = info.partner.allowedChannels.includes('SHP');
  const navigate = useNavigate();

  return (
    <Stack gap="md">
      {manage && (offersLivechat || offersEmail) ? (
        <Group justify="flex-end">
          {offersEmail ? (
            <Button
              component={Link}
              to="/email/create"
              variant="light"
              leftSection={<IconMail size={16} aria-hidden />}
            >
              {t('channels.email.add')}
            </Button>
          ) : null}
          {offersLivechat ? (
            <Button
              component={Link}
              to="/livechat/create"
              variant="light"
              leftSection={<IconMessageCirclePlus size={16} aria-hidden />}
            >
              {t('livechatSettings.add')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <MarketplaceReturn />
      {connected ? (
        <Alert
          color="green"
          icon={<IconPlugConnected aria-hidden />}
          title={t('channels.connected', { name: connected.name })}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setConnected(null)}
        >
          {connected.channel === 'TLG' ? (
            <Text size="sm">{t('channels.telegram.connected', { address: connected.address })}</Text>
          ) : connected.channel === 'VBR' ? (
            <Text size="sm">{t('channels.viber.connected', { address: connected.address })}</Text>
          ) : connected.channel === 'LNE' ? (
            <Text size="sm">
              {connected.webhookVerification === 'pending'
                ? t('channels.line.pending')
                : t('channels.line.connected', { address: connected.address })}
            </Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm">
                {connected.webhookVerifyToken ? t('channels.meta.connected') : t('channels.webhookHint')}
              </Text>
              {connected.webhookUrl ? (
                <WebhookUrl url={connected.webhookUrl} verifyToken={connected.webhookVerifyToken} />
              ) : null}
            </Stack>
          )}
        </Alert>
      ) : null}
      {refresh.error ? (
        <Alert
          color="red"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => refresh.reset()}
        >
          {errorMessage(refresh.error)}
        </Alert>
      ) : null}
      <QueryState
        query={accounts}
        loading={
          <Stack gap="xs" aria-busy>
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        }
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState title={t('channels.empty')}>{manage ? t('channels.emptyHint') : null}</EmptyState>}
      >
        {(items) => (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={1040}>
              <Table verticalSpacing="sm" aria-label={t('channels.listLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('channels.channel')}</Table.Th>
                    <Table.Th>{t('channels.name')}</Table.Th>
                    <Table.Th>{t('channels.address')}</Table.Th>
                    <Table.Th>{t('channels.status')}</Table.Th>
                    <Table.Th>{t('channels.webhookUrl')}</Table.Th>
                    {manage ? <Table.Th aria-label={t('common.actions')} /> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((account) => {
                    const editPath = manage ? editPathOf(account) : null;
                    return (
                      <Table.Tr key={account.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <ChannelBadge channel={account.channel} size="sm" />
                        </Table.Td>
                        <Table.Td>
                          {editPath ? (
                            <Anchor component={Link} to={editPath} size="sm">
                              {account.name}
                            </Anchor>
                          ) : (
                            account.name
                          )}
                        </Table.Td>
                        <Table.Td>{account.address}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <ConnectionState
                            account={account}
                            refreshing={refresh.isPending && refresh.variables === account.id}
                            onRefresh={manage ? () => refresh.mutate(account.id) : undefined}
                          />
                        </Table.Td>
                        <Table.Td>
                          {account.webhookUrl ? (
                            <WebhookUrl url={account.webhookUrl} verifyToken={account.webhookVerifyToken} />
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                        {manage ? (
                          <Table.Td>
                            <RowActions
                              editLabel={t('livechatSettings.editNamed', { name: account.name })}
                              deleteLabel={t('channels.disconnectNamed', { name: account.name })}
                              onEdit={editPath ? () => navigate(editPath) : undefined}
                              onDelete={
                                account.status === 'connected' ? () => setRemoving(account) : undefined
                              }
                            />
                          </Table.Td>
                        ) : null}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
      {manage && offersWhatsapp && !has('WAP') && !accounts.isPending ? (
        <ConnectWhatsappForm demo={info.demo} onConnected={setConnected} />
      ) : null}
      {/* 001 §9: one account per social platform. */}
      {manage && offersTelegram && !has('TLG') && !accounts.isPending ? (
        <ConnectBotTokenForm platform="telegram" demo={info.demo} onConnected={setConnected} />
      ) : null}
      {manage && offersViber && !has('VBR') && !accounts.isPending ? (
        <ConnectBotTokenForm platform="viber" demo={info.demo} onConnected={setConnected} />
      ) : null}
      {manage && offersLine && !has('LNE') && !accounts.isPending ? (
        <ConnectLineForm demo={info.demo} onConnected={setConnected} />
      ) : null}
      {manage && !accounts.isPending
        ? metaForms.map((channel) => (
            <ConnectMetaForm key={channel} channel={channel} demo={info.demo} onConnected={setConnected} />
          ))
        : null}
      {/* Several stores per marketplace (000 §4 multiple connect). */}
      {manage && offersShopee && !accounts.isPending ? <ConnectShopeeForm /> : null}
      <ConfirmDialog
        opened={removing !== null}
        title={t('channels.disconnectTitle')}
        confirmLabel={t('channels.disconnect')}
        loading={disconnect.isPending}
        error={disconnect.error ? errorMessage(disconnect.error) : null}
        onClose={() => {
          disconnect.reset();
          setRemoving(null);
        }}
        onConfirm={() =>
          removing &&
          disconnect.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              setConnected(null);
            },
          })
        }
      >
        {removing?.channel === 'LVC'
          ? t('livechatSettings.disconnectConfirm', { name: removing.name, domain: removing.address })
          : t('channels.disconnectConfirm', { name: removing?.name ?? '', address: removing?.address ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

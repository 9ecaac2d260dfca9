import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
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
import { IconCheck, IconCopy, IconMessageCirclePlus, IconPlugConnected } from '@tabler/icons-react';
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
import { useChannelAccounts, useDisconnectChannel } from './api';
import { ConnectWhatsappForm } from './ConnectWhatsappForm';

function WebhookUrl({ url }: { url: string }) {
  const { t } = useTranslation();
  const absolute = url.startsWith('http') ? url : `${window.location.origin}${url}`;
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

/** Live-chat accounts open their settings page (001 §2 live chat widget settings). */
const editPathOf = (account: ChannelAccount) =>
  account.channel === 'LVC' ? `/livechat/edit/${account.id}` : null;

/**
 * The business's channel accounts; owner and admin connect WhatsApp Cloud, add and edit live chats, and
 * disconnect accounts.
 */
export function ChannelsTab({ me }: { me: Me }) {
  const { t } = useTranslation();
  const info = useAppInfo();
  const accounts = useChannelAccounts();
  const disconnect = useDisconnectChannel();
  const [removing, setRemoving] = useState<ChannelAccount | null>(null);
  const [connected, setConnected] = useState<ChannelAccount | null>(null);
  const manage = me.role === 'OWN' || me.role === 'ADC';
  const hasWhatsapp = (accounts.data ?? []).some(
    (account) => account.channel === 'WAP' && account.status === 'connected',
  );
  const offersWhatsapp = info.partner.allowedChannels.includes('WAP');
  const offersLivechat = info.partner.allowedChannels.includes('LVC');
  const navigate = useNavigate();

  return (
    <Stack gap="md">
      {manage && offersLivechat ? (
        <Group justify="flex-end">
          <Button
            component={Link}
            to="/livechat/create"
            variant="light"
            leftSection={<IconMessageCirclePlus size={16} aria-hidden />}
          >
            {t('livechatSettings.add')}
          </Button>
        </Group>
      ) : null}
      {connected ? (
        <Alert
          color="green"
          icon={<IconPlugConnected aria-hidden />}
          title={t('channels.connected', { name: connected.name })}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setConnected(null)}
        >
          <Stack gap={4}>
            <Text size="sm">{t('channels.webhookHint')}</Text>
            {connected.webhookUrl ? <WebhookUrl url={connected.webhookUrl} /> : null}
          </Stack>
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
            <Table.ScrollContainer minWidth={640}>
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
                          <Badge
                            style={{ overflow: 'visible' }}
                            styles={{ label: { overflow: 'visible' } }}
                            variant="light"
                            color={account.status === 'connected' ? 'green' : 'gray'}
                          >
                            {t(`channels.state.${account.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {account.webhookUrl ? <WebhookUrl url={account.webhookUrl} /> : '—'}
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
      {manage && offersWhatsapp && !hasWhatsapp && !accounts.isPending ? (
        <ConnectWhatsappForm demo={info.demo} onConnected={setConnected} />
      ) : null}
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

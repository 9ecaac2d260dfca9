import {
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { can, type TicketSummary, type TicketView } from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppInfo } from '../../app/appInfo';
import { ChannelBadge, StatusBadge, ticketInboxPath } from '../../entities/ticket';
import { accessSubjectOf, errorMessage, useConnectedChannels, useMe } from '../../shared/api';
import { useItemEditor } from '../../shared/hooks/useItemEditor';
import { formatDateTime } from '../../shared/time';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLoader } from '../../shared/ui/PageLoader';
import { QueryState } from '../../shared/ui/QueryState';
import { RowActions } from '../../shared/ui/RowActions';
import { useDeleteView, useViews, useViewTickets } from './api';
import { ViewFormModal } from './ViewFormModal';

function ViewTickets({ view }: { view: TicketView }) {
  const { t, i18n } = useTranslation();
  const tickets = useViewTickets(view.id);
  const items: TicketSummary[] = tickets.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0)
    return (
      <QueryState
        query={tickets}
        loading={
          <Stack gap="xs" aria-busy>
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        }
        isEmpty
        empty={<EmptyState title={t('play.views.noTickets')} />}
      >
        {null}
      </QueryState>
    );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover aria-label={t('play.views.ticketsOf', { name: view.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('play.views.columns.ticket')}</Table.Th>
              <Table.Th>{t('play.views.columns.customer')}</Table.Th>
              <Table.Th>{t('play.views.columns.channel')}</Table.Th>
              <Table.Th>{t('play.views.columns.status')}</Table.Th>
              <Table.Th>{t('play.views.columns.assignee')}</Table.Th>
              <Table.Th>{t('play.views.columns.lastActivity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((ticket) => (
              <Table.Tr key={ticket.id}>
                <Table.Td>
                  <Anchor component={Link} to={ticketInboxPath(ticket.id)} size="sm">
                    {ticket.displayId}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {ticket.contact.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {ticket.contact.handle}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ChannelBadge channel={ticket.channel} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={ticket.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{ticket.assigneeName ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {formatDateTime(ticket.lastMessage?.at ?? ticket.updatedAt, i18n.language)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {tickets.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void tickets.fetchNextPage()}
          loading={tickets.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('common.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * /customer-service/ticket-view [VIEW_FEATURE] (000 §2): saved views on the left, the chosen view's tickets
 * on the right (`?view=`); adding, editing and deleting views follow the VIEW_FEATURE actions.
 */
export function TicketViewPage() {
  const { t } = useTranslation();
  const me = useMe();
  const info = useAppInfo();
  const connectedChannels = useConnectedChannels(info.partner.allowedChannels);
  const views = useViews();
  const remove = useDeleteView();
  const [params, setParams] = useSearchParams();
  const editor = useItemEditor<TicketView>({
    remove,
    messages: {
      created: 'play.views.created_ok',
      updated: 'play.views.updated',
      deleted: 'play.views.deleted',
    },
  });
  if (!me.data) return <PageLoader />;
  const subject = accessSubjectOf(me.data);
  const canCreate = can(subject, 'VIEW_FEATURE', 'CREATE');
  const canUpdate = can(subject, 'VIEW_FEATURE', 'UPDATE');
  const canDelete = can(subject, 'VIEW_FEATURE', 'DELETE');
  const list = views.data ?? [];
  const selected = list.find((v) => v.id === params.get('view')) ?? list[0] ?? null;
  const choose = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('view', id);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('route.ticketView')}
        </Title>
        {canCreate ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => editor.openForm(null)}>
            {t('play.views.add')}
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={views}
        isEmpty={list.length === 0}
        empty={
          <Paper withBorder p="lg">
            <EmptyState title={t('play.views.empty')}>{t('play.views.emptyHint')}</EmptyState>
          </Paper>
        }
      >
        <Box
          style={{
            display: 'flex',
            gap: 'var(--mantine-spacing-md)',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
          }}
        >
          <Paper
            withBorder
            p={4}
            w={{ base: '100%', md: 280 }}
            component="nav"
            aria-label={t('play.views.list')}
          >
            <Stack gap={2}>
              {list.map((view) => {
                const active = view.id === selected?.id;
                return (
                  <Group key={view.id} gap={4} wrap="nowrap" justify="space-between">
                    <UnstyledButton
                      onClick={() => choose(view.id)}
                      aria-current={active ? 'true' : undefined}
                      px="sm"
                      py={6}
                      style={{
                        flex: 1,
                        minWidth: 0,
                        borderRadius: 'var(--mantine-radius-sm)',
                        background: active ? 'var(--mantine-primary-color-light)' : undefined,
                      }}
                    >
                      <Text size="sm" fw={active ? 600 : 400} truncate>
                        {view.name}
                      </Text>
                    </UnstyledButton>
                    <RowActions
                      editLabel={t('play.views.editNamed', { name: view.name })}
                      deleteLabel={t('play.views.deleteNamed', { name: view.name })}
                      onEdit={canUpdate ? () => editor.openForm(view) : undefined}
                      onDelete={canDelete ? () => editor.askDelete(view) : undefined}
                    />
                  </Group>
                );
              })}
            </Stack>
          </Paper>
          <Paper withBorder p="md" style={{ flex: '1 1 480px', minWidth: 0 }}>
            {selected ? (
              <Stack gap="sm">
                <Title order={3} size="h5">
                  {selected.name}
                </Title>
                <ViewTickets key={selected.id} view={selected} />
              </Stack>
            ) : null}
          </Paper>
        </Box>
      </QueryState>
      <ViewFormModal
        opened={editor.formOpened}
        view={editor.editing}
        channels={connectedChannels.data ?? []}
        onClose={editor.closeForm}
        onSaved={(saved) => {
          editor.onSaved(saved);
          choose(saved.id);
        }}
      />
      <ConfirmDialog
        opened={editor.deleting !== null}
        title={t('play.views.delete')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={editor.confirmDelete}
        onClose={editor.cancelDelete}
      >
        {t('play.views.deleteBody', { name: editor.deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

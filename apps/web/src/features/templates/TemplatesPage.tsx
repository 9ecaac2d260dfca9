import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ManagedTemplate } from '@sapa/contracts';
import { IconPencil, IconPlus, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, useMe } from '../../shared/api';
import { useConfirmedDelete } from '../../shared/hooks/useConfirmedDelete';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLoader } from '../../shared/ui/PageLoader';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { templateAccessOf, useDeleteTemplate, useSyncTemplates, useWhatsappTemplates } from './api';
import { StatusBadge } from './StatusBadge';

/** /template/whatsapp (001 §2 template tab; §4 review statuses): list, search, sync, create, edit, delete. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const templates = useWhatsappTemplates(debounced);
  const sync = useSyncTemplates();
  const deletion = useConfirmedDelete<ManagedTemplate>(useDeleteTemplate(), 'waTemplates.deleted');
  if (!me.data) return <PageLoader />;
  const access = templateAccessOf(me.data);
  const list = templates.data ?? [];

  const runSync = () =>
    sync.mutate(undefined, {
      onSuccess: (r) =>
        notifications.show({
          color: 'green',
          message: t('waTemplates.synced', { created: r.created, updated: r.updated }),
        }),
      onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }),
    });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="md" gap="sm">
          <div>
            <Title order={2} size="h4">
              {t('waTemplates.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('waTemplates.subtitle')}
            </Text>
          </div>
          <Group gap="sm">
            {access.update ? (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={sync.isPending}
                onClick={runSync}
              >
                {t('waTemplates.sync')}
              </Button>
            ) : null}
            {access.create ? (
              <Button variant="light" component={Link} to="/follow-up/create/whatsapp">
                {t('waTemplates.createFollowUp')}
              </Button>
            ) : null}
            {access.create ? (
              <Button
                component={Link}
                to="/template/create/whatsapp"
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {t('waTemplates.create')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <TextInput
          mb="md"
          maw={360}
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('waTemplates.searchPlaceholder')}
          aria-label={t('waTemplates.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-label={t('waTemplates.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('waTemplates.name')}</Table.Th>
                <Table.Th>{t('waTemplates.category')}</Table.Th>
                <Table.Th>{t('waTemplates.language')}</Table.Th>
                <Table.Th>{t('waTemplates.type')}</Table.Th>
                <Table.Th>{t('waTemplates.statusLabel')}</Table.Th>
                <Table.Th w={96} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((template) => (
                <Table.Tr key={template.id} data-testid="template-row" data-name={template.name}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {template.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1} maw={320}>
                      {template.body}
                    </Text>
                    <Group gap={4} mt={2}>
                      {template.isFollowUp ? (
                        <Badge size="xs" variant="outline">
                          {t('waTemplates.followUp')}
                        </Badge>
                      ) : null}
                      {template.isNewMessage ? (
                        <Badge size="xs" variant="outline">
                          {t('waTemplates.newMessage')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t(`waTemplates.categories.${template.category}`, { defaultValue: template.category })}
                    </Text>
                    {template.previousCategory ? (
                      <Text size="xs" c="orange">
                        {t('waTemplates.categoryChanged', {
                          from: t(`waTemplates.categories.${template.previousCategory}`, {
                            defaultValue: template.previousCategory,
                          }),
                        })}
                      </Text>
                    ) : template.subCategory ? (
                      <Text size="xs" c="dimmed">
                        {t(`waTemplates.subCategories.${template.subCategory}`, {
                          defaultValue: template.subCategory,
                        })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {t(`waTemplates.languages.${template.language}`, { defaultValue: template.language })}
                  </Table.Td>
                  <Table.Td>
                    {t(`waTemplates.types.${template.templateType}`, { defaultValue: template.templateType })}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={template.status} />
                    {template.rejectionReason ? (
                      <Text size="xs" c="red" mt={2}>
                        {template.rejectionReason}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {access.update ? (
                        <Tooltip label={t('common.edit')}>
                          <ActionIcon
                            variant="subtle"
                            component={Link}
                            to={`/template/edit/whatsapp?template=${template.id}`}
                            aria-label={t('waTemplates.editNamed', { name: template.name })}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                      {access.delete ? (
                        <Tooltip label={t('waTemplates.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('waTemplates.deleteNamed', { name: template.name })}
                            onClick={() => deletion.ask(template)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <QueryState
          query={templates}
          loading={<SkeletonRows count={3} height={32} />}
          isEmpty={list.length === 0}
          empty={
            <EmptyState title={t(debounced.trim() ? 'waTemplates.noMatch' : 'waTemplates.empty')}>
              {debounced.trim() ? null : t('waTemplates.emptyHint')}
            </EmptyState>
          }
        >
          {null}
        </QueryState>
      </Paper>
      <ConfirmDialog
        {...deletion.dialog}
        title={t('waTemplates.deleteTitle')}
        confirmLabel={t('waTemplates.delete')}
      >
        {t('waTemplates.deleteConfirm', { name: deletion.deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

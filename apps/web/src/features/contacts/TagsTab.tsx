import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ContactTag } from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api';
import { useItemEditor } from '../../shared/hooks/useItemEditor';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { RowActions } from '../../shared/ui/RowActions';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import type { ContactAccess } from './access';
import { useContactTags, useDeleteTag } from './api';

/** 001 §2 contact tags: the list; add and edit open /contact/add-contact-tag and /contact/edit-contact-tag/:tag. */
export function TagsTab({ access }: { access: ContactAccess }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tags = useContactTags();
  const remove = useDeleteTag();
  const editor = useItemEditor<ContactTag>({
    remove,
    messages: {
      created: 'contacts.tags.created',
      updated: 'contacts.tags.updated',
      deleted: 'contacts.tags.deleted',
    },
  });
  const list = tags.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        {access.create ? (
          <Button
            component={Link}
            to="/contact/add-contact-tag"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('contacts.tags.add')}
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={tags}
        loading={<SkeletonRows height={48} radius="sm" />}
        isEmpty={list.length === 0}
        empty={<EmptyState title={t('contacts.tags.empty')}>{t('contacts.tags.emptyHint')}</EmptyState>}
      >
        <Stack gap="xs" role="list" aria-label={t('contacts.tags.label')}>
          {list.map((tag) => (
            <Paper key={tag.id} withBorder p="xs" px="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap">
                <Badge variant="outline" color="gray" size="lg" style={{ textTransform: 'none' }}>
                  {tag.name}
                </Badge>
                <RowActions
                  editLabel={t('contacts.tags.editNamed', { name: tag.name })}
                  deleteLabel={t('contacts.tags.deleteNamed', { name: tag.name })}
                  onEdit={
                    access.update ? () => void navigate(`/contact/edit-contact-tag/${tag.id}`) : undefined
                  }
                  onDelete={access.delete ? () => editor.askDelete(tag) : undefined}
                />
              </Group>
            </Paper>
          ))}
        </Stack>
      </QueryState>
      <ConfirmDialog
        opened={editor.deleting !== null}
        title={t('contacts.tags.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={editor.confirmDelete}
        onClose={editor.cancelDelete}
      >
        <Text>{t('contacts.tags.deleteConfirm', { name: editor.deleting?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

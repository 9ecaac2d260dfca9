import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AdminUser, can, type Me } from '@sapa/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage } from '../../shared/api';
import { useItemEditor } from '../../shared/hooks/useItemEditor';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadMoreButton } from '../../shared/ui/LoadMore';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { useAccessRoles } from '../access-roles/api';
import { useAdminUsers, useDeleteUser } from './api';
import { UserFormModal } from './UserFormModal';
import { UsersTable } from './UsersTable';

/** Settings › Admin › Users (001 §2): list, search, load more, add, edit, delete. */
export function UsersTab({ me }: { me: Me }) {
  const { t } = useTranslation();
  const subject = accessSubjectOf(me);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useAdminUsers(debounced);
  const accessRoles = useAccessRoles();
  const remove = useDeleteUser();
  const editor = useItemEditor<AdminUser>({
    remove,
    messages: {
      created: 'admin.users.created',
      updated: 'admin.users.updated',
      deleted: 'admin.users.deleted',
    },
  });

  const list = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <TextInput
          label={t('admin.users.search')}
          placeholder={t('admin.users.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {can(subject, 'SETTING_ADMIN', 'CREATE') ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => editor.openForm(null)}
            mt={{ sm: 24 }}
          >
            {t('admin.users.add')}
          </Button>
        ) : null}
      </Group>

      <QueryState
        query={users}
        loading={<SkeletonRows count={5} height={44} radius="sm" />}
        isEmpty={list.length === 0}
        empty={
          <EmptyState title={debounced ? t('admin.users.noMatch') : t('admin.users.empty')}>
            {debounced ? t('admin.users.noMatchHint', { search: debounced }) : null}
          </EmptyState>
        }
      >
        <UsersTable
          users={list}
          currentUserId={me.user.id}
          canUpdate={can(subject, 'SETTING_ADMIN', 'UPDATE')}
          canDelete={can(subject, 'SETTING_ADMIN', 'DELETE')}
          onEdit={editor.openForm}
          onDelete={editor.askDelete}
        />
        <LoadMoreButton pages={users} />
      </QueryState>

      <UserFormModal
        me={me}
        user={editor.editing}
        opened={editor.formOpened}
        accessRoles={accessRoles.data ?? []}
        onClose={editor.closeForm}
        onSaved={editor.onSaved}
      />
      <ConfirmDialog
        opened={editor.deleting !== null}
        title={t('admin.users.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={editor.confirmDelete}
        onClose={editor.cancelDelete}
      >
        {t('admin.users.deleteConfirm', { name: editor.deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { ACCESS_ROLE_MENUS, type AccessRole, can, type Me } from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage } from '../../shared/api';
import { useItemEditor } from '../../shared/hooks/useItemEditor';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { RowActions } from '../../shared/ui/RowActions';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { AccessRoleFormModal } from './AccessRoleFormModal';
import { useAccessRoles, useDeleteAccessRole } from './api';

/** Settings › Admin › Access roles (001 §2 access role list; 000 §7 feature-access calls). */
export function AccessRolesTab({ me }: { me: Me }) {
  const { t } = useTranslation();
  const subject = accessSubjectOf(me);
  const roles = useAccessRoles();
  const remove = useDeleteAccessRole();
  const editor = useItemEditor<AccessRole>({
    remove,
    messages: {
      created: 'admin.roles.created',
      updated: 'admin.roles.updated',
      deleted: 'admin.roles.deleted',
    },
  });

  const canUpdate = can(subject, 'SETTING_ADMIN', 'UPDATE');
  const canDelete = can(subject, 'SETTING_ADMIN', 'DELETE');

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm" maw={560}>
          {t('admin.roles.explain')}
        </Text>
        {can(subject, 'SETTING_ADMIN', 'CREATE') ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => editor.openForm(null)}>
            {t('admin.roles.add')}
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={roles}
        loading={<SkeletonRows height={44} radius="sm" />}
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState title={t('admin.roles.empty')}>{t('admin.roles.emptyHint')}</EmptyState>}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t('admin.roles.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.roles.name')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('admin.roles.menus')}</Table.Th>
                  <Table.Th>{t('admin.roles.userCount')}</Table.Th>
                  <Table.Th w={96}>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((role) => (
                  <Table.Tr key={role.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {role.name}
                      </Text>
                      {role.description ? (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {role.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      {role.allMenu ? (
                        <Badge variant="light">{t('admin.roles.allMenu')}</Badge>
                      ) : (
                        <Text size="sm">
                          {t('admin.roles.menuCount', {
                            count: role.menus.length,
                            total: ACCESS_ROLE_MENUS.length,
                          })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t('admin.roles.users', { count: role.userCount })}</Table.Td>
                    <Table.Td>
                      <RowActions
                        editLabel={t('admin.roles.editNamed', { name: role.name })}
                        deleteLabel={t('admin.roles.deleteNamed', { name: role.name })}
                        onEdit={canUpdate ? () => editor.openForm(role) : undefined}
                        onDelete={canDelete ? () => editor.askDelete(role) : undefined}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <AccessRoleFormModal
        role={editor.editing}
        opened={editor.formOpened}
        onClose={editor.closeForm}
        onSaved={editor.onSaved}
      />
      <ConfirmDialog
        opened={editor.deleting !== null}
        title={t('admin.roles.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={editor.confirmDelete}
        onClose={editor.cancelDelete}
      >
        {t('admin.roles.deleteConfirm', { name: editor.deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

import { Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminUser } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/time';
import { RowActions } from '../../shared/ui/RowActions';
import { csPositionKey } from './labels';

interface RowProps {
  user: AdminUser;
  currentUserId: string;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

function UserActions({ user, currentUserId, canUpdate, canDelete, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation();
  const isOwner = user.role === 'OWN';
  const isSelf = user.id === currentUserId;
  return (
    <RowActions
      editLabel={t('admin.users.editNamed', { name: user.name })}
      deleteLabel={t('admin.users.deleteNamed', { name: user.name })}
      onEdit={canUpdate && !isOwner ? () => onEdit(user) : undefined}
      onDelete={canDelete && !isOwner && !isSelf ? () => onDelete(user) : undefined}
    />
  );
}

function UserIdentity({ user, currentUserId }: { user: AdminUser; currentUserId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} miw={0}>
      <Group gap={6}>
        <Text fw={600} size="sm">
          {user.name}
        </Text>
        {user.id === currentUserId ? (
          <Badge size="xs" variant="light">
            {t('admin.users.you')}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
      {user.csTags.length > 0 ? (
        <Group gap={4} mt={4}>
          {user.csTags.map((tag) => (
            <Badge key={tag} size="xs" variant="outline" color="gray">
              {tag}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

/** Phones: one card per user instead of a wide table. */
function UserCards(props: Omit<RowProps, 'user'> & { users: readonly AdminUser[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="list" aria-label={t('admin.users.tableLabel')}>
      {props.users.map((user) => (
        <Card key={user.id} withBorder padding="sm" role="listitem">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <UserIdentity user={user} currentUserId={props.currentUserId} />
            <UserActions user={user} {...props} />
          </Group>
          <Text size="xs" mt={6}>
            {[
              t(`roles.${user.role}`),
              user.csPosition ? t(csPositionKey(user.csPosition)) : null,
              user.accessRoleName ?? t('admin.users.defaultAccess'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

export function UsersTable({
  users,
  currentUserId,
  canUpdate,
  canDelete,
  onEdit,
  onDelete,
}: {
  users: readonly AdminUser[];
  currentUserId: string;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  if (narrow) {
    return (
      <UserCards
        users={users}
        currentUserId={currentUserId}
        canUpdate={canUpdate}
        canDelete={canDelete}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('admin.users.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.users.name')}</Table.Th>
            <Table.Th>{t('admin.users.role')}</Table.Th>
            <Table.Th>{t('admin.users.accessRole')}</Table.Th>
            <Table.Th>{t('admin.users.csPosition')}</Table.Th>
            <Table.Th>{t('admin.users.lastSignIn')}</Table.Th>
            <Table.Th w={96}>
              <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <UserIdentity user={user} currentUserId={currentUserId} />
              </Table.Td>
              <Table.Td>{t(`roles.${user.role}`)}</Table.Td>
              <Table.Td>
                {user.accessRoleName ?? (
                  <Text size="sm" c="dimmed">
                    {t('admin.users.defaultAccess')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{user.csPosition ? t(csPositionKey(user.csPosition)) : '—'}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {user.lastSignedInAt
                    ? formatDateTime(user.lastSignedInAt, i18n.language)
                    : t('admin.users.never')}
                </Text>
              </Table.Td>
              <Table.Td>
                <UserActions
                  user={user}
                  currentUserId={currentUserId}
                  canUpdate={canUpdate}
                  canDelete={canDelete}
                  onEdit={onEdit}
                  onDelete={onDelete}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

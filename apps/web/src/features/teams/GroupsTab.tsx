import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type CsGroup,
  csGroupInputSchema,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  type OperationalDay,
} from '@sapa/contracts';
import { IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { useConfirmedDelete } from '../../shared/hooks/useConfirmedDelete';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { FormModal } from '../../shared/ui/FormModal';
import { limitProps } from '../../shared/ui/limitProps';
import { QueryState } from '../../shared/ui/QueryState';
import { RowActions } from '../../shared/ui/RowActions';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import {
  useAddGroupMembers,
  useAgents,
  useDeleteGroup,
  useGroupMembers,
  useGroups,
  useRemoveGroupMember,
  useSaveGroup,
} from './api';

/** Monday first, as Indonesian calendars show it; day 0 is Sunday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * 000 §2 group management: list, add, edit and delete groups (name max 15, one default, empty before
 * deletion), their operational hours and members.
 */
export function GroupsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const groups = useGroups();
  const deletion = useConfirmedDelete<CsGroup>(useDeleteGroup(), 'teams.groups.deleted');
  const [editing, setEditing] = useState<CsGroup | null | undefined>(undefined);
  const [membersOf, setMembersOf] = useState<CsGroup | null>(null);
  const list = groups.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
          {t('teams.groups.intro')}
        </Text>
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
            {t('teams.groups.add')}
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={groups}
        loading={<SkeletonRows height={56} radius="sm" />}
        isEmpty={list.length === 0}
        empty={<EmptyState title={t('teams.groups.empty')}>{t('teams.groups.emptyHint')}</EmptyState>}
      >
        <Stack gap="xs" role="list" aria-label={t('teams.groups.title')}>
          {list.map((group) => (
            <Paper key={group.id} withBorder p="xs" px="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap" align="center">
                <div style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} size="sm" truncate>
                      {group.name}
                    </Text>
                    {group.isDefault ? (
                      <Badge size="xs" variant="light">
                        {t('teams.default')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {[t('teams.groups.memberCount', { count: group.memberCount }), group.description]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('teams.members.title', { name: group.name })}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('teams.members.title', { name: group.name })}
                      onClick={() => setMembersOf(group)}
                    >
                      <IconUsers size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  {canManage ? (
                    <RowActions
                      editLabel={t('teams.groups.editNamed', { name: group.name })}
                      deleteLabel={t('teams.groups.deleteNamed', { name: group.name })}
                      onEdit={() => setEditing(group)}
                      onDelete={() => deletion.ask(group)}
                    />
                  ) : null}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </QueryState>
      {editing !== undefined ? <GroupForm group={editing} onClose={() => setEditing(undefined)} /> : null}
      {membersOf ? (
        <MembersDialog group={membersOf} canManage={canManage} onClose={() => setMembersOf(null)} />
      ) : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('teams.groups.deleteTitle')}
        confirmLabel={t('common.delete')}
      >
        {t('teams.groups.deleteConfirm', { name: deletion.deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

function defaultHours(existing: OperationalDay[]): OperationalDay[] {
  return WEEK.map(
    (day) => existing.find((d) => d.day === day) ?? { day, open: day !== 0, from: '08:00', to: '17:00' },
  );
}

function GroupForm({ group, onClose }: { group: CsGroup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveGroup();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [isDefault, setIsDefault] = useState(group?.isDefault ?? false);
  const [hours, setHours] = useState<OperationalDay[]>(defaultHours(group?.operationalHours ?? []));
  const [touched, setTouched] = useState(false);
  const body = { name, description: description || null, operationalHours: hours, isDefault };
  const local = validate(csGroupInputSchema, body);
  const server = fieldErrorsOf(save.error);
  const nameError = local.errors.name;
  const setDay = (day: number, patch: Partial<OperationalDay>) =>
    setHours((all) => all.map((d) => (d.day === day ? { ...d, ...patch } : d)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!local.success) return;
    save.mutate(
      { id: group?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(group ? 'teams.groups.updated' : 'teams.groups.created', { name: saved.name }),
          });
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      size="lg"
      title={t(group ? 'teams.groups.editTitle' : 'teams.groups.addTitle')}
      onSubmit={submit}
      saveError={save.error}
      pending={save.isPending}
      submitLabel={t('common.save')}
    >
      <TextInput
        data-autofocus
        label={t('teams.groups.name')}
        description={t('teams.groups.nameHint', { max: GROUP_NAME_MAX })}
        required
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          if (save.isError) save.reset();
        }}
        // A server refusal shows the spec's whole sentence ('Failed Saving Group, …') on the name.
        error={server.name ? errorMessage(save.error) : touched ? message(nameError) : undefined}
      />
      <Textarea
        label={t('teams.groups.description')}
        autosize
        minRows={2}
        maxRows={5}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        {...limitProps(description, GROUP_DESCRIPTION_MAX, t, {
          error: touched ? message(local.errors.description) : undefined,
        })}
      />
      <Switch
        label={t('teams.groups.makeDefault')}
        description={t('teams.groups.defaultHint')}
        checked={isDefault}
        disabled={group?.isDefault}
        onChange={(event) => setIsDefault(event.currentTarget.checked)}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('teams.groups.hours')}
        </Text>
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
          <Table.Tbody>
            {hours.map((d) => (
              <Table.Tr key={d.day}>
                <Table.Td w={140}>
                  <Checkbox
                    label={t(`teams.weekday.${d.day}`)}
                    checked={d.open}
                    onChange={(event) => setDay(d.day, { open: event.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <TextInput
                      type="time"
                      size="xs"
                      aria-label={t('teams.groups.opensAt', { day: t(`teams.weekday.${d.day}`) })}
                      value={d.from}
                      disabled={!d.open}
                      onChange={(event) => setDay(d.day, { from: event.currentTarget.value })}
                    />
                    <Text size="xs" c="dimmed">
                      –
                    </Text>
                    <TextInput
                      type="time"
                      size="xs"
                      aria-label={t('teams.groups.closesAt', { day: t(`teams.weekday.${d.day}`) })}
                      value={d.to}
                      disabled={!d.open}
                      onChange={(event) => setDay(d.day, { to: event.currentTarget.value })}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </FormModal>
  );
}

function MembersDialog({
  group,
  canManage,
  onClose,
}: {
  group: CsGroup;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const members = useGroupMembers(group.id);
  const agents = useAgents(canManage);
  const add = useAddGroupMembers(group.id);
  const remove = useRemoveGroupMember(group.id);
  const [picked, setPicked] = useState<string[]>([]);
  const [removing, setRemoving] = useState<{ userId: string; name: string } | null>(null);
  const memberIds = new Set((members.data ?? []).map((m) => m.userId));
  const candidates = (agents.data ?? []).filter((a) => !memberIds.has(a.userId));
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('teams.members.title', { name: group.name })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {canManage ? (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <MultiSelect
              style={{ flex: 1 }}
              label={t('teams.members.add')}
              placeholder={t('teams.members.pick')}
              searchable
              data={candidates.map((a) => ({ value: a.userId, label: `${a.name} · ${a.email}` }))}
              value={picked}
              onChange={setPicked}
              nothingFoundMessage={t('inbox.noUsers')}
              comboboxProps={{ withinPortal: true }}
            />
            <Button
              disabled={picked.length === 0}
              loading={add.isPending}
              onClick={() => add.mutate(picked, { onSuccess: () => setPicked([]) })}
            >
              {t('teams.members.addButton')}
            </Button>
          </Group>
        ) : null}
        {add.isError ? (
          <Text c="red" size="sm" role="alert">
            {errorMessage(add.error)}
          </Text>
        ) : null}
        <QueryState
          query={members}
          loading={<Skeleton height={80} aria-label={t('common.loading')} />}
          isEmpty={(items) => items.length === 0}
          empty={<EmptyState title={t('teams.members.empty')}>{t('teams.members.emptyHint')}</EmptyState>}
        >
          {(items) => (
            <Table striped highlightOnHover aria-label={t('teams.members.title', { name: group.name })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('teams.members.name')}</Table.Th>
                  <Table.Th>{t('teams.members.position')}</Table.Th>
                  <Table.Th>{t('teams.members.status')}</Table.Th>
                  {canManage ? <Table.Th w={48} /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((m) => (
                  <Table.Tr key={m.userId}>
                    <Table.Td>
                      <Text size="sm">{m.name}</Text>
                      <Text size="xs" c="dimmed">
                        {m.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{m.csPosition ? t(`csPosition.${m.csPosition}`) : '—'}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="dot" color={m.status === 'online' ? 'green' : 'gray'}>
                        {t(`teams.status.${m.status}`)}
                      </Badge>
                    </Table.Td>
                    {canManage ? (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('teams.members.removeNamed', { name: m.name })}
                          onClick={() => {
                            remove.reset();
                            setRemoving({ userId: m.userId, name: m.name });
                          }}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('teams.members.removeTitle')}
        confirmLabel={t('teams.members.remove')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing.userId, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      >
        {t('teams.members.removeConfirm', { name: removing?.name ?? '', group: group.name })}
      </ConfirmDialog>
    </Modal>
  );
}

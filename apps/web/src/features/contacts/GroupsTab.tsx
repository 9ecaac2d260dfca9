import { Badge, Button, Drawer, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ContactGroup, contactGroupInputSchema } from '@sapa/contracts';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { type FieldErrors, validate } from '../../shared/forms/validate';
import { useItemEditor } from '../../shared/hooks/useItemEditor';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { FormModal } from '../../shared/ui/FormModal';
import { QueryState } from '../../shared/ui/QueryState';
import { RowActions } from '../../shared/ui/RowActions';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import type { ContactAccess } from './access';
import { useContactGroups, useDeleteGroup, useSaveGroup } from './api';
import { MembersPanel } from './MembersPanel';

/** 001 §2 customer groups: list, add, edit, delete, and their contacts. */
export function GroupsTab({ access }: { access: ContactAccess }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const groups = useContactGroups(debounced);
  const remove = useDeleteGroup();
  const editor = useItemEditor<ContactGroup>({
    remove,
    messages: {
      created: 'contacts.groups.created',
      updated: 'contacts.groups.updated',
      deleted: 'contacts.groups.deleted',
    },
  });
  const [members, setMembers] = useState<ContactGroup | null>(null);
  const list = groups.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('contacts.groups.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        {access.create ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => editor.openForm(null)}>
            {t('contacts.groups.add')}
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={groups}
        loading={<SkeletonRows height={64} radius="sm" />}
        isEmpty={list.length === 0}
        empty={
          <EmptyState title={debounced ? t('contacts.groups.noMatch') : t('contacts.groups.empty')}>
            {debounced ? null : t('contacts.groups.emptyHint')}
          </EmptyState>
        }
      >
        <Stack gap="xs" role="list" aria-label={t('contacts.groups.label')}>
          {list.map((group) => (
            <Paper key={group.id} withBorder p="sm" role="listitem" data-testid="group-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Group gap={8}>
                    <Text fw={600}>{group.name}</Text>
                    <Badge variant="light" size="sm">
                      {t('contacts.groups.memberCount', { count: group.memberCount })}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {group.description}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconUsers size={14} aria-hidden />}
                    onClick={() => setMembers(group)}
                    aria-label={t('contacts.groups.membersNamed', { name: group.name })}
                  >
                    {t('contacts.groups.members')}
                  </Button>
                  <RowActions
                    editLabel={t('contacts.groups.editNamed', { name: group.name })}
                    deleteLabel={t('contacts.groups.deleteNamed', { name: group.name })}
                    onEdit={access.update ? () => editor.openForm(group) : undefined}
                    onDelete={access.delete ? () => editor.askDelete(group) : undefined}
                  />
                </Group>
              </Group>
            </Paper>
          ))}
          {groups.hasNextPage ? (
            <Button
              variant="subtle"
              onClick={() => void groups.fetchNextPage()}
              loading={groups.isFetchingNextPage}
            >
              {t('common.loadMore')}
            </Button>
          ) : null}
        </Stack>
      </QueryState>
      <GroupFormModal
        group={editor.editing}
        opened={editor.formOpened}
        onClose={editor.closeForm}
        onSaved={editor.onSaved}
      />
      <Drawer
        opened={members !== null}
        onClose={() => setMembers(null)}
        position="right"
        title={members ? t('contacts.groups.membersOf', { name: members.name }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {members ? <MembersPanel kind="group" id={members.id} canChange={access.update} /> : null}
      </Drawer>
      <ConfirmDialog
        opened={editor.deleting !== null}
        title={t('contacts.groups.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={editor.confirmDelete}
        onClose={editor.cancelDelete}
      >
        {t('contacts.groups.deleteConfirm', { name: editor.deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

/** 001 §3, §5 contact group: name required max 30 (unique), description required max 300. */
function GroupFormModal({
  group,
  opened,
  onClose,
  onSaved,
}: {
  group: ContactGroup | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (group: ContactGroup) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveGroup();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens for a group
  useEffect(() => {
    if (!opened) return;
    setName(group?.name ?? '');
    setDescription(group?.description ?? '');
    setErrors({});
    save.reset();
  }, [opened, group]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(contactGroupInputSchema, { name, description });
    setErrors(result.errors);
    if (!result.success) return;
    save.mutate(
      { id: group?.id ?? null, body: result.data },
      { onSuccess: onSaved, onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={group ? t('contacts.groups.editTitle') : t('contacts.groups.addTitle')}
      onSubmit={submit}
      saveError={save.isError ? save.error : null}
      pending={save.isPending}
      submitLabel={group ? t('common.save') : t('contacts.groups.add')}
    >
      <TextInput
        label={t('contacts.groups.name')}
        withAsterisk
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setErrors((old) => ({ ...old, name: undefined }));
        }}
        error={message(errors.name)}
        description={`${name.trim().length}/30`}
        data-autofocus
      />
      <Textarea
        label={t('contacts.groups.description')}
        withAsterisk
        autosize
        minRows={3}
        value={description}
        onChange={(event) => {
          setDescription(event.currentTarget.value);
          setErrors((old) => ({ ...old, description: undefined }));
        }}
        error={message(errors.description)}
        description={`${description.trim().length}/300`}
      />
    </FormModal>
  );
}

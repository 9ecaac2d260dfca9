import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  chatTagInputSchema,
  isDuplicateTitle,
  LIBRARY_CONTENT_MAX,
  LIBRARY_TITLE_MAX,
  type LibraryEntry,
  type LibraryKind,
  libraryEntryInputSchema,
} from '@sapa/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { ErrorState } from '../../shared/ui/ErrorState';
import { FormModal } from '../../shared/ui/FormModal';
import { RowActions } from '../../shared/ui/RowActions';
import { useDeleteLibraryEntry, useLibrary, useSaveLibraryEntry } from './api';
import { VARIABLES } from './macroText';

/** i18n key prefix of each kind. */
const KEY: Record<LibraryKind, string> = {
  'quick-replies': 'csLibrary.quickReplies',
  remarks: 'csLibrary.remarks',
  'chat-tags': 'csLibrary.chatTags',
};

/** 001 §3 quick replies, remarks or chat tags: search, add, edit, delete (with confirmation). */
export function LibraryTab({ kind, canManage }: { kind: LibraryKind; canManage: boolean }) {
  const { t } = useTranslation();
  const k = KEY[kind];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const entries = useLibrary(kind, debounced);
  const all = useLibrary(kind);
  const remove = useDeleteLibraryEntry(kind);
  const [editing, setEditing] = useState<LibraryEntry | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<LibraryEntry | null>(null);
  const list = entries.data ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(`${k}.intro`)}
      </Text>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('csLibrary.search')}
          aria-label={t('csLibrary.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
            {t(`${k}.add`)}
          </Button>
        ) : null}
      </Group>
      {entries.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={52} radius="sm" />
          ))}
        </Stack>
      ) : entries.isError ? (
        <ErrorState error={entries.error} onRetry={() => void entries.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={debounced ? t('csLibrary.noMatch') : t(`${k}.empty`)}>
          {t(`${k}.emptyHint`)}
        </EmptyState>
      ) : (
        <Stack gap="xs" role="list" aria-label={t(`${k}.title`)}>
          {list.map((entry) => (
            <Paper key={entry.id} withBorder p="xs" px="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  {kind === 'chat-tags' ? (
                    <Badge variant="outline" color="gray" size="lg" style={{ textTransform: 'none' }}>
                      {entry.title}
                    </Badge>
                  ) : (
                    <>
                      <Text fw={600} size="sm" truncate>
                        {kind === 'quick-replies' ? `/${entry.title}` : entry.title}
                      </Text>
                      <Text
                        size="sm"
                        c="dimmed"
                        lineClamp={2}
                        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                      >
                        {entry.content}
                      </Text>
                    </>
                  )}
                </div>
                {canManage ? (
                  <RowActions
                    editLabel={t('csLibrary.editNamed', { name: entry.title })}
                    deleteLabel={t('csLibrary.deleteNamed', { name: entry.title })}
                    onEdit={() => setEditing(entry)}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(entry);
                    }}
                  />
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editing !== undefined ? (
        <EntryForm
          kind={kind}
          entry={editing}
          existing={all.data ?? []}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t(`${k}.deleteTitle`)}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                message: t('csLibrary.deleted', { name: deleting.title }),
              });
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      >
        <Text>{t('csLibrary.deleteConfirm', { name: deleting?.title ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function EntryForm({
  kind,
  entry,
  existing,
  onClose,
}: {
  kind: LibraryKind;
  entry: LibraryEntry | null;
  existing: LibraryEntry[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const k = KEY[kind];
  const save = useSaveLibraryEntry(kind);
  const [title, setTitle] = useState(entry?.title ?? '');
  const [content, setContent] = useState(entry?.content ?? '');
  const [touched, setTouched] = useState(false);
  const schema = kind === 'chat-tags' ? chatTagInputSchema : libraryEntryInputSchema;
  const local = validate(schema, kind === 'chat-tags' ? { title } : { title, content });
  const server = fieldErrorsOf(save.error);
  const errors = {
    title:
      local.errors.title ??
      (isDuplicateTitle(title, existing, entry?.id) ? 'library.titleTaken' : undefined) ??
      server.title,
    content: local.errors.content ?? server.content,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.title || (kind !== 'chat-tags' && errors.content)) return;
    save.mutate(
      { id: entry?.id ?? null, title, content },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(entry ? 'csLibrary.updated' : 'csLibrary.created', { name: saved.title }),
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
      title={t(entry ? `${k}.editTitle` : `${k}.addTitle`)}
      onSubmit={submit}
      saveError={save.error}
      pending={save.isPending}
      submitLabel={t('common.save')}
    >
      <TextInput
        data-autofocus
        label={t(`${k}.name`)}
        required
        value={title}
        maxLength={LIBRARY_TITLE_MAX + 10}
        onChange={(event) => {
          setTitle(event.currentTarget.value);
          if (save.isError) save.reset();
        }}
        error={touched ? message(errors.title) : undefined}
      />
      {kind === 'chat-tags' ? null : (
        <Textarea
          label={t(`${k}.content`)}
          description={kind === 'quick-replies' ? t('csLibrary.variablesHint', VARIABLES) : undefined}
          required
          autosize
          minRows={3}
          maxRows={10}
          value={content}
          maxLength={LIBRARY_CONTENT_MAX}
          onChange={(event) => setContent(event.currentTarget.value)}
          error={touched ? message(errors.content) : undefined}
        />
      )}
    </FormModal>
  );
}

import { Badge, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  chatTagInputSchema,
  isDuplicateTitle,
  LIBRARY_CONTENT_MAX,
  LIBRARY_TITLE_MAX,
  type LibraryEntry,
  type LibraryKind,
  libraryEntryInputSchema,
} from '@sapa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { FormModal } from '../../shared/ui/FormModal';
import { limitProps } from '../../shared/ui/limitProps';
import { RowActions } from '../../shared/ui/RowActions';
import { useDeleteLibraryEntry, useLibrary, useSaveLibraryEntry } from './api';
import { VARIABLES } from './macroText';
import { DeleteConfirm, ListState, ListToolbar, notifySaved } from './SettingsList';

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
  return (
    <Stack gap="md">
      <ListToolbar
        intro={t(`${k}.intro`)}
        search={search}
        onSearch={setSearch}
        addLabel={t(`${k}.add`)}
        onAdd={canManage ? () => setEditing(null) : null}
      />
      <ListState
        query={entries}
        items={entries.data ?? []}
        rowHeight={52}
        emptyTitle={debounced ? t('csLibrary.noMatch') : t(`${k}.empty`)}
        emptyHint={t(`${k}.emptyHint`)}
      >
        {(list) => (
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
      </ListState>
      {editing !== undefined ? (
        <EntryForm
          kind={kind}
          entry={editing}
          existing={all.data ?? []}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <DeleteConfirm
        item={deleting}
        title={t(`${k}.deleteTitle`)}
        message={t('csLibrary.deleteConfirm', { name: deleting?.title ?? '' })}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
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
          notifySaved(t, entry !== null, saved.title);
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
          required
          autosize
          minRows={3}
          maxRows={10}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          {...limitProps(content, LIBRARY_CONTENT_MAX, t, {
            description: kind === 'quick-replies' ? t('csLibrary.variablesHint', VARIABLES) : undefined,
            error: touched ? message(errors.content) : undefined,
          })}
        />
      )}
    </FormModal>
  );
}

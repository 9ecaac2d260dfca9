import { Button, Group, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { FormModal } from '../../shared/ui/FormModal';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';

/** The top of a chat-setting list: what it holds, a search box (when searchable) and the add button. */
export function ListToolbar({
  intro,
  search,
  onSearch,
  addLabel,
  onAdd,
}: {
  intro: string;
  search?: string;
  onSearch?: (value: string) => void;
  addLabel: string;
  onAdd: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      <Group justify={onSearch ? 'space-between' : 'flex-end'} wrap="wrap" gap="sm">
        {onSearch ? (
          <TextInput
            leftSection={<IconSearch size={16} aria-hidden />}
            placeholder={t('csLibrary.search')}
            aria-label={t('csLibrary.search')}
            value={search ?? ''}
            onChange={(event) => onSearch(event.currentTarget.value)}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
        ) : null}
        {onAdd ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {addLabel}
          </Button>
        ) : null}
      </Group>
    </>
  );
}

/** A list's loading skeletons, its error with a retry, its empty state, or the rows. */
export function ListState<T>({
  query,
  items,
  rowHeight = 48,
  emptyTitle,
  emptyHint,
  children,
}: {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>;
  items: readonly T[];
  rowHeight?: number;
  emptyTitle: string;
  emptyHint: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      loading={<SkeletonRows height={rowHeight} radius="sm" />}
      isEmpty={items.length === 0}
      empty={<EmptyState title={emptyTitle}>{emptyHint}</EmptyState>}
    >
      {() => children(items)}
    </QueryState>
  );
}

/** The delete confirmation of a chat-setting list; the deleted notification follows the delete. */
export function DeleteConfirm({
  item,
  title,
  message,
  remove,
  onClose,
}: {
  item: { id: string; title: string } | null;
  title: string;
  message: string;
  remove: UseMutationResult<unknown, unknown, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={item !== null}
      title={title}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('csLibrary.deleted', { name: item.title }) });
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <Text>{message}</Text>
    </ConfirmDialog>
  );
}

/** The saved notification of a chat-setting form. */
export function notifySaved(t: TFunction, edited: boolean, name: string) {
  notifications.show({
    color: 'green',
    message: t(edited ? 'csLibrary.updated' : 'csLibrary.created', { name }),
  });
}

/** The name and description inputs of a macro or form editor. */
function TitleDescriptionFields({
  labels,
  title,
  onTitle,
  titleError,
  description,
  onDescription,
}: {
  labels: { title: string; description: string };
  title: string;
  onTitle: (value: string) => void;
  titleError: string | undefined;
  description: string;
  onDescription: (value: string) => void;
}) {
  return (
    <>
      <TextInput
        data-autofocus
        required
        label={labels.title}
        value={title}
        onChange={(event) => onTitle(event.currentTarget.value)}
        error={titleError}
      />
      <Textarea
        label={labels.description}
        autosize
        minRows={1}
        maxRows={3}
        value={description}
        onChange={(event) => onDescription(event.currentTarget.value)}
      />
    </>
  );
}

/** The editable name, description and touched state of a macro or form editor. */
export function useTitledItem(item: { title: string; description?: string | null } | null) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [touched, setTouched] = useState(false);
  return { title, setTitle, description, setDescription, touched, setTouched };
}

interface SaveItem<B> {
  mutate: (
    input: { id: string | null; body: B },
    options: { onSuccess: (saved: { title: string }) => void },
  ) => void;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  reset: () => void;
}

/**
 * The add/edit modal of a macro or a ticket form: name and description, the item's own part (children), and a
 * save that shows every error once tried, sends `{id, body}` when valid and closes with the saved notification.
 */
export function TitledItemModal<B>({
  heading,
  labels,
  form,
  titleError,
  valid,
  id,
  body,
  save,
  onClose,
  children,
}: {
  heading: string;
  labels: { title: string; description: string };
  form: ReturnType<typeof useTitledItem>;
  titleError: string | undefined;
  valid: boolean;
  id: string | null;
  body: B;
  save: SaveItem<B>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.setTouched(true);
    if (!valid) return;
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          notifySaved(t, id !== null, saved.title);
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
      title={heading}
      onSubmit={submit}
      saveError={save.error}
      pending={save.isPending}
      submitLabel={t('common.save')}
    >
      <TitleDescriptionFields
        labels={labels}
        title={form.title}
        onTitle={(value) => {
          form.setTitle(value);
          if (save.isError) save.reset();
        }}
        titleError={form.touched ? titleError : undefined}
        description={form.description}
        onDescription={form.setDescription}
      />
      {children}
    </FormModal>
  );
}

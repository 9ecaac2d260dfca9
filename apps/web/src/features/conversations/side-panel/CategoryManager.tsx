import { ActionIcon, Button, Group, Modal, ScrollArea, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { TICKET_CATEGORY_NAME_MAX, type TicketCategory, ticketCategoryInputSchema } from '@sapa/contracts';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf } from '../../../shared/api';
import { useMessage } from '../../../shared/forms/useMessage';
import { validate } from '../../../shared/forms/validate';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryState } from '../../../shared/ui/QueryState';
import { RowActions } from '../../../shared/ui/RowActions';
import { SkeletonRows } from '../../../shared/ui/SkeletonRows';
import { useCreateCategory, useDeleteCategory, useRenameCategory, useTicketCategories } from './panelApi';

/** The problem with a category name: the contract's rule first, then the server's answer (e.g. a duplicate). */
function nameProblem(name: string, serverError: unknown): string | undefined {
  const local = validate(ticketCategoryInputSchema, { name });
  if (!local.success) return local.errors.name;
  return serverError ? (fieldErrorsOf(serverError).name ?? errorMessage(serverError)) : undefined;
}

/**
 * Ticket categories (000 §7 csplatform/categories): add, rename and delete, for users with the
 * customer-service setting. Opened from the chat room's side panel.
 */
export function CategoryManager({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const categories = useTicketCategories();
  const create = useCreateCategory();
  const remove = useDeleteCategory();
  const message = useMessage();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TicketCategory | null>(null);

  const problem = touched ? nameProblem(name, create.error) : undefined;
  const add = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem(name, null)) return;
    create.mutate(name, {
      onSuccess: () => {
        setName('');
        setTouched(false);
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('ticketPanel.categories.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <form onSubmit={add} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('ticketPanel.categories.newName')}
              value={name}
              maxLength={TICKET_CATEGORY_NAME_MAX + 10}
              onChange={(event) => {
                setName(event.currentTarget.value);
                if (create.isError) create.reset();
              }}
              error={message(problem)}
            />
            <Button
              type="submit"
              mt={24}
              leftSection={<IconPlus size={16} aria-hidden />}
              loading={create.isPending}
            >
              {t('ticketPanel.categories.add')}
            </Button>
          </Group>
        </form>
        <QueryState
          query={categories}
          loading={<SkeletonRows height={32} radius="sm" />}
          isEmpty={(items) => items.length === 0}
          empty={
            <EmptyState title={t('ticketPanel.categories.empty')}>
              {t('ticketPanel.categories.emptyHint')}
            </EmptyState>
          }
        >
          {(items) => (
            <ScrollArea.Autosize mah={360}>
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {items.map((category) => (
                  <li key={category.id}>
                    {editingId === category.id ? (
                      <RenameRow category={category} onDone={() => setEditingId(null)} />
                    ) : (
                      <Group justify="space-between" wrap="nowrap" gap="xs" py={4}>
                        <div style={{ minWidth: 0 }}>
                          <Text size="sm" fw={500} truncate>
                            {category.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('ticketPanel.categories.ticketCount', { count: category.ticketCount })}
                          </Text>
                        </div>
                        <RowActions
                          editLabel={t('ticketPanel.categories.renameNamed', { name: category.name })}
                          deleteLabel={t('ticketPanel.categories.deleteNamed', { name: category.name })}
                          onEdit={() => setEditingId(category.id)}
                          onDelete={() => setDeleting(category)}
                        />
                      </Group>
                    )}
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('ticketPanel.categories.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
          })
        }
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        {deleting?.ticketCount
          ? t('ticketPanel.categories.deleteConfirmUsed', {
              name: deleting.name,
              count: deleting.ticketCount,
            })
          : t('ticketPanel.categories.deleteConfirm', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Modal>
  );
}

/** A category's name in place, with save (Enter) and cancel (Escape). */
function RenameRow({ category, onDone }: { category: TicketCategory; onDone: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameCategory();
  const message = useMessage();
  const [name, setName] = useState(category.name);
  const problem = nameProblem(name, rename.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nameProblem(name, null)) return;
    rename.mutate({ id: category.id, name }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label={t('ticketPanel.categories.renameNamed', { name: category.name })}
          value={name}
          data-autofocus
          autoFocus
          maxLength={TICKET_CATEGORY_NAME_MAX + 10}
          onChange={(event) => {
            setName(event.currentTarget.value);
            if (rename.isError) rename.reset();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onDone();
            }
          }}
          error={message(problem)}
        />
        <Tooltip label={t('common.save')}>
          <ActionIcon
            type="submit"
            variant="light"
            size="md"
            aria-label={t('common.save')}
            loading={rename.isPending}
          >
            <IconCheck size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('common.cancel')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={t('common.cancel')}
            onClick={onDone}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </form>
  );
}

import { Button, Group, Radio, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Category, categoryInputSchema } from '@sapa/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf, useMe } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { validate } from '../../shared/forms/validate';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { FormModal } from '../../shared/ui/FormModal';
import { PageLoader } from '../../shared/ui/PageLoader';
import { QueryState } from '../../shared/ui/QueryState';
import { RowActions } from '../../shared/ui/RowActions';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { type CatalogueAccess, catalogueAccessOf } from './access';
import { useCategories, useDeleteCategory, useSaveCategory } from './api';

/** /category (001 §2, §3): categories with their display flag; add, rename, delete with confirmation. */
export function CategoryPage() {
  const me = useMe();
  if (!me.data) return <PageLoader />;
  return <Categories access={catalogueAccessOf(me.data).categories} />;
}

function Categories({ access }: { access: CatalogueAccess['categories'] }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const save = useSaveCategory();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const toggleDisplay = (c: Category, displayed: boolean) =>
    save.mutate(
      { id: c.id, body: { name: c.name, displayed } },
      { onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }) },
    );
  return (
    <Stack gap="md" maw={880}>
      <Group justify="space-between">
        <Title order={2}>{t('catalogue.categories')}</Title>
        {access.create ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('catalogue.addCategory')}
          </Button>
        ) : null}
      </Group>
      <QueryState
        query={categories}
        loading={<SkeletonRows count={4} height={44} />}
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState title={t('catalogue.noCategories')}>{t('catalogue.noCategoriesHint')}</EmptyState>}
      >
        {(items: Category[]) => (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('catalogue.fields.categoryName')}</Table.Th>
                  <Table.Th>{t('catalogue.productCount')}</Table.Th>
                  <Table.Th>{t('catalogue.fields.displayed')}</Table.Th>
                  <Table.Th w={90} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((c) => (
                  <Table.Tr key={c.id} data-testid="category-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {c.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.productCount}</Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('catalogue.displayCategory', { name: c.name })}
                        checked={c.displayed}
                        disabled={!access.update}
                        onChange={(e) => toggleDisplay(c, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <RowActions
                        editLabel={t('catalogue.renameCategory', { name: c.name })}
                        deleteLabel={t('catalogue.deleteCategory', { name: c.name })}
                        onEdit={access.update ? () => setEditing(c) : undefined}
                        onDelete={access.delete ? () => setDeleting(c) : undefined}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {editing ? (
        <CategoryForm category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <DeleteCategory
          category={deleting}
          others={(categories.data ?? []).filter((c) => c.id !== deleting.id)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}

function CategoryForm({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [displayed, setDisplayed] = useState(category?.displayed ?? true);
  const [problem, setProblem] = useState<string | undefined>();
  const submit = () => {
    const checked = validate(categoryInputSchema, { name, displayed });
    setProblem(checked.errors.name);
    if (!checked.success) return;
    save.mutate(
      { id: category?.id ?? null, body: checked.data },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('catalogue.categorySaved', { name: saved.name }) });
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t(category ? 'catalogue.renameCategoryTitle' : 'catalogue.addCategory')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      saveError={save.error}
      pending={save.isPending}
      submitLabel={t('common.save')}
    >
      <TextInput
        label={t('catalogue.fields.categoryName')}
        withAsterisk
        data-autofocus
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={message(problem) ?? (save.error ? fieldErrorsOf(save.error).name : undefined)}
      />
      <Switch
        label={t('catalogue.fields.displayed')}
        description={t('catalogue.displayedHint')}
        checked={displayed}
        onChange={(e) => setDisplayed(e.currentTarget.checked)}
      />
    </FormModal>
  );
}

/** Deleting a category asks first; one that products use asks where they go (another category or none). */
function DeleteCategory({
  category,
  others,
  onClose,
}: {
  category: Category;
  others: Category[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCategory();
  const inUse = category.productCount > 0;
  const [choice, setChoice] = useState<'move' | 'leave'>(others.length > 0 ? 'move' : 'leave');
  const [moveTo, setMoveTo] = useState<string | null>(others[0]?.id ?? null);
  const confirm = () =>
    remove.mutate(
      {
        id: category.id,
        ...(inUse && choice === 'move' && moveTo ? { moveTo } : {}),
        ...(inUse && choice === 'leave' ? { leaveEmpty: true } : {}),
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('catalogue.categoryDeleted', { name: category.name }),
          });
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      opened
      title={t('catalogue.deleteCategoryTitle', { name: category.name })}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      {inUse ? (
        <Stack gap="sm">
          <Text size="sm">{t('catalogue.categoryInUseBody', { count: category.productCount })}</Text>
          <Radio.Group value={choice} onChange={(v) => setChoice(v === 'move' ? 'move' : 'leave')}>
            <Stack gap="xs">
              <Radio value="move" label={t('catalogue.moveProducts')} disabled={others.length === 0} />
              {choice === 'move' ? (
                <Select
                  aria-label={t('catalogue.moveTo')}
                  data={others.map((c) => ({ value: c.id, label: c.name }))}
                  value={moveTo}
                  onChange={setMoveTo}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: false }}
                />
              ) : null}
              <Radio value="leave" label={t('catalogue.leaveWithoutCategory')} />
            </Stack>
          </Radio.Group>
        </Stack>
      ) : (
        t('catalogue.deleteCategoryBody')
      )}
    </ConfirmDialog>
  );
}

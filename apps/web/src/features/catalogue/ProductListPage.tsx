import { Badge, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ProductSummary } from '@sapa/contracts';
import { IconCategory, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage, useMe } from '../../shared/api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadMoreButton } from '../../shared/ui/LoadMore';
import { PageLoader } from '../../shared/ui/PageLoader';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatRupiah } from '../payments';
import { type CatalogueAccess, catalogueAccessOf } from './access';
import { type ProductFilters, useBulkDelete, useBulkStatus, useCategories, useProducts } from './api';
import { ProductThumb } from './ProductThumb';

type BulkAction = 'activate' | 'deactivate' | 'delete';

/** /product/list (001 §2 Products): search, filters, bulk activate/deactivate/delete, keyset "load more". */
export function ProductListPage() {
  const me = useMe();
  if (!me.data) return <PageLoader />;
  return <ProductList access={catalogueAccessOf(me.data)} />;
}

function ProductList({ access }: { access: CatalogueAccess }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const filters: ProductFilters = {
    ...(debounced ? { search: debounced } : {}),
    ...(categoryId ? { categoryId } : {}),
    ...(status === 'active' || status === 'inactive' ? { status } : {}),
  };
  const products = useProducts(filters);
  const categories = useCategories();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const list = products.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(filters).length > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{t('catalogue.productsTitle')}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to="/category"
            leftSection={<IconCategory size={16} aria-hidden />}
          >
            {t('catalogue.categories')}
          </Button>
          {access.create ? (
            <Button
              component={Link}
              to="/product/add-product"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('catalogue.addProduct')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('catalogue.search')}
          placeholder={t('catalogue.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
          maxLength={100}
        />
        <Select
          label={t('catalogue.fields.category')}
          placeholder={t('catalogue.allCategories')}
          data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={categoryId}
          onChange={setCategoryId}
          clearable
          searchable
          w={{ base: 'calc(50% - 6px)', sm: 200 }}
        />
        <Select
          label={t('catalogue.fields.status')}
          placeholder={t('catalogue.allStatuses')}
          data={[
            { value: 'active', label: t('catalogue.status.active') },
            { value: 'inactive', label: t('catalogue.status.inactive') },
          ]}
          value={status}
          onChange={setStatus}
          clearable
          w={{ base: 'calc(50% - 6px)', sm: 170 }}
        />
      </Group>
      <BulkBar
        access={access}
        count={selected.size}
        onAction={setConfirming}
        onClear={() => setSelected(new Set())}
      />
      <QueryState
        query={products}
        keepDataOnError
        loading={<SkeletonRows count={6} height={56} />}
        isEmpty={list.length === 0}
        empty={
          filtered ? (
            <EmptyState title={t('catalogue.noMatch')}>{t('catalogue.noMatchHint')}</EmptyState>
          ) : (
            <Stack align="center" gap="sm">
              <EmptyState title={t('catalogue.empty')}>{t('catalogue.emptyHint')}</EmptyState>
              {access.create ? (
                <Button
                  component={Link}
                  to="/product/add-product"
                  leftSection={<IconPlus size={16} aria-hidden />}
                >
                  {t('catalogue.addFirstProduct')}
                </Button>
              ) : null}
            </Stack>
          )
        }
      >
        <ProductTable
          list={list}
          selected={selected}
          onSelect={setSelected}
          selectable={access.activate || access.delete}
        />
        <LoadMoreButton pages={products} />
      </QueryState>
      <BulkConfirm
        action={confirming}
        ids={[...selected]}
        onClose={() => setConfirming(null)}
        onDone={() => {
          setConfirming(null);
          setSelected(new Set());
        }}
      />
    </Stack>
  );
}

function BulkBar({
  access,
  count,
  onAction,
  onClear,
}: {
  access: CatalogueAccess;
  count: number;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Group gap="xs" p="xs" bg="var(--mantine-color-blue-0)" style={{ borderRadius: 8 }} wrap="wrap">
      <Text size="sm" fw={600}>
        {t('catalogue.selected', { count })}
      </Text>
      {access.activate ? (
        <>
          <Button size="xs" variant="default" onClick={() => onAction('activate')}>
            {t('catalogue.bulk.activate')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onAction('deactivate')}>
            {t('catalogue.bulk.deactivate')}
          </Button>
        </>
      ) : null}
      {access.delete ? (
        <Button size="xs" color="red" variant="light" onClick={() => onAction('delete')}>
          {t('common.delete')}
        </Button>
      ) : null}
      <Button size="xs" variant="subtle" onClick={onClear}>
        {t('catalogue.clearSelection')}
      </Button>
    </Group>
  );
}

/** The confirmation before a bulk change (001 §2 bulk activate/deactivate, delete). */
function BulkConfirm({
  action,
  ids,
  onClose,
  onDone,
}: {
  action: BulkAction | null;
  ids: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const status = useBulkStatus();
  const remove = useBulkDelete();
  const pending = status.isPending || remove.isPending;
  const error = status.error ?? remove.error;
  const confirm = () => {
    const done = (n: number) => {
      notifications.show({ color: 'green', message: t(`catalogue.bulk.${action}Done`, { count: n }) });
      onDone();
    };
    if (action === 'delete') remove.mutate(ids, { onSuccess: (r) => done(r.deleted) });
    else if (action)
      status.mutate({ ids, active: action === 'activate' }, { onSuccess: (r) => done(r.changed) });
  };
  return (
    <ConfirmDialog
      opened={action !== null}
      title={action ? t(`catalogue.bulk.${action}Title`, { count: ids.length }) : ''}
      confirmLabel={action ? t(`catalogue.bulk.${action}`) : ''}
      loading={pending}
      error={error ? errorMessage(error) : null}
      onConfirm={confirm}
      onClose={() => {
        status.reset();
        remove.reset();
        onClose();
      }}
    >
      {action ? t(`catalogue.bulk.${action}Body`, { count: ids.length }) : null}
    </ConfirmDialog>
  );
}

function ProductTable({
  list,
  selected,
  onSelect,
  selectable,
}: {
  list: ProductSummary[];
  selected: Set<string>;
  onSelect: (next: Set<string>) => void;
  selectable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const allSelected = list.length > 0 && list.every((p) => selected.has(p.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {selectable ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('catalogue.selectAll')}
                  checked={allSelected}
                  indeterminate={!allSelected && list.some((p) => selected.has(p.id))}
                  onChange={() => onSelect(allSelected ? new Set() : new Set(list.map((p) => p.id)))}
                />
              </Table.Th>
            ) : null}
            <Table.Th>{t('catalogue.fields.name')}</Table.Th>
            <Table.Th>{t('catalogue.fields.category')}</Table.Th>
            <Table.Th ta="right">{t('catalogue.fields.price')}</Table.Th>
            <Table.Th>{t('catalogue.fields.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((p) => (
            <Table.Tr key={p.id} data-testid="product-row">
              {selectable ? (
                <Table.Td>
                  <Checkbox
                    aria-label={t('catalogue.selectProduct', { name: p.name })}
                    checked={selected.has(p.id)}
                    onChange={() => toggle(p.id)}
                  />
                </Table.Td>
              ) : null}
              <Table.Td>
                <Group
                  gap="sm"
                  wrap="nowrap"
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navigate(`/product/add-product?id=${p.id}`)}
                >
                  <ProductThumb url={p.thumbnailUrl} alt={p.name} />
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {p.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[
                        p.sku,
                        p.variantGroupCount
                          ? t('catalogue.variantCount', { count: p.variantGroupCount })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{p.categoryName ?? '—'}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{formatRupiah(p.price, i18n.language)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={p.active ? 'green' : 'gray'} variant="light">
                  {t(p.active ? 'catalogue.status.active' : 'catalogue.status.inactive')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

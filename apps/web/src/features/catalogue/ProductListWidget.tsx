import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { can, type Me } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accessSubjectOf } from '../../shared/api';
import { EmptyState } from '../../shared/ui/EmptyState';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { formatRupiah } from '../payments';
import { useProducts } from './api';
import { ProductThumb } from './ProductThumb';

const WIDGET_ROWS = 5;

/** The dashboard's product list (001 §2 Dashboard): the newest products, for users who may see products. */
export function ProductListWidget({ me }: { me: Me }) {
  if (!can(accessSubjectOf(me), 'PRODUCT', 'READ')) return null;
  return <Widget />;
}

function Widget() {
  const { t, i18n } = useTranslation();
  const products = useProducts({}, WIDGET_ROWS);
  const items = products.data?.pages[0]?.items ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('catalogue.productsTitle')}</Text>
          <Anchor component={Link} to="/product/list" size="sm">
            {t('catalogue.seeAll')}
          </Anchor>
        </Group>
        <QueryState
          query={products}
          loading={<SkeletonRows count={3} height={40} />}
          isEmpty={items.length === 0}
          empty={<EmptyState title={t('catalogue.empty')}>{t('catalogue.emptyHint')}</EmptyState>}
        >
          <Stack gap="xs">
            {items.map((p) => (
              <Group key={p.id} gap="sm" wrap="nowrap">
                <ProductThumb url={p.thumbnailUrl} size={36} alt={p.name} />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatRupiah(p.price, i18n.language)}
                  </Text>
                </Stack>
                <Badge size="sm" color={p.active ? 'green' : 'gray'} variant="light">
                  {t(p.active ? 'catalogue.status.active' : 'catalogue.status.inactive')}
                </Badge>
              </Group>
            ))}
          </Stack>
        </QueryState>
      </Stack>
    </Paper>
  );
}

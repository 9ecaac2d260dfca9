import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { MarketplaceOrder, MarketplaceProduct, TicketSummary } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/time';
import { QueryState } from '../../../shared/ui/QueryState';
import { useMarketplaceContext } from './panelApi';

/** The marketplace channels whose chats have an order and a product beside them (issue 18). */
export const MARKETPLACE_CHANNELS: readonly string[] = ['SHP', 'LZD', 'TTS', 'TPD'];

const money = (amount: number, currency: string, language: string) =>
  `${currency === 'IDR' ? 'Rp' : currency} ${formatNumber(amount, language)}`;

function OrderCard({ order }: { order: MarketplaceOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4} data-testid="marketplace-order">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {t('marketplacePanel.order', { id: order.orderSn })}
      </Text>
      <Group gap="xs">
        <Badge size="sm" variant="light">
          {t(`marketplacePanel.status.${order.status}`, { defaultValue: order.status })}
        </Badge>
      </Group>
      <Table fz="xs" verticalSpacing={2} horizontalSpacing={4} aria-label={t('marketplacePanel.items')}>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={`${item.name}:${item.price}:${item.quantity}`}>
              <Table.Td>{item.name}</Table.Td>
              <Table.Td ta="right">×{item.quantity}</Table.Td>
              <Table.Td ta="right">
                {money(item.price * item.quantity, order.currency, i18n.language)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        {t('marketplacePanel.total', { amount: money(order.total, order.currency, i18n.language) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('marketplacePanel.shipping', { carrier: order.shipping ?? t('marketplacePanel.noShipping') })}
      </Text>
    </Stack>
  );
}

function ProductCard({ product }: { product: MarketplaceProduct }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={2} data-testid="marketplace-product">
      <Text size="xs" c="dimmed">
        {t('marketplacePanel.askedAbout')}
      </Text>
      <Text size="sm" fw={600}>
        {product.name}
      </Text>
      <Text size="sm">
        {product.price === null ? '—' : money(product.price, product.currency, i18n.language)}
        {product.stock === null ? '' : ` · ${t('marketplacePanel.stock', { count: product.stock })}`}
      </Text>
    </Stack>
  );
}

/** The buyer's order and the product they asked about, read from the marketplace beside the chat. */
export function MarketplacePanel({ ticket }: { ticket: TicketSummary }) {
  const { t } = useTranslation();
  const context = useMarketplaceContext(ticket.id, ticket.updatedAt);
  const data = context.data;
  return (
    <QueryState
      query={context}
      loading={<Skeleton height={64} aria-label={t('common.loading')} />}
      isEmpty={!data?.order && !data?.product}
      empty={
        <Text size="sm" c="dimmed">
          {t('marketplacePanel.empty')}
        </Text>
      }
    >
      <Stack gap="sm">
        {data?.order ? <OrderCard order={data.order} /> : null}
        {data?.product ? <ProductCard product={data.product} /> : null}
      </Stack>
    </QueryState>
  );
}

import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Chip,
  Divider,
  Drawer,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type AddressInput,
  can,
  catalogueEndpoints,
  type DeliveryMethod,
  ORDER_QUANTITY_MAX,
  type TicketSummary,
} from '@sapa/contracts';
import { IconBrandWhatsapp, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, request, useMe } from '../../shared/api';
import { useProducts } from '../catalogue';
import { formatRupiah, usePaymentMethods } from '../payments';
import { useCouriers, useCreateTransaction, useSendProducts } from './api';
import { type CartLine, estimate, linesValid, newLine, tapOption, toCartItems, unitPriceOf } from './cart';
import { type Draft, discardCart, updateDraft, useDraft } from './cartStore';

/**
 * 000 §2 create-transaction panel: find products, choose their variants under the group rules, quantities and
 * notes, courier or pickup with the address, the total estimate; creating sends the customer the summary.
 */
export function CreateTransactionPanel({
  ticket,
  opened,
  onClose,
}: {
  ticket: TicketSummary;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={wide ? 520 : '100%'}
      title={
        <Title order={2} size="h4">
          {t('orders.panel.title')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened ? <PanelBody ticket={ticket} onClose={onClose} /> : null}
    </Drawer>
  );
}

function PanelBody({ ticket, onClose }: { ticket: TicketSummary; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const draft = useDraft(ticket.id);
  const { lines, delivery, courierId, address, note, requestId, paymentMethod } = draft;
  const me = useMe();
  // The payment methods are read with chat credits' permission (the payments dialog's): others get no link.
  const mayPay = me.data ? can(accessSubjectOf(me.data), 'CHAT_CREDITS', 'READ') : false;
  const methods = (usePaymentMethods(mayPay).data ?? []).filter((m) => m.available);
  const customerName = draft.customerName ?? ticket.contact.name;
  const couriers = useCouriers();
  const create = useCreateTransaction();
  const set = (patch: Partial<Draft>) => updateDraft(ticket.id, patch);
  const active = (couriers.data ?? []).filter((c) => c.active);
  const courier = delivery === 'courier' ? (active.find((c) => c.id === courierId) ?? null) : null;
  const totals = estimate(lines, courier);
  const money = (n: number) => formatRupiah(n, i18n.language);
  const update = (next: CartLine[]) => set({ lines: next });
  const addressComplete =
    address.province &&
    address.city &&
    address.district &&
    /^\d{5}$/.test(address.postalCode) &&
    address.fullAddress;
  const ready =
    linesValid(lines) && customerName.trim() && (delivery === 'pickup' || (courier && addressComplete));

  const submit = () =>
    create.mutate(
      {
        ticketId: ticket.id,
        body: {
          clientRequestId: requestId,
          customerName: customerName.trim(),
          items: toCartItems(lines),
          delivery,
          ...(delivery === 'courier' ? { courierId, address } : {}),
          note: note || null,
          paymentMethod,
        },
      },
      {
        onSuccess: (order) => {
          discardCart(ticket.id);
          notifications.show({
            color: 'green',
            message: t('orders.panel.created', { number: order.number }),
          });
          onClose();
        },
      },
    );

  return (
    <Stack gap="md" data-testid="transaction-panel">
      {draft.source === 'catalogue' && lines.length > 0 ? (
        <Alert color="teal" data-testid="catalogue-order-notice">
          {t('orders.panel.fromCatalogue')}
        </Alert>
      ) : null}
      {draft.unmatched.length > 0 ? (
        <Alert color="yellow" data-testid="catalogue-order-unmatched">
          {t('orders.panel.unmatched', {
            items: draft.unmatched.map((u) => `${u.quantity} × ${u.retailerId}`).join(', '),
          })}
        </Alert>
      ) : null}
      <ProductSearch onAdd={(line) => update([...lines, line])} />
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('orders.panel.emptyCart')}
        </Text>
      ) : (
        lines.map((line) => (
          <LineEditor
            key={line.key}
            line={line}
            money={money}
            onChange={(next) => update(lines.map((l) => (l.key === line.key ? next : l)))}
            onRemove={() => update(lines.filter((l) => l.key !== line.key))}
          />
        ))
      )}
      <Divider />
      <TextInput
        label={t('orders.fields.customerName')}
        value={customerName}
        onChange={(e) => set({ customerName: e.currentTarget.value })}
        maxLength={150}
        required
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('orders.fields.delivery')}
        </Text>
        <SegmentedControl
          value={delivery}
          onChange={(v) => set({ delivery: v as DeliveryMethod })}
          data={[
            { value: 'courier', label: t('orders.delivery.courier') },
            { value: 'pickup', label: t('orders.delivery.pickup') },
          ]}
        />
      </Stack>
      {delivery === 'courier' ? (
        <>
          <Select
            label={t('orders.fields.courier')}
            placeholder={
              couriers.isSuccess && active.length === 0
                ? t('orders.panel.noCouriers')
                : t('orders.panel.chooseCourier')
            }
            data={active.map((c) => ({
              value: c.id,
              label: `${c.name}${c.estimateTime ? ` · ${c.estimateTime}` : ''}`,
            }))}
            value={courierId}
            onChange={(v) => set({ courierId: v })}
            required
          />
          <AddressFields value={address} onChange={(a) => set({ address: a })} />
        </>
      ) : null}
      <Textarea
        label={t('orders.fields.note')}
        value={note}
        onChange={(e) => set({ note: e.currentTarget.value })}
        maxLength={500}
        autosize
        minRows={2}
      />
      {methods.length > 0 ? (
        <Select
          label={t('orders.fields.paymentLink')}
          placeholder={t('orders.panel.noPaymentLink')}
          data={methods.map((m) => ({ value: m.code, label: m.name }))}
          value={paymentMethod}
          onChange={(v) => set({ paymentMethod: v as Draft['paymentMethod'] })}
          clearable
        />
      ) : null}
      <Paper withBorder p="sm" radius="md" data-testid="transaction-estimate">
        <Title order={3} size="h6" mb={4}>
          {t('orders.panel.estimate')}
        </Title>
        <Row label={t('orders.fields.subtotal')} value={money(totals.subtotal)} />
        <Row
          label={t('orders.fields.weight')}
          value={`${(totals.weightGrams / 1000).toLocaleString(i18n.language, { maximumFractionDigits: 3 })} kg`}
        />
        {delivery === 'courier' ? (
          <Row label={t('orders.fields.shippingFee')} value={money(totals.shippingFee)} />
        ) : null}
        <Row label={t('orders.fields.total')} value={money(totals.total)} strong />
      </Paper>
      {create.error ? (
        <Alert color="red" role="alert">
          {errorMessage(create.error)}
        </Alert>
      ) : null}
      {ticket.channel === 'WAP' && lines.length > 0 ? (
        <SendProductsButton ticketId={ticket.id} productIds={lines.map((l) => l.product.id)} />
      ) : null}
      <Group justify="space-between">
        <Button
          variant="subtle"
          color="red"
          onClick={() => discardCart(ticket.id)}
          disabled={lines.length === 0}
        >
          {t('orders.panel.discard')}
        </Button>
        <Button onClick={submit} disabled={!ready} loading={create.isPending}>
          {t('orders.panel.create')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Shows the cart's products to the customer on WhatsApp: one product as a single-product message, several as a
 * multi-product message (the products must be in the WhatsApp catalogue).
 */
function SendProductsButton({ ticketId, productIds }: { ticketId: string; productIds: string[] }) {
  const { t } = useTranslation();
  const send = useSendProducts();
  const unique = [...new Set(productIds)];
  return (
    <Button
      variant="light"
      leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
      loading={send.isPending}
      onClick={() =>
        send.mutate(
          {
            ticketId,
            body: {
              productIds: unique,
              header: unique.length > 1 ? t('orders.panel.productsHeader') : '',
              body: t('orders.panel.productsBody'),
              clientMessageId: crypto.randomUUID(),
            },
          },
          {
            onSuccess: () => notifications.show({ color: 'green', message: t('orders.panel.productsSent') }),
            onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
          },
        )
      }
    >
      {t('orders.panel.sendProducts', { count: unique.length })}
    </Button>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
}

/** Search the catalogue's sold products by name or SKU; adding one loads its variants. */
function ProductSearch({ onAdd }: { onAdd: (line: CartLine) => void }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const products = useProducts({ ...(debounced ? { search: debounced } : {}), status: 'active' }, 6);
  const [adding, setAdding] = useState<string | null>(null);
  const list = products.data?.pages[0]?.items ?? [];
  const add = async (id: string) => {
    setAdding(id);
    try {
      const product = await request(catalogueEndpoints.product, { params: { id } });
      onAdd(newLine(product, crypto.randomUUID()));
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setAdding(null);
    }
  };
  return (
    <Stack gap="xs">
      <TextInput
        label={t('orders.panel.searchProducts')}
        placeholder={t('catalogue.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={100}
      />
      <Stack gap={4} data-testid="product-results">
        {list.map((p) => (
          <Group key={p.id} justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" truncate>
                {p.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatRupiah(p.price, i18n.language)}
              </Text>
            </div>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              loading={adding === p.id}
              onClick={() => void add(p.id)}
              aria-label={t('orders.panel.addProduct', { name: p.name })}
            >
              {t('orders.panel.add')}
            </Button>
          </Group>
        ))}
        {products.isSuccess && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('catalogue.noMatch')}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}

/** One cart line: its variant groups (required, single or multiple), quantity, note, price. */
function LineEditor({
  line,
  money,
  onChange,
  onRemove,
}: {
  line: CartLine;
  money: (n: number) => string;
  onChange: (line: CartLine) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="cart-line">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {line.product.name}
        </Text>
        <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('orders.panel.remove')}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        {line.product.variantGroups.map((group) => {
          const chosen = line.choice[group.id] ?? [];
          return (
            <fieldset key={group.id} aria-label={group.name} style={{ border: 0, padding: 0, margin: 0 }}>
              <Group gap={6} mb={4}>
                <Text size="xs" fw={500}>
                  {group.name}
                </Text>
                {group.required ? (
                  <Badge size="xs" color="red" variant="light">
                    {t('orders.panel.required')}
                  </Badge>
                ) : null}
                <Text size="xs" c="dimmed">
                  {group.multiple ? t('orders.panel.chooseMany') : t('orders.panel.chooseOne')}
                </Text>
              </Group>
              <Group gap={6}>
                {group.options.map((o) => (
                  <Chip
                    key={o.id}
                    size="xs"
                    checked={chosen.includes(o.id)}
                    disabled={!o.available}
                    onChange={() => onChange(tapOption(line, group.id, o.id))}
                  >
                    {o.extraPrice ? `${o.name} +${money(o.extraPrice)}` : o.name}
                  </Chip>
                ))}
              </Group>
            </fieldset>
          );
        })}
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput
            label={t('orders.fields.quantity')}
            min={1}
            max={ORDER_QUANTITY_MAX}
            allowDecimal={false}
            value={line.quantity}
            onChange={(v) =>
              onChange({ ...line, quantity: Math.max(1, Math.min(ORDER_QUANTITY_MAX, Number(v) || 1)) })
            }
          />
          <Stack gap={0} justify="flex-end" align="flex-end">
            <Text size="xs" c="dimmed">
              {money(unitPriceOf(line))} × {line.quantity}
            </Text>
            <Text fw={600}>{money(unitPriceOf(line) * line.quantity)}</Text>
          </Stack>
        </SimpleGrid>
        <TextInput
          size="xs"
          label={t('orders.fields.itemNote')}
          value={line.note}
          onChange={(e) => onChange({ ...line, note: e.currentTarget.value })}
          maxLength={200}
        />
      </Stack>
    </Paper>
  );
}

/** 001 §3 address: province, city, district, postal code, full address, optional coordinates. */
function AddressFields({ value, onChange }: { value: AddressInput; onChange: (a: AddressInput) => void }) {
  const { t } = useTranslation();
  const text = (key: 'province' | 'city' | 'district' | 'postalCode', max: number) => (
    <TextInput
      label={t(`orders.address.${key}`)}
      value={value[key]}
      onChange={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
      maxLength={max}
      required
    />
  );
  const coordinate = (key: 'latitude' | 'longitude') => (
    <NumberInput
      label={t(`orders.address.${key}`)}
      value={value[key] ?? ''}
      decimalScale={6}
      onChange={(v) => onChange({ ...value, [key]: v === '' ? null : Number(v) })}
    />
  );
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing="xs">
        {text('province', 60)}
        {text('city', 60)}
        {text('district', 60)}
        {text('postalCode', 5)}
      </SimpleGrid>
      <Textarea
        label={t('orders.address.fullAddress')}
        value={value.fullAddress}
        onChange={(e) => onChange({ ...value, fullAddress: e.currentTarget.value })}
        maxLength={500}
        autosize
        minRows={2}
        required
      />
      <SimpleGrid cols={2} spacing="xs">
        {coordinate('latitude')}
        {coordinate('longitude')}
      </SimpleGrid>
    </Stack>
  );
}

import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  COURIER_ESTIMATE_MAX,
  COURIER_NAME_MAX,
  COURIER_THRESHOLDS_MAX,
  COURIERS_MAX,
  type Courier,
  type CourierInput,
} from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { useCouriers, useSaveCouriers } from './api';

type Draft = CourierInput & { key: string };
/** A rupiah amount field: whole rupiah, Indonesian separators. */
const MONEY = {
  min: 0,
  allowDecimal: false,
  thousandSeparator: '.',
  decimalSeparator: ',',
  prefix: 'Rp',
} as const;
const toDraft = (c: Courier): Draft => ({ ...c, key: c.id });
const blank = (): Draft => ({
  key: crypto.randomUUID(),
  name: '',
  feeType: 'flat',
  fee: 0,
  thresholds: [],
  estimateTime: '',
});

/**
 * Business settings › Shipping (001 §2, §3 seller courier): each courier with its fee rule — a flat fee, or
 * fees by max-price thresholds (above every threshold, the courier's fee) — and its estimate time.
 */
export function ShippingTab({ canEdit }: { canEdit: boolean }) {
  const couriers = useCouriers();
  return (
    <QueryState query={couriers}>{(items) => <ShippingForm initial={items} canEdit={canEdit} />}</QueryState>
  );
}

function ShippingForm({ initial, canEdit }: { initial: Courier[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveCouriers();
  const [drafts, setDrafts] = useState<Draft[]>(() => initial.map(toDraft));
  useEffect(() => setDrafts(initial.map(toDraft)), [initial]);
  const change = (key: string, patch: Partial<Draft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const submit = () =>
    save.mutate(
      drafts.map(({ key: _key, ...c }) => c),
      { onSuccess: () => notifications.show({ color: 'green', message: t('storeSettings.saved') }) },
    );
  return (
    <Stack gap="md" data-testid="shipping-tab">
      <Text size="sm" c="dimmed">
        {t('orders.shipping.hint')}
      </Text>
      {drafts.length === 0 ? <Text size="sm">{t('orders.shipping.empty')}</Text> : null}
      {drafts.map((d, i) => (
        <Paper key={d.key} withBorder p="sm" radius="md" data-testid="courier-row">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-end">
              <TextInput
                label={t('orders.shipping.name')}
                value={d.name}
                onChange={(e) => change(d.key, { name: e.currentTarget.value })}
                maxLength={COURIER_NAME_MAX}
                disabled={!canEdit}
                required
                style={{ flex: 1 }}
              />
              {canEdit ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('orders.shipping.remove', { n: i + 1 })}
                  onClick={() => setDrafts((list) => list.filter((x) => x.key !== d.key))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
            <SegmentedControl
              value={d.feeType}
              onChange={(v) => change(d.key, { feeType: v as Draft['feeType'] })}
              disabled={!canEdit}
              data={[
                { value: 'flat', label: t('orders.shipping.flat') },
                { value: 'by_price', label: t('orders.shipping.byPrice') },
              ]}
            />
            {d.feeType === 'by_price' ? (
              <Thresholds
                draft={d}
                canEdit={canEdit}
                onChange={(thresholds) => change(d.key, { thresholds })}
              />
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <NumberInput
                label={d.feeType === 'flat' ? t('orders.shipping.fee') : t('orders.shipping.feeAbove')}
                {...MONEY}
                value={d.fee}
                onChange={(v) => change(d.key, { fee: Number(v) || 0 })}
                disabled={!canEdit}
              />
              <TextInput
                label={t('orders.shipping.estimate')}
                placeholder={t('orders.shipping.estimatePlaceholder')}
                value={d.estimateTime ?? ''}
                onChange={(e) => change(d.key, { estimateTime: e.currentTarget.value })}
                maxLength={COURIER_ESTIMATE_MAX}
                disabled={!canEdit}
              />
            </SimpleGrid>
            <Switch
              label={t('orders.shipping.active')}
              checked={d.active ?? true}
              onChange={(e) => change(d.key, { active: e.currentTarget.checked })}
              disabled={!canEdit}
            />
          </Stack>
        </Paper>
      ))}
      {save.error ? (
        <Alert color="red" role="alert">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      {canEdit ? (
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDrafts((list) => [...list, blank()])}
            disabled={drafts.length >= COURIERS_MAX}
          >
            {t('orders.shipping.add')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('storeSettings.readOnly')}
        </Text>
      )}
    </Stack>
  );
}

function Thresholds({
  draft,
  canEdit,
  onChange,
}: {
  draft: Draft;
  canEdit: boolean;
  onChange: (thresholds: NonNullable<Draft['thresholds']>) => void;
}) {
  const { t } = useTranslation();
  const list = draft.thresholds ?? [];
  const set = (i: number, patch: Partial<{ maxPrice: number; fee: number }>) =>
    onChange(list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <Stack gap={6}>
      {list.map((th, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a threshold has no identity; its row is edited in place.
        <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
          <NumberInput
            {...MONEY}
            label={t('orders.shipping.maxPrice')}
            value={th.maxPrice}
            onChange={(v) => set(i, { maxPrice: Number(v) || 0 })}
            disabled={!canEdit}
            style={{ flex: 1 }}
          />
          <NumberInput
            {...MONEY}
            label={t('orders.shipping.fee')}
            value={th.fee}
            onChange={(v) => set(i, { fee: Number(v) || 0 })}
            disabled={!canEdit}
            style={{ flex: 1 }}
          />
          {canEdit ? (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('orders.shipping.removeThreshold')}
              onClick={() => onChange(list.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      {canEdit ? (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...list, { maxPrice: 0, fee: 0 }])}
          disabled={list.length >= COURIER_THRESHOLDS_MAX}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('orders.shipping.addThreshold')}
        </Button>
      ) : null}
    </Stack>
  );
}

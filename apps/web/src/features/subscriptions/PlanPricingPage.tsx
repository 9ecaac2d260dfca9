import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  SELF_SERVE_PACKAGES,
  type SelfServePackage,
  type SubscriptionOrder,
  type SubscriptionView,
} from '@sapa/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage, useMe } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { SkeletonRows } from '../../shared/ui/SkeletonRows';
import { isConsentDue } from '../activity/ConsentDialog';
import { formatRupiah } from '../payments';
import { useCancelOrder, usePendingOrder, usePlans, useSubscription } from './api';
import { type OrderChoice, SubscribeDialog } from './SubscribeDialog';

/** /setting/plan-and-pricing (001 §2 plan and pricing; §4 start, extend, upgrade; §6 extra users). */
export function PlanPricingPage() {
  const { t } = useTranslation();
  const me = useMe();
  const subscription = useSubscription();
  const isOwner = me.data?.role === 'OWN' || me.data?.role === 'SAD';
  const pending = usePendingOrder(isOwner);
  const [choice, setChoice] = useState<OrderChoice | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const choose = (c: OrderChoice) => {
    setDialogKey((k) => k + 1);
    setChoice(c);
  };
  // Opened once the consent dialog is answered (a new owner meets it first), so the two never stack.
  const ready = isOwner && !!me.data && !isConsentDue(me.data.consent, Date.now());
  useSubscribeFromAddress(ready, choose);
  const blocked = Boolean(pending.data);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('plans.title')}
      </Title>
      <QueryState query={subscription} loading={<SkeletonRows count={2} height={64} />}>
        {(s) => (
          <>
            <CurrentPlan s={s} isOwner={isOwner} blocked={blocked} onChoose={choose} />
            {pending.data && <PendingOrder order={pending.data} />}
            <PlanTable s={s} isOwner={isOwner} blocked={blocked} onChoose={choose} />
          </>
        )}
      </QueryState>
      <SubscribeDialog key={dialogKey} choice={choice} onClose={() => setChoice(null)} />
    </Stack>
  );
}

/**
 * `?subscribe=STARTER` (the sign-up's paid plan): the owner finds the package's order open, paid in this tab.
 * The parameter is removed once read, so a reload does not open it again.
 */
function useSubscribeFromAddress(ready: boolean, choose: (c: OrderChoice) => void) {
  const [params] = useSearchParams();
  const pkg = params.get('subscribe');
  const handled = useRef(false);
  useEffect(() => {
    if (!ready || !pkg || handled.current) return;
    handled.current = true;
    // Out of the address without a router navigation (which would open the page afresh and lose the dialog).
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if ((SELF_SERVE_PACKAGES as readonly string[]).includes(pkg))
      choose({ kind: 'start', package: pkg as SelfServePackage, checkoutHere: true });
  }, [ready, pkg, choose]);
}

function CurrentPlan({
  s,
  isOwner,
  blocked,
  onChoose,
}: {
  s: SubscriptionView;
  isOwner: boolean;
  blocked: boolean;
  onChoose: (c: OrderChoice) => void;
}) {
  const { t, i18n } = useTranslation();
  const activePackage = s.premium && (s.tier === 'STARTER' || s.tier === 'PRO');
  return (
    <Card withBorder radius="md" p="lg" data-testid="current-plan">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('plans.current')}
          </Text>
          <Group gap="xs">
            <Text size="xl" fw={700}>
              {t(`plans.tier.${s.tier}`)}
            </Text>
            <Badge
              color={s.premium ? 'teal' : s.accountStatus === 'Expired' ? 'red' : 'gray'}
              variant="light"
            >
              {t(`plans.status.${s.accountStatus}`, { defaultValue: s.accountStatus })}
            </Badge>
          </Group>
          {s.endsAt !== null && (
            <Text size="sm">
              {t('plans.validUntil', { date: new Date(s.endsAt).toLocaleDateString(i18n.language) })}
              {s.daysLeft !== null && s.daysLeft > 0
                ? ` · ${t('plans.daysLeft', { count: s.daysLeft })}`
                : ''}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('plans.usersUsed', {
              users: s.users,
              limit: s.userLimit === null ? t('plans.unlimited') : s.userLimit,
            })}
          </Text>
        </Stack>
        {isOwner && activePackage && (
          <Group gap="xs">
            <Button variant="light" disabled={blocked} onClick={() => onChoose({ kind: 'extend' })}>
              {t('plans.extend')}
            </Button>
            {s.tier === 'STARTER' && (
              <Button disabled={blocked} onClick={() => onChoose({ kind: 'upgrade' })}>
                {t('plans.upgradeToPro')}
              </Button>
            )}
            <Button variant="default" disabled={blocked} onClick={() => onChoose({ kind: 'extra_users' })}>
              {t('plans.buyExtraUsers')}
            </Button>
          </Group>
        )}
      </Group>
      {!isOwner && (
        <Text size="sm" mt="sm" c="dimmed">
          {t('plans.contactOwner')}
        </Text>
      )}
    </Card>
  );
}

function PendingOrder({ order }: { order: SubscriptionOrder }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  return (
    <Alert color="yellow" title={t('plans.pendingTitle')} data-testid="pending-order">
      <Stack gap={6}>
        <Text size="sm">
          {t('plans.pendingText', {
            total: formatRupiah(order.payment.total, i18n.language),
            method: order.payment.method,
            until: new Date(order.payment.expiresAt).toLocaleString(i18n.language),
          })}
        </Text>
        <Group gap="md">
          {order.payment.checkoutUrl && (
            <Anchor href={order.payment.checkoutUrl} target="_blank" rel="noopener" size="sm">
              {t('plans.resume')}
            </Anchor>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
            {t('plans.cancelOrder')}
          </Button>
        </Group>
        {cancel.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(cancel.error)}
          </Text>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('plans.cancelOrder')}>
        <Stack>
          <Text size="sm">{t('plans.cancelConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.back')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(order.id, { onSettled: () => setConfirming(false) })}
            >
              {t('plans.cancelOrder')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}

function PlanTable({
  s,
  isOwner,
  blocked,
  onChoose,
}: {
  s: SubscriptionView;
  isOwner: boolean;
  blocked: boolean;
  onChoose: (c: OrderChoice) => void;
}) {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  const rupiah = (n: number) => formatRupiah(n, i18n.language);
  return (
    <QueryState query={plans} loading={<SkeletonRows count={2} height={120} />}>
      {(data) => (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {data.plans.map((p) => (
              <Card key={p.package} withBorder radius="md" p="lg" data-testid={`plan-${p.package}`}>
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Title order={2} size="h4">
                      {t(`plans.tier.${p.package}`)}
                    </Title>
                    {s.tier === p.package && <Badge variant="light">{t('plans.yourPlan')}</Badge>}
                  </Group>
                  <Text>
                    <Text span fw={700} size="lg">
                      {rupiah(p.monthly)}
                    </Text>{' '}
                    {t('plans.perMonth')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('plans.features', {
                      users: p.includedUsers ?? t('plans.unlimited'),
                    })}
                    {' · '}
                    {p.whatsapp ? t('plans.withWhatsapp') : t('plans.withoutWhatsapp')}
                  </Text>
                  <Table fz="sm" withRowBorders={false}>
                    <Table.Tbody>
                      {p.periods.map((period) => (
                        <Table.Tr key={period.months}>
                          <Table.Td>{t('plans.months', { count: period.months })}</Table.Td>
                          <Table.Td ta="right">
                            {t('plans.priceWithVat', { price: rupiah(period.price.total) })}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  {isOwner && !s.premium && (
                    <Button
                      disabled={blocked}
                      onClick={() => onChoose({ kind: 'start', package: p.package })}
                    >
                      {t('plans.choose', { package: t(`plans.tier.${p.package}`) })}
                    </Button>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('plans.notes', {
              extra: rupiah(data.extraUserMonthly),
              upgrade: rupiah(data.proUpgradePerMonth),
              vat: data.vatPercent,
            })}
          </Text>
        </Stack>
      )}
    </QueryState>
  );
}

import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  can,
  isMessageKey,
  SHOPIFY_DEFAULT_FIELDS,
  SHOPIFY_ORDER_FIELDS,
  type ShopifyAutomation,
  type ShopifyEvent,
  type ShopifyOrderField,
  type ShopifyStore,
} from '@sapa/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accessSubjectOf, errorMessage, fieldErrorsOf, useMe } from '../../shared/api';
import { translateMessage } from '../../shared/i18n';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { FormModal } from '../../shared/ui/FormModal';
import { QueryState } from '../../shared/ui/QueryState';
import {
  useDisconnect,
  useSaveAutomation,
  useShopifyAutomations,
  useShopifyReport,
  useShopifyStore,
  useStartConnect,
  useUpdateStore,
  useWhatsappNumbers,
} from './api';

const TABS = ['store', 'messages', 'report'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');

/**
 * /shopify (000 §2): store configuration with the connect dialog (admin URL → Shopify's authorize page), the
 * automated order messages (one approved template per event, 000 §5 toggle rules), and the report. The open tab
 * is in the address; Shopify's redirect back lands here with `connected=1` or `error=<message key>`.
 */
export function ShopifyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'store';
  const store = useShopifyStore();
  const callbackError = params.get('error');
  const connected = params.get('connected') === '1';
  useEffect(() => {
    if (!connected) return;
    notifications.show({ color: 'green', message: t('shopify.connected') });
    setParams(
      (p) => {
        p.delete('connected');
        return p;
      },
      { replace: true },
    );
  }, [connected, setParams, t]);
  return (
    <Stack gap="md">
      <Title order={2}>{t('shopify.title')}</Title>
      {callbackError ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setParams({}, { replace: true })}>
          {isMessageKey(callbackError)
            ? translateMessage(callbackError)
            : translateMessage('shopify.somethingWrong')}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(v) => setParams(v ? { tab: v } : {}, { replace: true })}>
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {TABS.map((v) => (
            <Tabs.Tab key={v} value={v}>
              {t(`shopify.tab.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <QueryState query={store}>
        {(data) =>
          tab === 'store' ? (
            <StoreTab store={data.store} addOnActive={data.addOnActive} />
          ) : tab === 'messages' ? (
            <MessagesTab store={data.store} addOnActive={data.addOnActive} />
          ) : (
            <ReportTab />
          )
        }
      </QueryState>
    </Stack>
  );
}

function useMay() {
  const me = useMe();
  const subject = me.data ? accessSubjectOf(me.data) : null;
  return (action: 'CREATE' | 'UPDATE' | 'DELETE') => (subject ? can(subject, 'SHOPIFY', action) : false);
}

/** 000 §2 store configuration: the connected shop (000 §3: account name, status, subscription) or the connect button. */
function StoreTab({ store, addOnActive }: { store: ShopifyStore | null; addOnActive: boolean }) {
  const { t } = useTranslation();
  const may = useMay();
  const [connectOpen, setConnectOpen] = useState(false);
  const [disconnectOpen, setDisconnectOpen] = useState(false);
  const disconnect = useDisconnect();
  const whatsapp = useWhatsappNumbers();
  const update = useUpdateStore();
  const connectedStore = store?.status === 'connected' ? store : null;
  return (
    <Stack gap="md" data-testid="shopify-store">
      {!connectedStore ? (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text fw={600}>
              {store ? t('shopify.store.disconnectedTitle') : t('shopify.store.emptyTitle')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('shopify.store.emptyHint')}
            </Text>
            {store ? (
              <Text size="sm">
                {t('shopify.store.name')}: <b>{store.shopName}</b> ({store.shopDomain})
              </Text>
            ) : null}
            {may('CREATE') ? (
              <Button onClick={() => setConnectOpen(true)}>{t('shopify.connect.button')}</Button>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  {t('shopify.store.name')}
                </Text>
                <Text fw={700} size="lg" data-testid="shopify-shop-name">
                  {connectedStore.shopName}
                </Text>
                <Text size="sm" c="dimmed">
                  {connectedStore.shopDomain}
                </Text>
              </Stack>
              <Group gap="xs">
                <Badge color="green" variant="light">
                  {t('shopify.store.status.connected')}
                </Badge>
                <Badge color={addOnActive ? 'teal' : 'gray'} variant="light">
                  {addOnActive ? t('shopify.store.addOnActive') : t('shopify.store.addOnInactive')}
                </Badge>
              </Group>
            </Group>
            <Text size="xs" c="dimmed">
              {t('shopify.store.nameLocked')}
            </Text>
            <Select
              label={t('shopify.store.whatsapp')}
              description={t('shopify.store.whatsappHint')}
              data={(whatsapp.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={connectedStore.channelAccountId}
              onChange={(v) =>
                v &&
                update.mutate(v, {
                  onSuccess: () => notifications.show({ color: 'green', message: t('shopify.saved') }),
                })
              }
              disabled={!may('UPDATE')}
              error={update.error ? errorMessage(update.error) : null}
              maw={420}
            />
            {may('DELETE') ? (
              <Group>
                <Button color="red" variant="light" onClick={() => setDisconnectOpen(true)}>
                  {t('shopify.store.disconnect')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      )}
      <ConnectDialog opened={connectOpen} onClose={() => setConnectOpen(false)} />
      <ConfirmDialog
        opened={disconnectOpen}
        title={t('shopify.store.disconnectTitle')}
        confirmLabel={t('shopify.store.disconnect')}
        loading={disconnect.isPending}
        error={disconnect.error ? errorMessage(disconnect.error) : null}
        onClose={() => setDisconnectOpen(false)}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setDisconnectOpen(false) })}
      >
        {t('shopify.store.disconnectBody')}
      </ConfirmDialog>
    </Stack>
  );
}

/** 000 §2 connect dialog: the admin-URL field; the browser then goes to Shopify's authorize page. */
function ConnectDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [adminUrl, setAdminUrl] = useState('');
  const start = useStartConnect();
  const fields = fieldErrorsOf(start.error);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('shopify.connect.title')}
      saveError={start.error}
      pending={start.isPending}
      submitLabel={t('shopify.connect.submit')}
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate(adminUrl, { onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) });
      }}
    >
      <TextInput
        label={t('shopify.connect.adminUrl')}
        description={t('shopify.connect.adminUrlHint')}
        placeholder="https://admin.shopify.com/store/nama-toko"
        value={adminUrl}
        onChange={(e) => setAdminUrl(e.currentTarget.value)}
        error={fields.adminUrl}
        maxLength={300}
        data-autofocus
      />
    </FormModal>
  );
}

/** 000 §2 automated-message settings; 000 §5: the toggle is off without a store or the add-on, on needs a template. */
function MessagesTab({ store, addOnActive }: { store: ShopifyStore | null; addOnActive: boolean }) {
  const { t } = useTranslation();
  const automations = useShopifyAutomations(true);
  const connected = store?.status === 'connected';
  const blocked = !connected
    ? t('shopify.messages.noStore')
    : !addOnActive
      ? t('shopify.messages.noAddOn')
      : null;
  return (
    <Stack gap="md">
      {blocked ? (
        <Alert color="yellow" data-testid="shopify-toggle-blocked">
          {blocked}
        </Alert>
      ) : null}
      <QueryState query={automations}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {data.items.map((item) => (
              <AutomationCard
                key={item.event}
                item={item}
                templates={data.templates}
                toggleDisabled={Boolean(blocked)}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}

type TemplateOption = { id: string; name: string; language: string; body: string; variableCount: number };

function AutomationCard({
  item,
  templates,
  toggleDisabled,
}: {
  item: ShopifyAutomation;
  templates: TemplateOption[];
  toggleDisabled: boolean;
}) {
  const { t } = useTranslation();
  const may = useMay();
  const save = useSaveAutomation();
  const [enabled, setEnabled] = useState(item.enabled);
  const [templateId, setTemplateId] = useState<string | null>(item.templateId);
  const [variables, setVariables] = useState<ShopifyOrderField[]>(item.variables);
  const template = templates.find((x) => x.id === templateId) ?? null;
  const count = template?.variableCount ?? 0;
  const fieldOf = (i: number): ShopifyOrderField =>
    variables[i] ?? SHOPIFY_DEFAULT_FIELDS[item.event][i] ?? 'order_number';
  const fields = fieldErrorsOf(save.error);
  const canEdit = may('UPDATE');
  return (
    <Card withBorder radius="md" p="md" data-testid={`shopify-automation-${item.event}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t(`shopify.event.${item.event}`)}</Text>
          <Switch
            label={t('shopify.messages.active')}
            labelPosition="left"
            checked={enabled}
            disabled={toggleDisabled || !canEdit}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
        </Group>
        <Select
          label={t('shopify.messages.template')}
          placeholder={t('shopify.messages.templatePlaceholder')}
          data={templates.map((x) => ({ value: x.id, label: `${x.name} (${x.language})` }))}
          value={templateId}
          onChange={setTemplateId}
          error={fields.templateId}
          disabled={!canEdit}
          searchable
          clearable
          nothingFoundMessage={t('shopify.messages.noTemplates')}
        />
        {template ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {template.body}
          </Text>
        ) : null}
        {Array.from({ length: count }, (_, i) => (
          <Select
            // biome-ignore lint/suspicious/noArrayIndexKey: a template's variables are positional
            key={i}
            label={t('shopify.messages.variable', { n: i + 1 })}
            data={SHOPIFY_ORDER_FIELDS.map((f) => ({ value: f, label: t(`shopify.field.${f}`) }))}
            value={fieldOf(i)}
            allowDeselect={false}
            disabled={!canEdit}
            onChange={(v) =>
              setVariables(
                Array.from({ length: count }, (_, j) => (j === i ? (v as ShopifyOrderField) : fieldOf(j))),
              )
            }
          />
        ))}
        {save.error && !fields.templateId ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        {canEdit ? (
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  {
                    event: item.event,
                    enabled,
                    templateId,
                    variables: Array.from({ length: count }, (_, i) => fieldOf(i)),
                  },
                  { onSuccess: () => notifications.show({ color: 'green', message: t('shopify.saved') }) },
                )
              }
            >
              {t('shopify.messages.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** 000 §2 report: messages per event (sent, delivered, read, failed, not sent) and the orders, last 30 days. */
function ReportTab() {
  const { t } = useTranslation();
  const report = useShopifyReport();
  return (
    <QueryState query={report}>
      {(data) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {(['total', 'paid', 'fulfilled', 'cancelled'] as const).map((k) => (
              <Paper key={k} withBorder p="md" radius="md">
                <Text size="xs" c="dimmed">
                  {t(`shopify.report.orders.${k}`)}
                </Text>
                <Text fw={700} size="xl" data-testid={`shopify-orders-${k}`}>
                  {data.orders[k]}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('shopify.report.period')}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('shopify.report.event')}</Table.Th>
                  {(['sent', 'delivered', 'read', 'failed', 'skipped'] as const).map((k) => (
                    <Table.Th key={k} ta="right">
                      {t(`shopify.report.${k}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.events.map((row) => (
                  <Table.Tr key={row.event} data-testid={`shopify-report-${row.event}`}>
                    <Table.Td>{t(`shopify.event.${row.event as ShopifyEvent}`)}</Table.Td>
                    {(['sent', 'delivered', 'read', 'failed', 'skipped'] as const).map((k) => (
                      <Table.Td key={k} ta="right">
                        {row[k]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </QueryState>
  );
}

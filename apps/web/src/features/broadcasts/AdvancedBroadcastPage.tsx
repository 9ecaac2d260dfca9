import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  ADVANCED_BROADCAST_NAME_MAX,
  type AdvancedBroadcast,
  type AdvancedBroadcastStatus,
  advancedBroadcastInputSchema,
  can,
  type RecipientRule,
  RULE_VARIABLES,
  RULES_OF_VARIABLE,
  type RuleOperator,
  type RuleVariable,
  SCHEDULE_INTERVAL_TYPES,
  type ScheduleIntervalType,
} from '@sapa/contracts';
import { IconPlus, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, fieldErrorsOf, useMe } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { dayjs, formatNumber } from '../../shared/time';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { ErrorState } from '../../shared/ui/ErrorState';
import { FormModal } from '../../shared/ui/FormModal';
import { PageLoader } from '../../shared/ui/PageLoader';
import { RowActions } from '../../shared/ui/RowActions';
import {
  useAdvancedBroadcastAction,
  useAdvancedBroadcasts,
  useApprovedTemplates,
  useEstimateRules,
  useGroupOptions,
  useSaveAdvancedBroadcast,
} from './api';
import { SenderSelect, useSender } from './SenderSelect';

const STATUS_COLOR: Record<AdvancedBroadcastStatus, string> = {
  inactive: 'gray',
  waiting: 'blue',
  sent: 'teal',
  failed: 'red',
  credits_insufficient: 'orange',
};

/**
 * /advanced-broadcast/create/broadcast (001 §2 advanced broadcast: list with today's schedule and all; create
 * or edit with criteria and schedule; §4 activate, deactivate, sync).
 */
export function AdvancedBroadcastPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [view, setView] = useState<'today' | 'all'>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useAdvancedBroadcasts(view, debounced);
  const action = useAdvancedBroadcastAction();
  const [editing, setEditing] = useState<AdvancedBroadcast | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdvancedBroadcast | null>(null);
  if (!me.data) return <PageLoader />;
  const subject = accessSubjectOf(me.data);
  const canCreate = can(subject, 'ADVANCED_BROADCAST', 'CREATE');
  const canUpdate = can(subject, 'ADVANCED_BROADCAST', 'UPDATE');
  const canActivate = can(subject, 'ADVANCED_BROADCAST', 'ACTIVATE');
  const canDelete = can(subject, 'ADVANCED_BROADCAST', 'DELETE');
  const act = (ab: AdvancedBroadcast, kind: 'activate' | 'deactivate' | 'sync') =>
    action.mutate(
      { id: ab.id, action: kind },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t(`advancedBroadcasts.done.${kind}`, { name: ab.name }),
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  const items = list.data ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="sm" align="flex-end">
        <div>
          <Title order={2} size="h4">
            {t('advancedBroadcasts.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={680}>
            {t('advancedBroadcasts.intro')}
          </Text>
        </div>
        {canCreate ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
            {t('advancedBroadcasts.create')}
          </Button>
        ) : null}
      </Group>
      <Tabs value={view} onChange={(v) => setView((v as 'today' | 'all') ?? 'all')} mb="md">
        <Tabs.List>
          <Tabs.Tab value="today">{t('advancedBroadcasts.today')}</Tabs.Tab>
          <Tabs.Tab value="all">{t('advancedBroadcasts.all')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('advancedBroadcasts.search')}
        aria-label={t('advancedBroadcasts.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
        mb="md"
      />
      {list.isLoading ? (
        <PageLoader />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={debounced ? t('advancedBroadcasts.noMatch') : t(`advancedBroadcasts.empty.${view}`)}
        >
          {t('advancedBroadcasts.emptyHint')}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t('advancedBroadcasts.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('advancedBroadcasts.name')}</Table.Th>
                <Table.Th>{t('broadcasts.template')}</Table.Th>
                <Table.Th>{t('advancedBroadcasts.schedule')}</Table.Th>
                <Table.Th>{t('advancedBroadcasts.nextRun')}</Table.Th>
                <Table.Th ta="right">{t('advancedBroadcasts.estimate')}</Table.Th>
                <Table.Th miw={190}>{t('broadcasts.statusLabel')}</Table.Th>
                <Table.Th>{t('advancedBroadcasts.active')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((ab) => (
                <Table.Tr key={ab.id}>
                  <Table.Td fw={600}>{ab.name}</Table.Td>
                  <Table.Td>{ab.template.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{scheduleSummary(ab, t)}</Text>
                  </Table.Td>
                  <Table.Td>{ab.nextRunAt ? formatWib(ab.nextRunAt, i18n.language) : '—'}</Table.Td>
                  <Table.Td ta="right">
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {formatNumber(ab.estimatedRecipients, i18n.language)}
                      {ab.syncNeeded ? (
                        <Tooltip label={t('advancedBroadcasts.syncNeeded')}>
                          <ActionIcon
                            variant="light"
                            color="orange"
                            size="sm"
                            aria-label={t('advancedBroadcasts.syncNamed', { name: ab.name })}
                            onClick={() => act(ab, 'sync')}
                          >
                            <IconRefresh size={14} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[ab.status]} style={{ textTransform: 'none' }}>
                      {t(`advancedBroadcasts.status.${ab.status}`)}
                    </Badge>
                    {ab.lastError ? (
                      <Text size="xs" c="red">
                        {t('advancedBroadcasts.lastError')}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={t('advancedBroadcasts.activeNamed', { name: ab.name })}
                      checked={ab.status === 'waiting'}
                      disabled={!canActivate || action.isPending}
                      onChange={(e) => act(ab, e.currentTarget.checked ? 'activate' : 'deactivate')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      editLabel={t('advancedBroadcasts.editNamed', { name: ab.name })}
                      deleteLabel={t('advancedBroadcasts.deleteNamed', { name: ab.name })}
                      onEdit={canUpdate && ab.editable ? () => setEditing(ab) : undefined}
                      onDelete={canDelete ? () => setDeleting(ab) : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== undefined ? (
        <AdvancedBroadcastForm item={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('advancedBroadcasts.deleteTitle')}
        confirmLabel={t('common.delete')}
        loading={action.isPending}
        error={action.error ? errorMessage(action.error) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          action.mutate(
            { id: deleting.id, action: 'remove' },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  message: t('advancedBroadcasts.deleted', { name: deleting.name }),
                });
                setDeleting(null);
              },
            },
          )
        }
      >
        {t('advancedBroadcasts.deleteConfirm', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
}

/** Schedules are Asia/Jakarta wall-clock times, so their next sending is shown in WIB too. */
function formatWib(epochMs: number, language: string) {
  return `${dayjs(epochMs)
    .tz('Asia/Jakarta')
    .locale(language === 'id' ? 'id' : 'en')
    .format('D MMM YYYY, HH:mm')} WIB`;
}

type T = ReturnType<typeof useTranslation>['t'];
function scheduleSummary(ab: AdvancedBroadcast, t: T) {
  const s = ab.schedule;
  if (s.frequency === 'once') return t('advancedBroadcasts.summary.once', { date: s.date, time: s.time });
  const days = s.days.map((d) => t(`advancedBroadcasts.weekday.${d}`)).join(', ');
  return t(`advancedBroadcasts.summary.${s.intervalType ?? 'daily'}`, {
    count: s.interval,
    days,
    time: s.time,
    date: s.date,
  });
}

type RuleRow = { key: string; variable: RuleVariable | null; rule: RuleOperator | null; value: string };
const newKey = () => crypto.randomUUID();

function AdvancedBroadcastForm({ item, onClose }: { item: AdvancedBroadcast | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveAdvancedBroadcast();
  const estimate = useEstimateRules();
  const templates = useApprovedTemplates();
  const groups = useGroupOptions();
  const today = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const [name, setName] = useState(item?.name ?? '');
  const [senderId, setSenderId] = useState<string | null>(item?.channelAccountId ?? null);
  const [templateId, setTemplateId] = useState<string | null>(item?.template.id ?? null);
  const [rules, setRules] = useState<RuleRow[]>(
    (item?.rules ?? [{ variable: 'name', rule: 'contains', value: '' }]).map((r) => ({
      ...r,
      key: newKey(),
    })),
  );
  const [frequency, setFrequency] = useState(item?.schedule.frequency ?? 'once');
  const [intervalType, setIntervalType] = useState<ScheduleIntervalType | null>(
    item?.schedule.intervalType ?? 'daily',
  );
  const [interval, setIntervalValue] = useState<number>(item?.schedule.interval ?? 1);
  const [days, setDays] = useState<string[]>((item?.schedule.days ?? []).map(String));
  const [date, setDate] = useState(item?.schedule.date ?? today);
  const [time, setTime] = useState(item?.schedule.time ?? '09:00');
  const [endDate, setEndDate] = useState(item?.schedule.endDate ?? '');
  const [touched, setTouched] = useState(false);
  const sender = useSender(senderId);
  const contactTemplates = (templates.data ?? []).filter(
    (x) => x.templateType === 'contact_variables' || x.variables.some((v) => v.contactField),
  );
  const body = {
    name,
    templateId: templateId ?? '',
    channelAccountId: sender ?? '',
    rules: rules.map((r) => ({
      variable: r.variable ?? undefined,
      rule: r.rule ?? undefined,
      value: r.value,
    })),
    schedule: {
      frequency,
      intervalType: frequency === 'repeat' ? intervalType : null,
      interval,
      days: frequency === 'repeat' && intervalType === 'weekly' ? days.map(Number) : [],
      date,
      time,
      endDate: frequency === 'repeat' && endDate ? endDate : null,
    },
  };
  const parsed = advancedBroadcastInputSchema.safeParse(body);
  const local: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) local[i.path.join('.')] ??= i.message;
  const rulesReady = !Object.keys(local).some((k) => k.startsWith('rules'));
  const server = fieldErrorsOf(save.error);
  const err = (path: string) => (touched ? message(local[path]) : undefined) ?? server[path];
  const setRule = (i: number, patch: Partial<RuleRow>) =>
    setRules((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    save.mutate(
      { id: item?.id ?? null, body: parsed.data as never },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t('advancedBroadcasts.saved', { name: saved.name }),
          });
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={item ? t('advancedBroadcasts.editTitle') : t('advancedBroadcasts.createTitle')}
      size="xl"
      onSubmit={submit}
      saveError={save.error}
      pending={save.isPending}
      submitLabel={t('advancedBroadcasts.saveInactive')}
    >
      <TextInput
        label={t('advancedBroadcasts.name')}
        required
        maxLength={ADVANCED_BROADCAST_NAME_MAX + 10}
        description={`${name.trim().length}/${ADVANCED_BROADCAST_NAME_MAX}`}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={err('name')}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SenderSelect value={sender} onChange={setSenderId} error={err('channelAccountId')} />
        <Select
          label={t('broadcasts.template')}
          description={t('advancedBroadcasts.templateHint')}
          required
          searchable
          data={contactTemplates.map((x) => ({ value: x.id, label: `${x.name} · ${x.language}` }))}
          value={templateId}
          onChange={setTemplateId}
          error={err('templateId')}
          nothingFoundMessage={t('advancedBroadcasts.noTemplates')}
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('advancedBroadcasts.rules')}
        </Text>
        {rules.map((r, i) => (
          <Group key={r.key} gap="xs" align="flex-start" wrap="nowrap">
            <Select
              aria-label={t('advancedBroadcasts.variable')}
              placeholder={t('advancedBroadcasts.variable')}
              data={RULE_VARIABLES.map((v) => ({ value: v, label: t(`advancedBroadcasts.variables.${v}`) }))}
              value={r.variable}
              onChange={(v) =>
                setRule(i, {
                  variable: v as RuleVariable,
                  rule: RULES_OF_VARIABLE[v as RuleVariable]?.[0] ?? null,
                  value: '',
                })
              }
              error={err(`rules.${i}.variable`)}
              w={170}
            />
            <Select
              aria-label={t('advancedBroadcasts.rule')}
              placeholder={t('advancedBroadcasts.rule')}
              data={(r.variable ? RULES_OF_VARIABLE[r.variable] : []).map((o) => ({
                value: o,
                label: t(`advancedBroadcasts.operators.${o}`),
              }))}
              value={r.rule}
              onChange={(v) => setRule(i, { rule: v as RuleOperator })}
              error={err(`rules.${i}.rule`)}
              w={170}
            />
            {r.variable === 'group' ? (
              <Select
                aria-label={t('advancedBroadcasts.value')}
                placeholder={t('advancedBroadcasts.value')}
                data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
                value={r.value || null}
                onChange={(v) => setRule(i, { value: v ?? '' })}
                error={err(`rules.${i}.value`)}
                style={{ flex: 1 }}
              />
            ) : (
              <TextInput
                aria-label={t('advancedBroadcasts.value')}
                placeholder={
                  r.rule === 'within_days'
                    ? '7'
                    : r.variable === 'birthDate' || r.variable === 'createdAt'
                      ? 'YYYY-MM-DD'
                      : t('advancedBroadcasts.value')
                }
                type={
                  r.rule !== 'within_days' && (r.variable === 'birthDate' || r.variable === 'createdAt')
                    ? 'date'
                    : 'text'
                }
                value={r.value}
                onChange={(e) => setRule(i, { value: e.currentTarget.value })}
                error={err(`rules.${i}.value`)}
                style={{ flex: 1 }}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={t('advancedBroadcasts.removeRule')}
              disabled={rules.length === 1}
              onClick={() => setRules((all) => all.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {touched && local.rules ? (
          <Text size="sm" c="red">
            {message(local.rules)}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() =>
              setRules((all) => [...all, { key: newKey(), variable: null, rule: null, value: '' }])
            }
          >
            {t('advancedBroadcasts.addRule')}
          </Button>
          <Button
            variant="light"
            size="xs"
            disabled={!rulesReady}
            loading={estimate.isPending}
            onClick={() => rulesReady && estimate.mutate(body.rules as RecipientRule[])}
          >
            {t('advancedBroadcasts.countRecipients')}
          </Button>
          {estimate.data ? (
            <Text size="sm">
              {t('advancedBroadcasts.recipientsCount', { count: estimate.data.recipients })}
            </Text>
          ) : null}
        </Group>
      </Stack>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('advancedBroadcasts.schedule')}
        </Text>
        <Radio.Group
          value={frequency}
          onChange={(v) => setFrequency(v as 'once' | 'repeat')}
          label={t('advancedBroadcasts.frequency')}
        >
          <Group mt={4}>
            <Radio value="once" label={t('advancedBroadcasts.once')} />
            <Radio value="repeat" label={t('advancedBroadcasts.repeat')} />
          </Group>
        </Radio.Group>
        {frequency === 'repeat' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('advancedBroadcasts.intervalType')}
              required
              data={SCHEDULE_INTERVAL_TYPES.map((x) => ({
                value: x,
                label: t(`advancedBroadcasts.intervalTypes.${x}`),
              }))}
              value={intervalType}
              onChange={(v) => setIntervalType(v as ScheduleIntervalType)}
              error={err('schedule.intervalType')}
            />
            <NumberInput
              label={t('advancedBroadcasts.interval')}
              min={1}
              max={365}
              value={interval}
              onChange={(v) => setIntervalValue(Number(v) || 1)}
              error={err('schedule.interval')}
            />
          </SimpleGrid>
        ) : null}
        {frequency === 'repeat' && intervalType === 'weekly' ? (
          <Checkbox.Group
            label={t('advancedBroadcasts.days')}
            value={days}
            onChange={setDays}
            error={err('schedule.days')}
          >
            <Group mt={4} gap="sm">
              {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                <Checkbox key={d} value={String(d)} label={t(`advancedBroadcasts.weekday.${d}`)} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: frequency === 'repeat' ? 3 : 2 }}>
          <TextInput
            type="date"
            label={frequency === 'once' ? t('advancedBroadcasts.date') : t('advancedBroadcasts.startDate')}
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={err('schedule.date')}
          />
          <TextInput
            type="time"
            label={t('advancedBroadcasts.time')}
            description={t('advancedBroadcasts.timeZone')}
            required
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
            error={err('schedule.time')}
          />
          {frequency === 'repeat' ? (
            <TextInput
              type="date"
              label={t('advancedBroadcasts.endDate')}
              value={endDate}
              onChange={(e) => setEndDate(e.currentTarget.value)}
              error={err('schedule.endDate')}
            />
          ) : null}
        </SimpleGrid>
      </Stack>
    </FormModal>
  );
}

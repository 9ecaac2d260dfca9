import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ADVANCED_BROADCAST_NAME_MAX,
  type AdvancedBroadcast,
  advancedBroadcastInputSchema,
  type RecipientRule,
  RULE_VARIABLES,
  RULES_OF_VARIABLE,
  type RuleOperator,
  type RuleVariable,
  SCHEDULE_INTERVAL_TYPES,
  type ScheduleIntervalType,
} from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/api';
import { useMessage } from '../../shared/forms/useMessage';
import { FormModal } from '../../shared/ui/FormModal';
import { useApprovedTemplates, useGroupOptions } from '../broadcasts/api';
import { SenderSelect, useSender } from '../broadcasts/SenderSelect';
import { useEstimateRules, useSaveAdvancedBroadcast } from './api';

type RuleRow = { key: string; variable: RuleVariable | null; rule: RuleOperator | null; value: string };
const newKey = () => crypto.randomUUID();

/** Creating or editing an advanced broadcast (001 §3, §5): template, rules with their estimate, schedule. */
export function AdvancedBroadcastForm({
  item,
  onClose,
}: {
  item: AdvancedBroadcast | null;
  onClose: () => void;
}) {
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
          <Group key={r.key} gap="xs" align="flex-start">
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
                style={{ flex: 1, minWidth: 160 }}
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
                style={{ flex: 1, minWidth: 160 }}
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

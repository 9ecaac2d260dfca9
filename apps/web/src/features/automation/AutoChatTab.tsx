import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AutoChatDay, type AutoChatSettings, type AutoChatState, DAY_MODES } from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { useAutoChat, useSaveAutoChat } from './api';

/** Monday first, as an Indonesian week is read; day numbers stay 0 = Sunday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/**
 * 001 §3 auto-chat settings per day and 001 §1 opening hours in WIB: the operating schedule (hours, 24 hours or
 * closed per day, holidays), the in-hours and out-of-hours messages, follow-up, auto close and the survey.
 */
export function AutoChatTab({ canEdit, part }: { canEdit: boolean; part: 'schedule' | 'automation' }) {
  const state = useAutoChat();
  return (
    <QueryState query={state}>
      {(data) => <AutoChatForm initial={data} canEdit={canEdit} part={part} />}
    </QueryState>
  );
}

function AutoChatForm({
  initial,
  canEdit,
  part,
}: {
  initial: AutoChatState;
  canEdit: boolean;
  part: string;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AutoChatSettings>(initial.settings);
  useEffect(() => setForm(initial.settings), [initial.settings]);
  const save = useSaveAutoChat();
  const setDay = (day: number, patch: Partial<AutoChatDay>) =>
    setForm((f) => ({ ...f, days: f.days.map((d) => (d.day === day ? { ...d, ...patch } : d)) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: () => notifications.show({ color: 'green', message: t('storeSettings.saved') }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('storeSettings.saveFailed'),
          message: errorMessage(error),
        }),
    });
  };
  return (
    <form onSubmit={submit} aria-label={t(`storeSettings.tabs.${part}`)}>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="md" maw={960}>
          {part === 'schedule' ? (
            <ScheduleFields form={form} setForm={setForm} setDay={setDay} />
          ) : (
            <AutomationFields form={form} setForm={setForm} state={initial} />
          )}
          {canEdit ? (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('storeSettings.readOnly')}
            </Text>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

interface FieldsProps {
  form: AutoChatSettings;
  setForm: (update: (f: AutoChatSettings) => AutoChatSettings) => void;
}

function ScheduleFields({
  form,
  setForm,
  setDay,
}: FieldsProps & { setDay: (day: number, p: Partial<AutoChatDay>) => void }) {
  const { t } = useTranslation();
  const modes = DAY_MODES.map((m) => ({ value: m, label: t(`storeSettings.dayMode.${m}`) }));
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('storeSettings.scheduleHint')}
        </Text>
        <Checkbox
          label={t('storeSettings.applyToAllDays')}
          checked={form.applyToAllDays}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setForm((f) => ({ ...f, applyToAllDays: checked }));
          }}
        />
      </Group>
      {WEEK.map((day) => {
        const d = form.days.find((x) => x.day === day)!;
        return (
          <Card
            key={day}
            withBorder
            padding="sm"
            radius="md"
            role="group"
            aria-label={t(`storeSettings.weekday.${day}`)}
          >
            <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
              <Text fw={600} style={{ alignSelf: 'center' }}>
                {t(`storeSettings.weekday.${day}`)}
              </Text>
              <Select
                aria-label={t('storeSettings.dayModeLabel')}
                data={modes}
                value={d.mode}
                onChange={(v) => v && setDay(day, { mode: v as AutoChatDay['mode'] })}
                allowDeselect={false}
              />
              <TextInput
                type="time"
                aria-label={t('storeSettings.open')}
                leftSection={<Text size="xs">{t('storeSettings.openShort')}</Text>}
                leftSectionWidth={52}
                value={d.open}
                disabled={d.mode !== 'HOURS'}
                onChange={(e) => setDay(day, { open: e.currentTarget.value })}
              />
              <TextInput
                type="time"
                aria-label={t('storeSettings.close')}
                leftSection={<Text size="xs">{t('storeSettings.closeShort')}</Text>}
                leftSectionWidth={52}
                value={d.close}
                disabled={d.mode !== 'HOURS'}
                onChange={(e) => setDay(day, { close: e.currentTarget.value })}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
              <Textarea
                label={t('storeSettings.inHoursMessage')}
                value={d.inHoursMessage}
                onChange={(e) => setDay(day, { inHoursMessage: e.currentTarget.value })}
                autosize
                minRows={2}
              />
              <Textarea
                label={t('storeSettings.outOfHoursMessage')}
                value={d.outOfHoursMessage}
                onChange={(e) => setDay(day, { outOfHoursMessage: e.currentTarget.value })}
                autosize
                minRows={2}
              />
            </SimpleGrid>
          </Card>
        );
      })}
      <Holidays form={form} setForm={setForm} />
    </>
  );
}

function Holidays({ form, setForm }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('storeSettings.holidays')}</Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setForm((f) => ({ ...f, holidays: [...f.holidays, { date: '', name: '' }] }))}
        >
          {t('storeSettings.addHoliday')}
        </Button>
      </Group>
      {form.holidays.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('storeSettings.noHolidays')}
        </Text>
      ) : (
        <Stack gap="xs">
          {form.holidays.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, in order
            <Group key={i} wrap="nowrap" align="flex-end">
              <TextInput
                type="date"
                label={t('storeSettings.holidayDate')}
                value={h.date}
                onChange={(e) => {
                  const date = e.currentTarget.value;
                  setForm((f) => ({
                    ...f,
                    holidays: f.holidays.map((x, j) => (j === i ? { ...x, date } : x)),
                  }));
                }}
              />
              <TextInput
                style={{ flex: 1 }}
                label={t('storeSettings.holidayName')}
                value={h.name}
                onChange={(e) => {
                  const name = e.currentTarget.value;
                  setForm((f) => ({
                    ...f,
                    holidays: f.holidays.map((x, j) => (j === i ? { ...x, name } : x)),
                  }));
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('storeSettings.removeHoliday')}
                onClick={() => setForm((f) => ({ ...f, holidays: f.holidays.filter((_, j) => j !== i) }))}
                mb={4}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

function AutomationFields({ form, setForm, state }: FieldsProps & { state: AutoChatState }) {
  const { t } = useTranslation();
  const patch = <K extends 'followUp' | 'autoClose' | 'survey'>(
    key: K,
    value: Partial<AutoChatSettings[K]>,
  ) => setForm((f) => ({ ...f, [key]: { ...f[key], ...value } }));
  const minutes = (value: string | number) =>
    typeof value === 'number' ? value : Number.parseInt(value, 10) || 1;
  return (
    <>
      <Switch
        label={t('storeSettings.enabled')}
        description={t('storeSettings.enabledHint')}
        checked={form.enabled}
        onChange={(e) => {
          const enabled = e.currentTarget.checked;
          setForm((f) => ({ ...f, enabled }));
        }}
      />
      <Checkbox
        label={t('storeSettings.showOncePerDay')}
        checked={form.showOncePerDay}
        onChange={(e) => {
          const showOncePerDay = e.currentTarget.checked;
          setForm((f) => ({ ...f, showOncePerDay }));
        }}
      />
      <Section title={t('storeSettings.followUp')}>
        <Switch
          label={t('storeSettings.followUpOn')}
          checked={form.followUp.enabled}
          onChange={(e) => patch('followUp', { enabled: e.currentTarget.checked })}
        />
        <Textarea
          label={t('storeSettings.message')}
          value={form.followUp.message}
          onChange={(e) => patch('followUp', { message: e.currentTarget.value })}
          autosize
          minRows={2}
        />
        <NumberInput
          label={t('storeSettings.delayMinutes')}
          min={1}
          max={10080}
          value={form.followUp.delayMinutes}
          onChange={(v) => patch('followUp', { delayMinutes: minutes(v) })}
          maw={220}
        />
      </Section>
      <Section title={t('storeSettings.autoClose')}>
        {!state.autoCloseAvailable && (
          <Alert color="yellow">
            {t(`storeSettings.autoCloseBlocked.${state.autoCloseBlockedBy ?? 'free'}`)}
          </Alert>
        )}
        <Switch
          label={t('storeSettings.autoCloseOn')}
          checked={form.autoClose.enabled}
          onChange={(e) => patch('autoClose', { enabled: e.currentTarget.checked })}
        />
        <Textarea
          label={t('storeSettings.message')}
          value={form.autoClose.message}
          onChange={(e) => patch('autoClose', { message: e.currentTarget.value })}
          autosize
          minRows={2}
        />
        <TextInput
          label={t('storeSettings.autoCloseDescription')}
          value={form.autoClose.description}
          onChange={(e) => patch('autoClose', { description: e.currentTarget.value })}
        />
        <NumberInput
          label={t('storeSettings.delayMinutes')}
          min={1}
          max={10080}
          value={form.autoClose.delayMinutes}
          onChange={(v) => patch('autoClose', { delayMinutes: minutes(v) })}
          maw={220}
        />
      </Section>
      <Section title={t('storeSettings.survey')}>
        <Switch
          label={t('storeSettings.surveyOn')}
          checked={form.survey.enabled}
          onChange={(e) => patch('survey', { enabled: e.currentTarget.checked })}
        />
        <Textarea
          label={t('storeSettings.surveyTemplate')}
          description={t('storeSettings.surveyTemplateHint')}
          value={form.survey.template}
          onChange={(e) => patch('survey', { template: e.currentTarget.value })}
          autosize
          minRows={2}
        />
        <Select
          label={t('storeSettings.surveyStyle')}
          description={t('storeSettings.surveyStyleHint')}
          value={form.survey.style ?? 'list'}
          onChange={(v) => patch('survey', { style: v === 'buttons' ? 'buttons' : 'list' })}
          data={[
            { value: 'list', label: t('storeSettings.surveyStyleList') },
            { value: 'buttons', label: t('storeSettings.surveyStyleButtons') },
          ]}
          allowDeselect={false}
          maw={420}
        />
        <Textarea
          label={t('storeSettings.surveyThanks')}
          value={form.survey.thanks}
          onChange={(e) => patch('survey', { thanks: e.currentTarget.value })}
          autosize
          minRows={2}
        />
      </Section>
    </>
  );
}

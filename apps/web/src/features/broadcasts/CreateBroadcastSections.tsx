import {
  Badge,
  Button,
  FileInput,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type BodyOf,
  type broadcastEndpoints,
  type ManagedTemplate,
  renderTemplateBody,
  TEMPLATE_CONTACT_FIELDS,
} from '@sapa/contracts';
import { type Dispatch, type SetStateAction, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { formatNumber } from '../../shared/time';
import {
  useContactOptions,
  useEstimateBroadcast,
  useGroupOptions,
  type useUploadRecipientSheet,
} from './api';
import { RecipientProblems } from './RecipientProblems';
import type { RecipientProblemLine } from './recipientProblems';

/** The parts of the create-broadcast form; the modal keeps the state and checks the whole request. */

export type VariableChoice = { source: 'contact'; field: string } | { source: 'manual'; value: string };
export type When = 'now' | 'later';

/** The chosen template's category and its body with the variables as they will be filled. */
export function TemplateSummary({
  template,
  variables,
}: {
  template: ManagedTemplate;
  variables: VariableChoice[];
}) {
  const { t } = useTranslation();
  const preview = useMemo(() => {
    const values = variables.map((v) =>
      v.source === 'manual'
        ? v.value
        : `[${t(`broadcasts.contactField.${v.field}`, { defaultValue: v.field })}]`,
    );
    return renderTemplateBody(
      template.body,
      values.map((x, i) => x || template.variables[i]?.sample || ''),
    );
  }, [template, variables, t]);
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
      <Group gap="xs" mb={4}>
        <Badge variant="light">{template.category}</Badge>
        {template.subCategory ? <Badge variant="outline">{template.subCategory}</Badge> : null}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-label={t('broadcasts.preview')}>
        {preview}
      </Text>
    </Paper>
  );
}

/** Where each template variable comes from: a contact field or a typed value. */
export function VariableSources({
  template,
  variables,
  onChange,
  errorOf,
}: {
  template: ManagedTemplate;
  variables: VariableChoice[];
  onChange: Dispatch<SetStateAction<VariableChoice[]>>;
  errorOf: (index: number) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('broadcasts.variables')}
      </Text>
      {template.variables.map((v, i) => {
        const choice = variables[i] ?? { source: 'manual', value: '' };
        return (
          <Group key={v.name} gap="xs" align="flex-start" grow>
            <Select
              label={`{{${i + 1}}} ${v.name}`}
              data={[
                ...TEMPLATE_CONTACT_FIELDS.map((f) => ({
                  value: `contact:${f}`,
                  label: t(`broadcasts.contactField.${f}`),
                })),
                { value: 'manual', label: t('broadcasts.manualValue') },
              ]}
              value={choice.source === 'contact' ? `contact:${choice.field}` : 'manual'}
              onChange={(val) =>
                onChange((all) =>
                  all.map((x, j) =>
                    j === i
                      ? val?.startsWith('contact:')
                        ? { source: 'contact', field: val.slice(8) }
                        : { source: 'manual', value: '' }
                      : x,
                  ),
                )
              }
              allowDeselect={false}
            />
            {choice.source === 'manual' ? (
              <TextInput
                label={t('broadcasts.value')}
                placeholder={v.sample}
                value={choice.value}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  onChange((all) => all.map((x, j) => (j === i ? { source: 'manual', value } : x)));
                }}
                error={errorOf(i)}
              />
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}

/** Recipients: typed or pasted numbers, contacts, contact groups, an uploaded sheet, and the cost estimate. */
export function RecipientFields({
  numbers,
  onNumbers,
  numbersError,
  numberProblems,
  contactIds,
  onContactIds,
  groupIds,
  onGroupIds,
  sheetUpload,
  recipientsError,
  estimateFor,
}: {
  numbers: string;
  onNumbers: (numbers: string) => void;
  numbersError: string | undefined;
  /** Every invalid typed number with its reason. */
  numberProblems: readonly RecipientProblemLine[];
  contactIds: string[];
  onContactIds: (ids: string[]) => void;
  groupIds: string[];
  onGroupIds: (ids: string[]) => void;
  sheetUpload: ReturnType<typeof useUploadRecipientSheet>;
  recipientsError: string | undefined;
  /** The estimate's request once a sender and a template are chosen. */
  estimateFor: BodyOf<typeof broadcastEndpoints.estimate> | null;
}) {
  const { t, i18n } = useTranslation();
  const groups = useGroupOptions();
  const [contactSearch, setContactSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(contactSearch, 250);
  const contactOptions = useContactOptions(debouncedSearch);
  const [contactLabels, setContactLabels] = useState<Record<string, string>>({});
  const estimate = useEstimateBroadcast();
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('broadcasts.recipientsTitle')}
      </Text>
      <Textarea
        label={t('broadcasts.numbers')}
        description={t('broadcasts.numbersHint')}
        autosize
        minRows={2}
        maxRows={6}
        value={numbers}
        onChange={(e) => onNumbers(e.currentTarget.value)}
        error={numbersError}
      />
      <RecipientProblems testId="number-problems" problems={numberProblems} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label={t('broadcasts.contacts')}
          placeholder={contactIds.length ? undefined : t('broadcasts.contactsPlaceholder')}
          searchable
          searchValue={contactSearch}
          onSearchChange={setContactSearch}
          data={[
            ...contactIds.map((id) => ({ value: id, label: contactLabels[id] ?? id })),
            ...(contactOptions.data ?? [])
              .filter((c) => c.phone && !contactIds.includes(c.id))
              .map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` })),
          ]}
          value={contactIds}
          onChange={(ids) => {
            const labels = { ...contactLabels };
            for (const c of contactOptions.data ?? []) labels[c.id] = `${c.name} (${c.phone})`;
            setContactLabels(labels);
            onContactIds(ids);
          }}
          nothingFoundMessage={t('broadcasts.noContacts')}
          filter={({ options }) => options}
        />
        <MultiSelect
          label={t('broadcasts.groups')}
          placeholder={groupIds.length ? undefined : t('broadcasts.groupsPlaceholder')}
          data={(groups.data ?? []).map((g) => ({
            value: g.id,
            label: `${g.name} (${formatNumber(g.memberCount, i18n.language)})`,
          }))}
          value={groupIds}
          onChange={onGroupIds}
          nothingFoundMessage={t('broadcasts.noGroups')}
          searchable
        />
      </SimpleGrid>
      <FileInput
        label={t('broadcasts.sheet')}
        description={t('broadcasts.sheetHint')}
        accept=".xlsx,.xls,.csv"
        clearable
        placeholder={t('broadcasts.sheetPlaceholder')}
        onChange={(file) => (file ? sheetUpload.mutate(file) : sheetUpload.reset())}
        error={sheetUpload.error ? errorMessage(sheetUpload.error) : undefined}
      />
      {sheetUpload.data ? (
        <Text size="xs" c={sheetUpload.data.skippedRows ? 'orange' : 'dimmed'}>
          {t('broadcasts.sheetRows', {
            count: sheetUpload.data.rows,
            problems: sheetUpload.data.skippedRows,
          })}
        </Text>
      ) : null}
      {sheetUpload.data ? (
        <RecipientProblems
          color="orange"
          testId="sheet-problems"
          titleKey="broadcasts.sheetProblems"
          total={sheetUpload.data.problemCount}
          problems={sheetUpload.data.problems.map((p) => ({
            label: t('broadcasts.sheetRow', { row: p.row, value: p.value }),
            problem: p.problem,
          }))}
        />
      ) : null}
      {recipientsError ? (
        <Text size="sm" c="red" role="alert">
          {recipientsError}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          disabled={!estimateFor}
          loading={estimate.isPending}
          onClick={() => estimateFor && estimate.mutate(estimateFor)}
        >
          {t('broadcasts.estimate')}
        </Button>
        {estimate.data ? (
          <Text size="sm" c={estimate.data.sufficient ? undefined : 'red'}>
            {t('broadcasts.estimateResult', {
              count: estimate.data.recipients,
              cost: formatNumber(estimate.data.cost, i18n.language),
              balance: formatNumber(estimate.data.balance, i18n.language),
            })}
          </Text>
        ) : estimate.error ? (
          <Text size="sm" c="red">
            {errorMessage(estimate.error)}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Send now or at a date and time. */
export function ScheduleFields({
  when,
  onWhen,
  date,
  onDate,
  time,
  onTime,
  error,
}: {
  when: When;
  onWhen: (when: When) => void;
  date: string;
  onDate: (date: string) => void;
  time: string;
  onTime: (time: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Radio.Group label={t('broadcasts.when')} value={when} onChange={(v) => onWhen(v as When)}>
        <Group mt={4}>
          <Radio value="now" label={t('broadcasts.sendNow')} />
          <Radio value="later" label={t('broadcasts.scheduleLater')} />
        </Group>
      </Radio.Group>
      {when === 'later' ? (
        <SimpleGrid cols={2}>
          <TextInput
            type="date"
            label={t('broadcasts.scheduleDate')}
            required
            value={date}
            onChange={(e) => onDate(e.currentTarget.value)}
            error={error}
          />
          <TextInput
            type="time"
            label={t('broadcasts.scheduleTime')}
            required
            value={time}
            onChange={(e) => onTime(e.currentTarget.value)}
          />
        </SimpleGrid>
      ) : null}
    </>
  );
}

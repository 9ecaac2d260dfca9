import {
  ActionIcon,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  TEMPLATE_BODY_MAX,
  TEMPLATE_BUTTON_TEXT_MAX,
  TEMPLATE_BUTTONS_MAX,
  TEMPLATE_CONTACT_FIELDS,
  TEMPLATE_HEADER_TEXT_MAX,
  TEMPLATE_HEADER_TYPES,
  type TemplateButtonInput,
  type TemplateContactField,
  type TemplateHeaderType,
} from '@sapa/contracts';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DraftVariable } from './draft';
import type { Draft } from './useTemplateDraft';

/** The parts of the template form: each edits its slice of the draft and shows its field problems. */
interface SectionProps {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  err: (path: string) => string | undefined;
}

/** Select options of a catalogue prefix: the value with its translated label. */
export function useOption() {
  const { t } = useTranslation();
  return (prefix: string) => (value: string) => ({
    value,
    label: t(`waTemplates.${prefix}.${value}`, { defaultValue: value }),
  });
}

/** The header: none, text (with its counter) or a media URL. */
export function HeaderFields({ draft, set, err }: SectionProps) {
  const { t } = useTranslation();
  const option = useOption();
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('waTemplates.header')}
        </Text>
        <SegmentedControl
          aria-label={t('waTemplates.header')}
          data={TEMPLATE_HEADER_TYPES.map(option('headerTypes'))}
          value={draft.headerType}
          onChange={(v) => set({ headerType: v as TemplateHeaderType })}
        />
      </Stack>
      {draft.headerType === 'text' ? (
        <TextInput
          label={t('waTemplates.headerText')}
          required
          value={draft.headerText}
          onChange={(e) => set({ headerText: e.currentTarget.value })}
          error={err('headerText')}
          rightSection={<Counter value={draft.headerText} max={TEMPLATE_HEADER_TEXT_MAX} />}
          rightSectionWidth={72}
        />
      ) : null}
      {draft.headerType !== 'none' && draft.headerType !== 'text' ? (
        <TextInput
          label={t('waTemplates.headerMedia')}
          description={t(`waTemplates.mediaHint.${draft.headerType}`)}
          placeholder="https://"
          required
          value={draft.headerMediaUrl}
          onChange={(e) => set({ headerMediaUrl: e.currentTarget.value })}
          error={err('headerMediaUrl')}
        />
      ) : null}
    </>
  );
}

/** The body with "add variable", its counter, and each variable's name, sample and contact field. */
export function BodyFields({ draft, set, err }: SectionProps) {
  const { t } = useTranslation();
  const option = useOption();
  const setVariable = (i: number, patch: Partial<DraftVariable>) =>
    set({ variables: draft.variables.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  const addVariable = () => {
    const n = draft.variables.length + 1;
    set({ body: `${draft.body}${draft.body && !draft.body.endsWith(' ') ? ' ' : ''}{{${n}}}` });
  };

  return (
    <>
      <Textarea
        label={t('waTemplates.body')}
        description={t('waTemplates.bodyHint')}
        required
        autosize
        minRows={4}
        value={draft.body}
        onChange={(e) => set({ body: e.currentTarget.value })}
        error={err('body')}
      />
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={addVariable}
        >
          {t('waTemplates.addVariable')}
        </Button>
        <Counter value={draft.body} max={TEMPLATE_BODY_MAX} />
      </Group>
      {draft.variables.length ? (
        <Stack gap="xs" data-testid="template-variables">
          <Text size="sm" fw={500}>
            {t('waTemplates.variables')}
          </Text>
          {draft.variables.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: variables are positional
            <Group key={i} grow align="flex-start" gap="xs">
              <TextInput
                label={t('waTemplates.variableName', { n: i + 1 })}
                value={v.name}
                onChange={(e) => setVariable(i, { name: e.currentTarget.value })}
                error={err(`variables.${i}.name`)}
                disabled={/[A-Za-z_]/.test(v.name) && draft.body.includes(`{{${v.name}}}`)}
              />
              <TextInput
                label={t('waTemplates.sample', { n: i + 1 })}
                required
                value={v.sample}
                onChange={(e) => setVariable(i, { sample: e.currentTarget.value })}
                error={err(`variables.${i}.sample`)}
              />
              <Select
                label={t('waTemplates.contactField')}
                placeholder={t('waTemplates.manualValue')}
                clearable
                data={TEMPLATE_CONTACT_FIELDS.map(option('contactFields'))}
                value={v.contactField}
                onChange={(f) => setVariable(i, { contactField: f as TemplateContactField | null })}
                error={err(`variables.${i}.contactField`)}
              />
            </Group>
          ))}
        </Stack>
      ) : null}
    </>
  );
}

/** The buttons: add by type (up to the maximum), edit, remove. */
export function ButtonFields({ draft, set, err }: SectionProps) {
  const { t } = useTranslation();
  const option = useOption();
  const setButton = (i: number, patch: Partial<TemplateButtonInput>) =>
    set({ buttons: draft.buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('waTemplates.buttons')}
        </Text>
        <Select
          size="xs"
          w={200}
          placeholder={t('waTemplates.addButton')}
          aria-label={t('waTemplates.addButton')}
          data={(['QUICK_REPLY', 'PHONE_NUMBER', 'URL'] as const).map(option('buttonTypes'))}
          value={null}
          disabled={draft.buttons.length >= TEMPLATE_BUTTONS_MAX}
          onChange={(type) =>
            type &&
            set({
              buttons: [...draft.buttons, { type: type as TemplateButtonInput['type'], text: '' }],
            })
          }
        />
      </Group>
      {err('buttons') ? (
        <Text size="xs" c="red">
          {err('buttons')}
        </Text>
      ) : null}
      {draft.buttons.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id while edited
        <Group key={i} align="flex-start" gap="xs" wrap="nowrap" data-testid="template-button">
          <Text size="xs" c="dimmed" w={90} pt={30}>
            {t(`waTemplates.buttonTypes.${b.type}`)}
          </Text>
          <TextInput
            style={{ flex: 1 }}
            label={t('waTemplates.buttonText')}
            required
            maxLength={TEMPLATE_BUTTON_TEXT_MAX + 5}
            value={b.text}
            onChange={(e) => setButton(i, { text: e.currentTarget.value })}
            error={err(`buttons.${i}.text`)}
          />
          {b.type === 'PHONE_NUMBER' ? (
            <TextInput
              style={{ flex: 1 }}
              label={t('waTemplates.buttonPhone')}
              placeholder="628123456789"
              required
              value={b.phoneNumber ?? ''}
              onChange={(e) => setButton(i, { phoneNumber: e.currentTarget.value })}
              error={err(`buttons.${i}.phoneNumber`)}
            />
          ) : null}
          {b.type === 'URL' ? (
            <TextInput
              style={{ flex: 1 }}
              label={t('waTemplates.buttonUrl')}
              placeholder="https://"
              required
              value={b.url ?? ''}
              onChange={(e) => setButton(i, { url: e.currentTarget.value })}
              error={err(`buttons.${i}.url`)}
            />
          ) : null}
          <ActionIcon
            mt={26}
            variant="subtle"
            color="gray"
            aria-label={t('waTemplates.removeButton', { n: i + 1 })}
            onClick={() => set({ buttons: draft.buttons.filter((_, j) => j !== i) })}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <Text size="xs" c={value.length > max ? 'red' : 'dimmed'}>
      {value.length}/{max}
    </Text>
  );
}

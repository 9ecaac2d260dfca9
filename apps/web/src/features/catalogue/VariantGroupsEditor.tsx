import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { VARIANT_GROUPS_MAX, VARIANT_OPTIONS_MAX } from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../shared/forms/useMessage';
import {
  canAddGroup,
  canAddOption,
  emptyGroup,
  emptyOption,
  type GroupDraft,
  type ProductDraft,
} from './productDraft';

interface Props {
  draft: ProductDraft;
  onChange: (groups: GroupDraft[]) => void;
  /** Problems by full path, shown once the seller tried to save. */
  problems: Record<string, string>;
}

/** 001 §3 variants: up to 3 groups, each with a required flag, single or multiple choice and up to 10 options. */
export function VariantGroupsEditor({ draft, onChange, problems }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const groups = draft.variantGroups;
  const setGroup = (i: number, group: GroupDraft) => onChange(groups.map((g, j) => (j === i ? group : g)));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Stack gap={0}>
          <Text fw={600}>{t('catalogue.variants.title')}</Text>
          <Text size="xs" c="dimmed">
            {t('catalogue.variants.hint', { groups: VARIANT_GROUPS_MAX, options: VARIANT_OPTIONS_MAX })}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={!canAddGroup(draft)}
          onClick={() => onChange([...groups, emptyGroup()])}
        >
          {t('catalogue.variants.addGroup')}
        </Button>
      </Group>
      {!canAddGroup(draft) ? (
        <Text size="xs" c="dimmed">
          {message('catalogue.tooManyGroups')}
        </Text>
      ) : null}
      {problems.variantGroups ? (
        <Text size="sm" c="red">
          {message(problems.variantGroups)}
        </Text>
      ) : null}
      {groups.map((group, i) => (
        <GroupEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: drafts have no id until saved; order is the identity
          key={i}
          index={i}
          group={group}
          problems={problems}
          onChange={(g) => setGroup(i, g)}
          onRemove={() => onChange(groups.filter((_, j) => j !== i))}
        />
      ))}
    </Stack>
  );
}

function GroupEditor({
  index,
  group,
  problems,
  onChange,
  onRemove,
}: {
  index: number;
  group: GroupDraft;
  problems: Record<string, string>;
  onChange: (g: GroupDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const at = (rest: string) => message(problems[`variantGroups.${index}.${rest}`]);
  const setOption = (j: number, patch: Partial<GroupDraft['options'][number]>) =>
    onChange({ ...group, options: group.options.map((o, k) => (k === j ? { ...o, ...patch } : o)) });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="variant-group">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('catalogue.variants.groupName')}
            placeholder={t('catalogue.variants.groupNamePlaceholder')}
            value={group.name}
            onChange={(e) => onChange({ ...group, name: e.currentTarget.value })}
            error={at('name')}
            style={{ flex: 1, minWidth: 180 }}
          />
          <SegmentedControl
            aria-label={t('catalogue.variants.selection')}
            value={group.multiple ? 'multiple' : 'single'}
            onChange={(v) => onChange({ ...group, multiple: v === 'multiple' })}
            data={[
              { value: 'single', label: t('catalogue.variants.single') },
              { value: 'multiple', label: t('catalogue.variants.multiple') },
            ]}
          />
          <Switch
            label={t('catalogue.variants.required')}
            checked={group.required}
            onChange={(e) => onChange({ ...group, required: e.currentTarget.checked })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('catalogue.variants.removeGroup')}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        {at('options') ? (
          <Text size="sm" c="red">
            {at('options')}
          </Text>
        ) : null}
        {group.options.map((option, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order is the identity of an unsaved option
          <Group key={j} gap="xs" align="flex-start" wrap="wrap" data-testid="variant-option">
            <TextInput
              aria-label={t('catalogue.variants.optionName')}
              placeholder={t('catalogue.variants.optionName')}
              value={option.name}
              onChange={(e) => setOption(j, { name: e.currentTarget.value })}
              error={at(`options.${j}.name`)}
              style={{ flex: '1 1 180px' }}
            />
            <NumberInput
              aria-label={t('catalogue.variants.extraPrice')}
              placeholder={t('catalogue.variants.extraPrice')}
              prefix="Rp "
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              value={option.extraPrice}
              onChange={(v) => setOption(j, { extraPrice: typeof v === 'number' ? v : '' })}
              error={at(`options.${j}.extraPrice`)}
              w={130}
            />
            <Checkbox
              mt={8}
              label={t('catalogue.variants.available')}
              checked={option.available}
              onChange={(e) => setOption(j, { available: e.currentTarget.checked })}
            />
            <ActionIcon
              mt={4}
              variant="subtle"
              color="gray"
              aria-label={t('catalogue.variants.removeOption')}
              disabled={group.options.length === 1}
              onClick={() => onChange({ ...group, options: group.options.filter((_, k) => k !== j) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group gap="xs">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={!canAddOption(group)}
            onClick={() => onChange({ ...group, options: [...group.options, emptyOption()] })}
          >
            {t('catalogue.variants.addOption')}
          </Button>
          {!canAddOption(group) ? (
            <Text size="xs" c="dimmed">
              {message('catalogue.tooManyOptions')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

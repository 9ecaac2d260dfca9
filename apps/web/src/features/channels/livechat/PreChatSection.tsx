import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { LIVECHAT_LIMITS, PRECHAT_CUSTOMIZED_DATA, type PreChatCustomizedData } from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CountedInput, type SectionProps } from './fields';
import { type LivechatValues, newPreChatRow, type PreChatRow, takenCustomizedData } from './form';

const MAX = LIVECHAT_LIMITS.preChatExtraMax;

/**
 * The pre-chat form (001 §3/§5): up to 3 extra components, each a label and a customized-data choice that
 * another row has not taken, plus the consent text visitors agree to.
 */
export function PreChatSection({ values, set, error }: SectionProps<LivechatValues>) {
  const { t } = useTranslation();
  const rows = values.fields;
  const update = (key: string, patch: Partial<PreChatRow>) =>
    set({ fields: rows.map((row) => (row.key === key ? { ...row, ...patch } : row)) });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('livechatSettings.preChatHint')} {t('livechatSettings.asWrittenHint')}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" fs="italic">
          {t('livechatSettings.noComponents')}
        </Text>
      ) : null}
      {rows.map((row, index) => {
        const n = index + 1;
        const taken = takenCustomizedData(rows, row.key);
        return (
          <Paper
            key={row.key}
            withBorder
            radius="md"
            p="sm"
            component="fieldset"
            aria-label={t('livechatSettings.componentN', { n })}
            style={{ margin: 0, minWidth: 0 }}
          >
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                {t('livechatSettings.componentN', { n })}
              </Text>
              <Tooltip label={t('livechatSettings.removeComponent', { n })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('livechatSettings.removeComponent', { n })}
                  onClick={() => set({ fields: rows.filter((other) => other.key !== row.key) })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Group grow align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                miw={180}
                label={t('livechatSettings.label')}
                required
                value={row.label}
                onChange={(event) => update(row.key, { label: event.currentTarget.value })}
                error={error(`preChatForm.fields.${index}.label`)}
              />
              <Select
                miw={180}
                label={t('livechatSettings.customizedData')}
                description={t('livechatSettings.customizedDataHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={t('livechatSettings.customizedDataPlaceholder')}
                required
                allowDeselect={false}
                data={PRECHAT_CUSTOMIZED_DATA.map((value) => ({
                  value,
                  label: t(`livechatSettings.customized.${value}`),
                  disabled: taken.has(value),
                }))}
                value={row.customizedData}
                onChange={(value) =>
                  update(row.key, { customizedData: value as PreChatCustomizedData | null })
                }
                error={error(`preChatForm.fields.${index}.customizedData`)}
              />
            </Group>
          </Paper>
        );
      })}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={rows.length >= MAX}
          onClick={() => set({ fields: [...rows, newPreChatRow()] })}
        >
          {t('livechatSettings.addComponent')}
        </Button>
        <Text size="sm" c={error('preChatForm.fields') ? 'red' : 'dimmed'} aria-live="polite">
          {error('preChatForm.fields') ??
            t('livechatSettings.componentsUsed', { count: rows.length, max: MAX })}
        </Text>
      </Group>
      <CountedInput
        label={t('livechatSettings.consentText')}
        hint={t('livechatSettings.consentHint')}
        value={values.consentText}
        max={LIVECHAT_LIMITS.consentMax}
        multiline
        onChange={(consentText) => set({ consentText })}
        error={error('preChatForm.consentText')}
      />
    </Stack>
  );
}

import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CHANNELS,
  type ChannelCode,
  REPLY_LIST_LABEL_MAX,
  type ReplyButtonStyle,
  type ReplyButtonsInput,
  replyButtonRuleOf,
  replyButtonsIssues,
} from '@sapa/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n';
import { limitProps } from '../../../shared/ui/limitProps';

/** The choices the agent is writing under the next message. */
export interface ReplyButtonsDraft {
  style: ReplyButtonStyle;
  listLabel: string;
  options: string[];
}

export const emptyReplyButtons = (): ReplyButtonsDraft => ({
  style: 'buttons',
  listLabel: '',
  options: ['', ''],
});

/** The channel's refusals of a draft (the same rule the server applies), for the fields and the send button. */
export function replyButtonsProblems(channel: ChannelCode, draft: ReplyButtonsDraft, text: string) {
  return replyButtonsIssues(
    channel,
    { style: draft.style, listLabel: draft.listLabel, options: draft.options.map((title) => ({ title })) },
    text,
  );
}

export function toReplyButtonsInput(draft: ReplyButtonsDraft): ReplyButtonsInput {
  return {
    style: draft.style,
    ...(draft.style === 'list' && draft.listLabel.trim() ? { listLabel: draft.listLabel.trim() } : {}),
    options: draft.options.map((o) => o.trim()),
  };
}

/**
 * Reply buttons under the next message (000 §4 channel table "reply button"): only on channels that have
 * them, with the channel's limits (WhatsApp 3 buttons of 20 or a list of 10 rows of 24; LINE, Messenger and
 * Instagram 13 of 20; Telegram and Viber 10 of 40), counted as the agent types and refused before sending.
 */
export function ReplyButtonsEditor({
  channel,
  draft,
  text,
  onChange,
  onClose,
}: {
  channel: ChannelCode;
  draft: ReplyButtonsDraft;
  text: string;
  onChange: (draft: ReplyButtonsDraft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rule = replyButtonRuleOf(channel);
  if (!rule) return null;
  const max = rule.max[draft.style] ?? 0;
  const titleMax = rule.titleMax[draft.style] ?? 0;
  const problems = replyButtonsProblems(channel, draft, text);
  const problemAt = (i: number) => problems.find((p) => p.path[0] === 'options' && p.path[1] === i);
  const tooMany = problems.find((p) => p.key === 'replyButtons.tooMany');
  const setOption = (i: number, value: string) =>
    onChange({ ...draft, options: draft.options.map((o, j) => (j === i ? value : o)) });
  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={t('replyButtons.title')}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {t('replyButtons.title')}
          </Text>
          <CloseButton size="sm" aria-label={t('replyButtons.close')} onClick={onClose} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('replyButtons.hint', { channel: CHANNELS[channel].name, max, titleMax })}
        </Text>
        {rule.styles.length > 1 ? (
          <SegmentedControl
            size="xs"
            aria-label={t('replyButtons.styleLabel')}
            value={draft.style}
            onChange={(value) => onChange({ ...draft, style: value === 'list' ? 'list' : 'buttons' })}
            data={[
              { value: 'buttons', label: t('replyButtons.styleButtons') },
              { value: 'list', label: t('replyButtons.styleList') },
            ]}
          />
        ) : null}
        {draft.style === 'list' ? (
          <TextInput
            size="xs"
            label={t('replyButtons.listLabel')}
            value={draft.listLabel}
            onChange={(event) => onChange({ ...draft, listLabel: event.currentTarget.value })}
            {...limitProps(draft.listLabel, REPLY_LIST_LABEL_MAX, t)}
          />
        ) : null}
        {draft.options.map((option, i) => {
          const problem = problemAt(i);
          const label = t('replyButtons.option', { n: i + 1 });
          const limit = limitProps(option, titleMax, t);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: choices are edited in place, by position.
            <Group key={i} gap={4} align="flex-start" wrap="nowrap">
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                aria-label={label}
                placeholder={label}
                value={option}
                onChange={(event) => setOption(i, event.currentTarget.value)}
                {...limit}
                error={
                  limit.error ??
                  (problem && problem.key !== 'replyButtons.titleRequired'
                    ? translateMessage(problem.key)
                    : undefined)
                }
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('replyButtons.remove', { n: i + 1 })}
                disabled={draft.options.length <= 1}
                onClick={() => onChange({ ...draft, options: draft.options.filter((_, j) => j !== i) })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        <Group justify="space-between" gap="xs">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={draft.options.length >= max}
            onClick={() => onChange({ ...draft, options: [...draft.options, ''] })}
          >
            {t('replyButtons.addOption')}
          </Button>
          <Text size="xs" c={tooMany ? 'red' : 'dimmed'} aria-live="polite">
            {t('replyButtons.count', { count: draft.options.length, max })}
          </Text>
        </Group>
        {tooMany ? (
          <Text size="xs" c="red" role="alert">
            {translateMessage(tooMany.key)}
          </Text>
        ) : null}
        {problems.find((p) => p.key === 'replyButtons.textTooLong') ? (
          <Text size="xs" c="red" role="alert">
            {translateMessage('replyButtons.textTooLong')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

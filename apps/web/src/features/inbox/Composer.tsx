import { ActionIcon, Alert, Group, Paper, SegmentedControl, Stack, Textarea, Tooltip } from '@mantine/core';
import type { Me } from '@sapa/contracts';
import { IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api';
import { translateMessage } from '../../shared/i18n';
import { useSendMessage } from './api';
import { EmojiPicker } from './EmojiPicker';

const MAX_LENGTH = 4096;

/** The reply box: message or internal note, Enter sends, Shift+Enter adds a line, a small emoji set. */
export function Composer({ ticketId, me }: { ticketId: string; me: Me }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'message' | 'note'>('message');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage();
  const creditsEmpty = send.error instanceof ApiError && send.error.body.code === 'inbox.creditsEmpty';

  const submit = () => {
    const value = text.trim();
    if (!value) return;
    send.mutate({
      ticketId,
      text: value,
      internal: mode === 'note',
      clientMessageId: crypto.randomUUID(),
      senderName: me.user.name,
      senderUserId: me.user.id,
    });
    setText('');
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const insert = (emoji: string) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`;
    setText(next.slice(0, MAX_LENGTH));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const note = mode === 'note';
  return (
    <Paper
      p="xs"
      radius={0}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      bg={note ? 'var(--mantine-color-yellow-0)' : undefined}
    >
      <Stack gap={6}>
        {creditsEmpty ? (
          <Alert color="orange" py={6} role="alert">
            {translateMessage('inbox.creditsEmpty')}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="xs">
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(value) => setMode(value === 'note' ? 'note' : 'message')}
            data={[
              { value: 'message', label: t('inbox.modeMessage') },
              { value: 'note', label: t('inbox.modeNote') },
            ]}
            aria-label={t('inbox.composerMode')}
          />
        </Group>
        <Group gap={4} align="flex-end" wrap="nowrap">
          <EmojiPicker onPick={insert} />
          <Textarea
            ref={textarea}
            aria-label={t('inbox.composerLabel')}
            placeholder={note ? t('inbox.notePlaceholder') : t('inbox.messagePlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={MAX_LENGTH}
            style={{ flex: 1 }}
          />
          <Tooltip label={note ? t('inbox.sendNote') : t('inbox.send')}>
            <ActionIcon
              size="lg"
              variant="filled"
              color={note ? 'yellow' : undefined}
              aria-label={t('inbox.send')}
              onClick={submit}
              disabled={!text.trim()}
            >
              <IconSend size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Paper>
  );
}

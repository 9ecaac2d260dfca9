import {
  ActionIcon,
  Alert,
  Box,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { CHANNELS, EMAIL_SUBJECT_MAX, MESSAGE_TEXT_MAX, type Me, replyButtonRuleOf } from '@sapa/contracts';
import { IconListDetails, IconSend, IconUpload } from '@tabler/icons-react';
import { type ClipboardEvent, type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicket } from '../../../entities/ticket';
import { ApiError } from '../../../shared/api';
import { translateMessage } from '../../../shared/i18n';
import { limitProps } from '../../../shared/ui/limitProps';
import { MacroButton } from '../../cs-library/MacroDialog';
import { QuickReplyMenu, useQuickReplySlash } from '../../cs-library/QuickReplyMenu';
import { useCsMe } from '../../teams/api';
import { flushTicketTime } from '../../ticket-forms/useTicketTimeTracker';
import { useSendMessage } from '../api';
import { AttachButton, AttachmentTray, InvalidFiles } from './AttachmentPicker';
import { channelTakesAttachments } from './attachments';
import { EmojiPicker } from './EmojiPicker';
import {
  emptyReplyButtons,
  type ReplyButtonsDraft,
  ReplyButtonsEditor,
  replyButtonsProblems,
  toReplyButtonsInput,
} from './ReplyButtonsEditor';
import { useAttachmentTray } from './useAttachmentTray';

/**
 * The reply box: message or internal note, Enter sends, Shift+Enter adds a line, a small emoji set; files
 * by the paperclip, drag and drop or paste (the text is then the caption of the first file).
 */
export function Composer({ ticketId, me }: { ticketId: string; me: Me }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'message' | 'note'>('message');
  // 000 §6: Supervisor 1 cannot reply to customers; internal notes stay open to them.
  const csMe = useCsMe().data;
  const notesOnly = csMe?.capabilities.canReply === false;
  // 000 §3 chat-room display settings: the emoji picker and attachments only when the business shows them.
  const showEmoji = csMe?.chatroom.emoji ?? false;
  useEffect(() => {
    if (notesOnly) setMode('note');
  }, [notesOnly]);
  const [dragging, setDragging] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage();
  const channel = useTicket(ticketId).data?.channel;
  // Email tickets (000 §5 Cc; 001 §9 subject): the next email's Cc and, when wanted, its own subject.
  const [email, setEmail] = useState({ cc: '', subject: '' });
  const tray = useAttachmentTray(ticketId, channel);
  const canAttach = !!channel && channelTakesAttachments(channel) && (csMe?.chatroom.attachment ?? false);
  // "/" opens the quick-reply search (001 §3 quick reply).
  const slash = useQuickReplySlash({ text, setText, ticketId, me, textarea });
  // Reply buttons under the next message, where the channel table allows them (000 §4).
  const [buttons, setButtons] = useState<ReplyButtonsDraft | null>(null);
  const canButton = !!channel && replyButtonRuleOf(channel) !== null;
  const withButtons = buttons && channel && mode === 'message' && tray.items.length === 0 ? buttons : null;
  const buttonProblems =
    withButtons && channel ? replyButtonsProblems(channel, withButtons, text.trim()) : [];
  const creditsEmpty = send.error instanceof ApiError && send.error.body.code === 'inbox.creditsEmpty';

  // The text rides on the first file that can carry a caption (unless a retried batch already has one);
  // otherwise it goes as its own message. As a caption it has the channel's limit (000 §5: 512 on Telegram).
  const captioned =
    tray.items.length > 0 && tray.captionTaken && !tray.items.some((item) => item.caption !== null);
  const max =
    captioned && channel ? Math.min(MESSAGE_TEXT_MAX, CHANNELS[channel].captionLimit) : MESSAGE_TEXT_MAX;
  const limit = limitProps(text, max, t);
  const submit = () => {
    const value = text.trim();
    // Over the limit nothing is sent and nothing is cut: the counter says by how much (issue 16 §3).
    if (limit.error) return;
    if (buttonProblems.length > 0) return;
    if (tray.items.length > 0) {
      if (tray.busy) return;
      // An email goes as one: its files, the text, Cc and subject together (000 §5).
      if (channel === 'EML' && mode !== 'note') {
        const subject = email.subject.trim() || undefined;
        void tray.sendAll({ caption: value, internal: false, email: { emailCc: email.cc, subject } });
        setText('');
        setEmail({ cc: '', subject: '' });
        return;
      }
      if (value && !captioned) sendText(value);
      void tray.sendAll({ caption: captioned ? value : '', internal: mode === 'note' });
      if (value) setText('');
      textarea.current?.focus();
      return;
    }
    if (!value) return;
    sendText(value);
    setText('');
    textarea.current?.focus();
  };

  const sendText = (value: string) => {
    const asEmail = channel === 'EML' && mode !== 'note';
    send.mutate({
      ticketId,
      text: value,
      internal: mode === 'note',
      clientMessageId: crypto.randomUUID(),
      senderName: me.user.name,
      senderUserId: me.user.id,
      ...(asEmail ? { email: { emailCc: email.cc, subject: email.subject.trim() || undefined } } : {}),
      ...(withButtons ? { replyButtons: toReplyButtonsInput(withButtons) } : {}),
    });
    if (asEmail) setEmail({ cc: '', subject: '' });
    if (withButtons) setButtons(null);
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (!canAttach || files.length === 0) return;
    event.preventDefault();
    void tray.addFiles(files);
  };
  const hasFiles = (event: DragEvent) => canAttach && event.dataTransfer.types.includes('Files');
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setDragging(false);
    if (!hasFiles(event)) return;
    event.preventDefault();
    void tray.addFiles([...event.dataTransfer.files]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(event)) return;
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
    setText(next);
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
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', position: 'relative' }}
      bg={note ? 'var(--mantine-color-yellow-0)' : undefined}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      {dragging ? (
        <Box
          style={{
            position: 'absolute',
            inset: 4,
            zIndex: 2,
            display: 'grid',
            placeItems: 'center',
            border: '2px dashed var(--mantine-primary-color-filled)',
            borderRadius: 8,
            background: 'color-mix(in srgb, var(--mantine-color-body) 90%, transparent)',
            pointerEvents: 'none',
          }}
        >
          <Group gap={6}>
            <IconUpload size={18} aria-hidden />
            <Text size="sm" fw={500}>
              {t('attachments.dropHere')}
            </Text>
          </Group>
        </Box>
      ) : null}
      <Stack gap={6}>
        {channel === 'EML' && !note ? (
          <Group gap="xs" grow>
            <TextInput
              size="xs"
              label={t('channels.email.cc')}
              placeholder={t('channels.email.ccHint')}
              value={email.cc}
              onChange={(event) => {
                const cc = event.currentTarget.value;
                setEmail((current) => ({ ...current, cc }));
              }}
            />
            <TextInput
              size="xs"
              label={t('channels.email.subject')}
              maxLength={EMAIL_SUBJECT_MAX}
              value={email.subject}
              onChange={(event) => {
                const subject = event.currentTarget.value;
                setEmail((current) => ({ ...current, subject }));
              }}
            />
          </Group>
        ) : null}
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
              { value: 'message', label: t('inbox.modeMessage'), disabled: notesOnly },
              { value: 'note', label: t('inbox.modeNote') },
            ]}
            aria-label={t('inbox.composerMode')}
          />
        </Group>
        <InvalidFiles items={tray.invalid} onDismiss={tray.dismissInvalid} />
        <AttachmentTray
          items={tray.items}
          busy={tray.busy}
          onRemove={tray.remove}
          onRetry={() => void tray.sendAll({ caption: '', internal: mode === 'note' })}
        />
        {withButtons && channel ? (
          <ReplyButtonsEditor
            channel={channel}
            draft={withButtons}
            text={text.trim()}
            onChange={setButtons}
            onClose={() => setButtons(null)}
          />
        ) : null}
        <QuickReplyMenu slash={slash} />
        <Group gap={4} align="flex-end" wrap="nowrap">
          {showEmoji ? <EmojiPicker onPick={insert} /> : null}
          <MacroButton ticketId={ticketId} onApplied={() => flushTicketTime(ticketId)} />
          {canButton && !note && tray.items.length === 0 ? (
            <Tooltip label={t('replyButtons.add')}>
              <ActionIcon
                size="lg"
                variant={buttons ? 'light' : 'subtle'}
                color="gray"
                aria-label={t('replyButtons.add')}
                aria-pressed={buttons !== null}
                onClick={() => setButtons((current) => (current ? null : emptyReplyButtons()))}
              >
                <IconListDetails size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canAttach ? (
            <AttachButton
              channel={channel}
              disabled={tray.busy}
              onFiles={(files) => void tray.addFiles(files)}
            />
          ) : null}
          <Textarea
            ref={textarea}
            {...slash.inputProps}
            aria-label={t('inbox.composerLabel')}
            placeholder={note ? t('inbox.notePlaceholder') : t('inbox.messagePlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            autosize
            minRows={1}
            maxRows={6}
            {...limit}
            style={{ flex: 1 }}
          />
          <Tooltip label={note ? t('inbox.sendNote') : t('inbox.send')}>
            <ActionIcon
              size="lg"
              variant="filled"
              color={note ? 'yellow' : undefined}
              aria-label={t('inbox.send')}
              onClick={submit}
              disabled={
                (!text.trim() && tray.items.length === 0) ||
                tray.busy ||
                Boolean(limit.error) ||
                buttonProblems.length > 0
              }
            >
              <IconSend size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Paper>
  );
}

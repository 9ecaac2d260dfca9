import {
  ActionIcon,
  Alert,
  Box,
  Button,
  CloseButton,
  Group,
  Image,
  List,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { type AttachmentKind, type ChannelCode, translate } from '@sapa/contracts';
import {
  IconAlertTriangle,
  IconFileText,
  IconHeadphones,
  IconMovie,
  IconPaperclip,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n';
import { acceptOf, formatBytes } from './attachments';
import type { InvalidItem, TrayItem } from './useAttachmentTray';

const KIND_ICON: Record<Exclude<AttachmentKind, 'image'>, typeof IconFileText> = {
  audio: IconHeadphones,
  video: IconMovie,
  document: IconFileText,
};

/** The paperclip: opens the file picker (several files; the channel's extensions as a hint). */
export function AttachButton({
  channel,
  disabled,
  onFiles,
}: {
  channel: ChannelCode;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Tooltip label={t('attachments.attach')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('attachments.attach')}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          <IconPaperclip size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptOf(channel)}
        aria-label={t('attachments.chooseFiles')}
        data-testid="attachment-input"
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}

function Thumbnail({ item }: { item: TrayItem }) {
  const { t } = useTranslation();
  if (item.previewUrl) {
    return (
      <Image src={item.previewUrl} alt={t('attachments.preview')} w={48} h={48} radius="sm" fit="cover" />
    );
  }
  const Icon = KIND_ICON[item.kind as Exclude<AttachmentKind, 'image'>] ?? IconFileText;
  return (
    <Box
      w={48}
      h={48}
      style={{
        display: 'grid',
        placeItems: 'center',
        borderRadius: 4,
        background: 'var(--mantine-color-gray-1)',
        flexShrink: 0,
      }}
    >
      <Icon size={24} aria-hidden />
    </Box>
  );
}

function TrayCard({ item, busy, onRemove }: { item: TrayItem; busy: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const working = item.status === 'uploading' || item.status === 'sending';
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      w={220}
      style={{ flexShrink: 0 }}
      role="listitem"
      aria-label={item.storedName}
      data-testid="attachment-item"
      data-status={item.status}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Thumbnail item={item} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          {/* The normalised name; the full stored name (with its timestamp prefix) on hover and to readers. */}
          <Text size="xs" fw={500} truncate="end" title={item.storedName}>
            {item.storedName.replace(/^\d+_/, '')}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`attachments.kind.${item.kind}`)} · {formatBytes(item.file.size)}
            {item.caption ? ` · ${t('attachments.withCaption')}` : ''}
          </Text>
          {working ? (
            <Progress
              size="sm"
              value={item.status === 'sending' ? 100 : Math.round(item.progress * 100)}
              animated={item.status === 'sending'}
              aria-label={t(item.status === 'sending' ? 'attachments.sending' : 'attachments.uploading')}
            />
          ) : null}
          {item.status === 'failed' && item.error ? (
            <Text size="xs" c="red.7" role="alert">
              {item.error}
            </Text>
          ) : null}
        </Stack>
        <CloseButton
          size="sm"
          aria-label={t('attachments.remove', { name: item.storedName })}
          disabled={busy}
          onClick={onRemove}
        />
      </Group>
    </Paper>
  );
}

/** The files waiting to be sent: thumbnails, the stored-name preview, size, progress, failure and retry. */
export function AttachmentTray({
  items,
  busy,
  onRemove,
  onRetry,
}: {
  items: TrayItem[];
  busy: boolean;
  onRemove: (key: string) => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const failed = items.some((item) => item.status === 'failed');
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('attachments.count', { count: items.length })}
        </Text>
        {failed && !busy ? (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={12} aria-hidden />}
            onClick={onRetry}
          >
            {t('attachments.retry')}
          </Button>
        ) : null}
      </Group>
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap={6} wrap="nowrap" role="list" aria-label={t('attachments.listLabel')}>
          {items.map((item) => (
            <TrayCard key={item.key} item={item} busy={busy} onRemove={() => onRemove(item.key)} />
          ))}
        </Group>
      </ScrollArea>
    </Stack>
  );
}

/** Files that cannot be sent on this channel, each with its reason (000 §5 "an invalid list"). */
export function InvalidFiles({ items, onDismiss }: { items: InvalidItem[]; onDismiss: () => void }) {
  // useTranslation re-renders the list when the language changes.
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const language = currentLanguage();
  return (
    <Alert
      color="red"
      py={6}
      title={
        <Group gap={6} wrap="nowrap">
          <IconAlertTriangle size={16} aria-hidden />
          {t('attachments.invalidTitle', { count: items.length })}
        </Group>
      }
      withCloseButton
      closeButtonLabel={t('attachments.dismissInvalid')}
      onClose={onDismiss}
      data-testid="invalid-files"
    >
      <List size="xs" spacing={2} aria-label={t('attachments.invalidTitle', { count: items.length })}>
        {items.map((item) => (
          <List.Item key={item.key} icon={<IconX size={12} aria-hidden />}>
            <Text span size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
            <Text span size="xs">
              {' — '}
              {translate(item.reason, language, item.params)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

import { Anchor, Box, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { isMessageKey, type Message, replyButtonsOf, tappedReplyOf } from '@sapa/contracts';
import {
  IconFileText,
  IconHandFinger,
  IconListDetails,
  IconLock,
  IconMapPin,
  IconRefresh,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaUrl } from '../../../shared/api';
import { translateMessage } from '../../../shared/i18n';
import { bubbleTime } from '../time';
import { DeliveryTicks } from './DeliveryTicks';
import { EmailContent } from './EmailContent';

/**
 * The reply buttons a message carried (as the customer saw them: buttons, or a list behind its button), or, on
 * the customer's answer, that it was a tap rather than typed text.
 */
function ReplyChoices({ message }: { message: Message }) {
  const { t } = useTranslation();
  const buttons = message.direction === 'out' ? replyButtonsOf(message.payload) : null;
  if (buttons)
    return (
      <Stack gap={2} role="group" aria-label={t('replyButtons.sentWith')} data-testid="reply-buttons">
        {buttons.style === 'list' ? (
          <Group gap={4} c="dimmed">
            <IconListDetails size={12} aria-hidden />
            <Text size="xs">{buttons.listLabel || t('replyButtons.styleList')}</Text>
          </Group>
        ) : null}
        {buttons.options.map((o) => (
          <Text
            key={o.id}
            size="xs"
            ta="center"
            px="xs"
            py={2}
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 12 }}
          >
            {o.title}
          </Text>
        ))}
      </Stack>
    );
  if (message.direction === 'in' && tappedReplyOf(message.payload))
    return (
      <Group gap={4} c="dimmed" data-testid="tapped-reply">
        <IconHandFinger size={12} aria-hidden />
        <Text size="xs">{t('replyButtons.tapped')}</Text>
      </Group>
    );
  return null;
}

/** The failure in the UI's language: the code when it is a plain catalogue message, else the server's text. */
function errorTextOf(error: { code: string; message: string }): string {
  if (isMessageKey(error.code)) {
    const text = translateMessage(error.code);
    if (!text.includes('{0}')) return text;
  }
  return translateMessage(error.message);
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** 000 §8 "chat or file load failed (retry)": the file could not be fetched; fetch it again. */
function MediaLoadFailed({ url }: { url: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Group gap={6} wrap="nowrap" data-testid="media-failed">
      <Text size="xs" c="red.7" role="alert">
        {t('attachments.loadFailed')}
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconRefresh size={12} aria-hidden />}
        onClick={() => void queryClient.refetchQueries({ queryKey: ['media', url] })}
      >
        {t('attachments.retry')}
      </Button>
    </Group>
  );
}

function MessageContent({ message }: { message: Message }) {
  const { t, i18n } = useTranslation();
  const { src, failed } = useMediaUrl(message.media?.url ?? null);
  // Media is shown once its file has been fetched with the session's token.
  const media = message.media && src ? { ...message.media, url: src } : null;
  const loadFailed = message.media && failed ? <MediaLoadFailed url={message.media.url} /> : null;
  const text = message.text ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {message.text}
    </Text>
  ) : null;
  if (message.payload?.email || message.payload?.subject !== undefined || message.payload?.emailCc)
    if (message.type === 'text') return <EmailContent message={message} />;
  switch (message.type) {
    case 'text':
      return text;
    case 'image':
    case 'sticker':
      return (
        <Stack gap={4}>
          {media ? (
            <Anchor href={media.url} target="_blank" rel="noreferrer">
              <Image
                src={media.url}
                alt={media.filename ?? t('inbox.media.image')}
                maw={message.type === 'sticker' ? 120 : 240}
                mah={240}
                radius="sm"
                fit="contain"
              />
            </Anchor>
          ) : (
            (loadFailed ?? (
              <Text size="sm" c="dimmed">
                {t('inbox.media.image')}
              </Text>
            ))
          )}
          {text}
        </Stack>
      );
    case 'audio':
      return media ? (
        // biome-ignore lint/a11y/useMediaCaption: customer voice notes have no captions
        <audio controls src={media.url} style={{ maxWidth: 240 }} aria-label={t('inbox.media.audio')} />
      ) : (
        (loadFailed ?? <Text size="sm">{t('inbox.media.audio')}</Text>)
      );
    case 'video':
      return (
        <Stack gap={4}>
          {media ? (
            // biome-ignore lint/a11y/useMediaCaption: customer videos have no captions
            <video
              controls
              src={media.url}
              style={{ maxWidth: 240, maxHeight: 240 }}
              aria-label={t('inbox.media.video')}
            />
          ) : (
            (loadFailed ?? <Text size="sm">{t('inbox.media.video')}</Text>)
          )}
          {text}
        </Stack>
      );
    case 'document':
      return (
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <IconFileText size={18} aria-hidden />
            {media ? (
              <Anchor
                href={media.url}
                download={media.filename ?? true}
                target="_blank"
                rel="noreferrer"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {media.filename ?? t('inbox.media.document')}
              </Anchor>
            ) : (
              (loadFailed ?? <Text size="sm">{t('inbox.media.document')}</Text>)
            )}
          </Group>
          {text}
        </Stack>
      );
    case 'location': {
      const lat = num(message.payload?.latitude);
      const lng = num(message.payload?.longitude);
      const name = typeof message.payload?.name === 'string' ? message.payload.name : null;
      const address = typeof message.payload?.address === 'string' ? message.payload.address : null;
      return (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden />
          <Stack gap={0}>
            {lat !== null && lng !== null ? (
              <Anchor
                href={`https://www.google.com/maps?q=${lat},${lng}`}
                target="_blank"
                rel="noreferrer"
                size="sm"
              >
                {name ?? t('inbox.media.location')}
              </Anchor>
            ) : (
              <Text size="sm">{name ?? t('inbox.media.location')}</Text>
            )}
            {address ? (
              <Text size="xs" c="dimmed">
                {address}
              </Text>
            ) : null}
          </Stack>
        </Group>
      );
    }
    case 'order': {
      // A customer's WhatsApp catalogue order: its lines by retailer id (SKU), the price WhatsApp showed.
      const items = Array.isArray(message.payload?.items)
        ? (message.payload.items as {
            retailerId: string;
            quantity: number;
            itemPrice: number;
            currency: string;
          }[])
        : [];
      return (
        <Stack gap={4} data-testid="order-message">
          <Group gap={6} wrap="nowrap">
            <IconShoppingCart size={18} aria-hidden />
            <Text size="sm" fw={600}>
              {t('inbox.media.order', { count: items.reduce((n, i) => n + i.quantity, 0) })}
            </Text>
          </Group>
          {items.map((i) => (
            <Text size="sm" key={i.retailerId}>
              {i.quantity} × {i.retailerId} · {i.currency} {i.itemPrice.toLocaleString(i18n.language)}
            </Text>
          ))}
          {text}
        </Stack>
      );
    }
    case 'unsupported':
      return (
        <Text size="sm" fs="italic" c="dimmed">
          {t('inbox.media.unsupported')}
        </Text>
      );
    default:
      return (
        text ?? (
          <Text size="sm" fs="italic" c="dimmed">
            {t(`inbox.media.${message.type}`)}
          </Text>
        )
      );
  }
}

/** One chat bubble: customer (left), agent (right), internal note (right, yellow, with a lock). */
export function MessageBubble({
  message,
  language,
  onRetry,
  retrying,
  failureAction,
  showCsName = true,
}: {
  message: Message;
  language: string;
  onRetry: (message: Message) => void;
  retrying: boolean;
  failureAction?: (message: Message) => ReactNode;
  /** 000 §3 isDisplayChatroomCSName: the agent's name over their replies (internal notes always name theirs). */
  showCsName?: boolean;
}) {
  const { t } = useTranslation();
  const outbound = message.direction === 'out';
  const internal = message.visibility === 'internal';
  const bg = internal
    ? 'var(--mantine-color-yellow-0)'
    : outbound
      ? 'var(--mantine-primary-color-0)'
      : 'var(--mantine-color-white)';
  const errorText = message.error ? errorTextOf(message.error) : null;
  return (
    <Box
      data-testid="chat-message"
      data-direction={message.direction}
      data-visibility={message.visibility}
      style={{ display: 'flex', justifyContent: outbound || internal ? 'flex-end' : 'flex-start' }}
    >
      <Paper
        px="sm"
        py={6}
        radius="md"
        withBorder
        maw="min(80%, 520px)"
        bg={bg}
        style={internal ? { borderColor: 'var(--mantine-color-yellow-4)', borderStyle: 'dashed' } : undefined}
      >
        <Stack gap={4}>
          {internal ? (
            <Group gap={4} c="yellow.9">
              <IconLock size={12} aria-hidden />
              <Text size="xs" fw={600}>
                {t('inbox.internalNote')}
                {message.senderName ? ` · ${message.senderName}` : ''}
              </Text>
            </Group>
          ) : outbound && typeof message.payload?.automatic === 'string' ? (
            <Text size="xs" c="teal.8" fw={600}>
              {t('inbox.automaticMessage')}
            </Text>
          ) : outbound && showCsName && message.senderName ? (
            <Text size="xs" c="dimmed" fw={600}>
              {message.senderName}
            </Text>
          ) : null}
          {/* Instagram: a reply to the business's story, or a mention of it in the customer's story. */}
          {message.payload?.story === 'reply' || message.payload?.story === 'mention' ? (
            <Text size="xs" c="dimmed" fs="italic" data-testid="story-label">
              {t(`inbox.story.${message.payload.story}`)}
            </Text>
          ) : null}
          <MessageContent message={message} />
          <ReplyChoices message={message} />
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {bubbleTime(message.createdAt, language)}
            </Text>
            {outbound && !internal ? <DeliveryTicks status={message.status} /> : null}
          </Group>
          {message.status === 'failed' ? (
            <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="xs" c="red.7" role="alert" style={{ minWidth: 0 }}>
                {errorText ?? t('inbox.sendFailed')}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={12} aria-hidden />}
                loading={retrying}
                style={{ flexShrink: 0 }}
                onClick={() => onRetry(message)}
              >
                {t('inbox.retry')}
              </Button>
            </Group>
          ) : null}
          {message.status === 'failed' ? failureAction?.(message) : null}
        </Stack>
      </Paper>
    </Box>
  );
}

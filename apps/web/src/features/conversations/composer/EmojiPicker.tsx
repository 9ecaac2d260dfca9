import { ActionIcon, Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const EMOJIS = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😉',
  '😎',
  '🤔',
  '😅',
  '😢',
  '😭',
  '😡',
  '😱',
  '🙏',
  '👍',
  '👎',
  '👌',
  '👏',
  '🙌',
  '💪',
  '🤝',
  '👋',
  '❤️',
  '💔',
  '🔥',
  '✨',
  '🎉',
  '🎁',
  '✅',
  '❌',
  '⭐',
  '💯',
  '📦',
  '🚚',
  '💰',
  '🛒',
  '📞',
  '⏰',
];

/** A small built-in emoji set for the composer. */
export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('inbox.emoji')}
          disabled={disabled}
          onClick={() => setOpened((o) => !o)}
        >
          <IconMoodSmile size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <SimpleGrid cols={8} spacing={2} role="group" aria-label={t('inbox.emoji')}>
          {EMOJIS.map((emoji) => (
            <UnstyledButton
              key={emoji}
              aria-label={emoji}
              onClick={() => {
                onPick(emoji);
                setOpened(false);
              }}
              style={{ fontSize: 20, lineHeight: '28px', width: 28, textAlign: 'center', borderRadius: 4 }}
            >
              {emoji}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}

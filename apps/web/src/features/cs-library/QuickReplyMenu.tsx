import { Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { fillReplyVariables, type LibraryEntry, type Me } from '@sapa/contracts';
import { type KeyboardEvent, type RefObject, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicket } from '../../entities/ticket';
import { useLibrary } from './api';
import { replyValuesOf } from './macroText';
import { matchQuickReplies, slashQuery } from './slash';

export interface QuickReplySlash {
  open: boolean;
  items: LibraryEntry[];
  active: number;
  loading: boolean;
  listId: string;
  optionId: (index: number) => string;
  pick: (entry: LibraryEntry) => void;
  /** Handles the menu's keys; true when the key was used (the composer then does nothing with it). */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** ARIA attributes for the composer's textarea (a combobox while the menu is open). */
  inputProps: Record<string, string | boolean | undefined>;
}

/**
 * Typing "/" at the start of the composer opens a quick-reply search (001 §3 quick reply): arrows move,
 * Enter or Tab inserts the content with the contact variables filled ({{name}}, {{phone}}, {{ticket}},
 * {{agent}}), Escape closes.
 */
export function useQuickReplySlash(options: {
  text: string;
  setText: (text: string) => void;
  ticketId: string;
  me: Me;
  textarea: RefObject<HTMLTextAreaElement | null>;
}): QuickReplySlash {
  const { text, setText, ticketId, me, textarea } = options;
  const query = slashQuery(text);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const open = query !== null && dismissed !== text;
  const replies = useLibrary('quick-replies', '', query !== null);
  const ticket = useTicket(ticketId).data;
  const items = useMemo(
    () => (open ? matchQuickReplies(replies.data ?? [], query ?? '') : []),
    [open, replies.data, query],
  );
  // The highlighted option; back to the first whenever the search changes.
  const [cursor, setCursor] = useState({ query, index: 0 });
  const active = cursor.query === query ? Math.min(cursor.index, Math.max(items.length - 1, 0)) : 0;
  const listId = useId();

  const pick = (entry: LibraryEntry) => {
    const filled = fillReplyVariables(entry.content ?? '', replyValuesOf(ticket, me.user.name));
    setText(filled);
    requestAnimationFrame(() => {
      const el = textarea.current;
      el?.focus();
      el?.setSelectionRange(filled.length, filled.length);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || event.nativeEvent.isComposing) return false;
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(text);
      return true;
    }
    if (items.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setCursor({ query, index: (active + step + items.length) % items.length });
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      event.preventDefault();
      const entry = items[Math.min(active, items.length - 1)];
      if (entry) pick(entry);
      return true;
    }
    return false;
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return {
    open,
    items,
    active,
    loading: replies.isPending,
    listId,
    optionId,
    pick,
    onKeyDown,
    inputProps: open
      ? {
          role: 'combobox',
          'aria-expanded': true,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-activedescendant': items.length ? optionId(active) : undefined,
        }
      : {},
  };
}

/** The quick-reply list above the composer while "/" is typed. */
export function QuickReplyMenu({ slash }: { slash: QuickReplySlash }) {
  const { t } = useTranslation();
  if (!slash.open) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p={4}
      data-testid="quick-reply-menu"
      style={{ position: 'absolute', left: 8, right: 8, bottom: '100%', marginBottom: 4, zIndex: 3 }}
    >
      <Text size="xs" c="dimmed" px={8} pt={4} pb={2}>
        {t('csLibrary.slash.title')}
      </Text>
      {slash.loading ? (
        <Text size="sm" px={8} py={6}>
          {t('common.loading')}
        </Text>
      ) : slash.items.length === 0 ? (
        <Text size="sm" px={8} py={6} c="dimmed">
          {t('csLibrary.slash.none')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260}>
          <Stack gap={2} id={slash.listId} role="listbox" aria-label={t('csLibrary.slash.title')}>
            {slash.items.map((entry, index) => (
              <UnstyledButton
                key={entry.id}
                id={slash.optionId(index)}
                role="option"
                aria-selected={index === slash.active}
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => slash.pick(entry)}
                px={8}
                py={6}
                style={{
                  borderRadius: 6,
                  background: index === slash.active ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Text size="sm" fw={600} truncate>
                  /{entry.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {entry.content}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Text size="xs" c="dimmed" px={8} pb={2}>
        {t('csLibrary.slash.keys')}
      </Text>
    </Paper>
  );
}

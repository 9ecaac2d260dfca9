import { Anchor, Loader, Select, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  TICKET_REMARKS_MAX,
  TICKET_TAG_MAX,
  TICKET_TAGS_MAX,
  type TicketPropertiesInput,
  type TicketSummary,
} from '@sapa/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketTags } from '../../../entities/ticket';
import { errorMessage } from '../../../shared/api';
import { limitProps } from '../../../shared/ui/limitProps';
import { RemarkSuggestions, useTagSuggestions } from '../../cs-library/Suggestions';
import { CategoryManager } from './CategoryManager';
import { useTicketCategories, useUpdateTicketProperties } from './panelApi';

const PRIORITIES = [1, 2, 3] as const;

/**
 * The "Ticket" section of the chat room's side panel (000 §2 inbox; §3 Ticket; §7 chatRoom/priority and
 * chatRoom/category): priority, tags with suggestions, remarks (saved on blur or Enter) and category.
 * Every change is saved at once; other agents' changes arrive through the ticket cache.
 */
export function TicketPropertiesPanel({
  ticket,
  disabled,
  canManageCategories,
}: {
  ticket: TicketSummary;
  /** The user may read the inbox but not change tickets. */
  disabled: boolean;
  canManageCategories: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateTicketProperties();
  const tags = useTicketTags();
  const categories = useTicketCategories();
  // Tags in use merged with the business's chat tags (001 §3 chat tag).
  const tagSuggestions = useTagSuggestions(tags.data);
  const [managerOpened, manager] = useDisclosure(false);
  const save = (changes: TicketPropertiesInput) => update.mutate({ ticketId: ticket.id, changes });

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  // A category another agent just set may not be in the loaded list yet.
  if (ticket.categoryId && ticket.categoryName && !categoryOptions.some((o) => o.value === ticket.categoryId))
    categoryOptions.push({ value: ticket.categoryId, label: ticket.categoryName });

  return (
    <Stack gap="sm" data-testid="ticket-properties">
      <Select
        size="xs"
        label={t('ticketPanel.priority')}
        data={PRIORITIES.map((p) => ({ value: String(p), label: t(`inbox.priority.${p}`) }))}
        value={String(ticket.priority)}
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => {
          const priority = Number(value);
          if ((priority === 1 || priority === 2 || priority === 3) && priority !== ticket.priority)
            save({ priority });
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <TagsInput
        size="xs"
        label={t('ticketPanel.tags')}
        description={t('ticketPanel.tagsHint')}
        placeholder={ticket.tags.length < TICKET_TAGS_MAX ? t('ticketPanel.addTag') : undefined}
        data={tagSuggestions}
        value={ticket.tags}
        maxTags={TICKET_TAGS_MAX}
        maxLength={TICKET_TAG_MAX}
        onChange={(next) => save({ tags: next })}
        disabled={disabled}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <RemarksField
        ticket={ticket}
        disabled={disabled}
        onSave={(remarks) => save({ remarks })}
        saving={update.isPending}
      />
      <RemarkSuggestions disabled={disabled} onPick={(content) => save({ remarks: content })} />
      <div>
        <Select
          size="xs"
          label={t('ticketPanel.category')}
          placeholder={
            categories.isPending
              ? t('common.loading')
              : categoryOptions.length
                ? t('ticketPanel.chooseCategory')
                : t('ticketPanel.noCategories')
          }
          data={categoryOptions}
          value={ticket.categoryId}
          onChange={(value) => {
            if (value !== ticket.categoryId) save({ categoryId: value });
          }}
          clearable
          searchable
          disabled={disabled}
          nothingFoundMessage={t('ticketPanel.noCategoryMatch')}
          error={categories.isError ? errorMessage(categories.error) : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        {canManageCategories ? (
          <Anchor component="button" type="button" size="xs" mt={4} onClick={manager.open}>
            {t('ticketPanel.manageCategories')}
          </Anchor>
        ) : null}
      </div>
      {update.isError ? (
        <Text size="xs" c="red" role="alert">
          {errorMessage(update.error)}
        </Text>
      ) : null}
      {canManageCategories ? <CategoryManager opened={managerOpened} onClose={manager.close} /> : null}
    </Stack>
  );
}

/**
 * Remarks: saved on blur or Enter (Shift+Enter adds a line); Escape puts back the saved text. While the
 * agent is not editing, another agent's change replaces the text.
 */
function RemarksField({
  ticket,
  disabled,
  onSave,
  saving,
}: {
  ticket: TicketSummary;
  disabled: boolean;
  onSave: (remarks: string) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const saved = ticket.remarks ?? '';
  const [text, setText] = useState(saved);
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) setText(saved);
  }, [saved]);
  const commit = () => {
    editing.current = false;
    if (text.trim() !== saved) onSave(text);
  };
  return (
    <Textarea
      size="xs"
      label={t('ticketPanel.remarks')}
      {...limitProps(text, TICKET_REMARKS_MAX, t, { description: t('ticketPanel.remarksHint') })}
      placeholder={t('ticketPanel.remarksPlaceholder')}
      autosize
      minRows={2}
      maxRows={6}
      value={text}
      disabled={disabled}
      onFocus={() => {
        editing.current = true;
      }}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
          event.preventDefault();
          commit();
          editing.current = true;
        } else if (event.key === 'Escape') {
          setText(saved);
        }
      }}
      rightSection={saving ? <Loader size={12} aria-label={t('ticketPanel.saving')} /> : null}
    />
  );
}

import { ActionIcon, Box, Button, Group, Popover, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SURVEY_REMARKS_MAX, type TicketListRow } from '@sapa/contracts';
import { IconNotes } from '@tabler/icons-react';
import { type SyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api';
import { useSaveSurveyRemarks } from './api';

type Rating = NonNullable<TicketListRow['rating']>;

/** The row opens the chat on a click: nothing inside the remarks editor may reach it (portals bubble in React). */
const keepInside = (event: SyntheticEvent) => event.stopPropagation();

/**
 * 001 §3 survey rating "remarks and CS tags": the handling agent's CS tags and an agent's remarks on a rated
 * chat, written from the ticket list or the chat history.
 */
export function SurveyRemarks({ ticketId, rating }: { ticketId: string; rating: Rating }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState(rating.remarks ?? '');
  const save = useSaveSurveyRemarks(ticketId);
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => {
        setOpened(false);
        notifications.show({ color: 'green', message: t('ticketList.surveyRemarksSaved') });
      },
    });
  return (
    <Box onClick={keepInside} onKeyDown={keepInside} style={{ display: 'inline-flex' }}>
      <Popover
        opened={opened}
        onChange={setOpened}
        width={280}
        position="bottom-start"
        trapFocus
        withArrow
        onOpen={() => setDraft(rating.remarks ?? '')}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="xs"
            aria-label={t('ticketList.surveyRemarksEdit')}
            title={rating.remarks ?? t('ticketList.surveyRemarks')}
            color={rating.remarks ? 'blue' : 'gray'}
            onClick={() => setOpened((o) => !o)}
          >
            <IconNotes size={14} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown onClick={keepInside} onKeyDown={keepInside}>
          {rating.csTags.length > 0 ? (
            <Text size="xs" c="dimmed" mb={6}>
              {t('ticketList.surveyCsTags')}: {rating.csTags.join(', ')}
            </Text>
          ) : null}
          <Textarea
            label={t('ticketList.surveyRemarks')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            maxLength={SURVEY_REMARKS_MAX}
            autosize
            minRows={2}
            error={save.error ? errorMessage(save.error) : undefined}
          />
          <Group justify="flex-end" mt="xs" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" loading={save.isPending} onClick={submit}>
              {t('common.save')}
            </Button>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Box>
  );
}

import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CHANNELS,
  type ChannelCode,
  can,
  type Me,
  type PlayState,
  playSkipBodySchema,
  SKIP_NOTE_MAX,
  type TicketSummary,
} from '@sapa/contracts';
import { IconPlayerPlay, IconPlayerSkipForward, IconPlayerStop, IconPlaylist } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf, errorMessage, fieldErrorsOf, useConnectedChannels } from '../../shared/api';
import { validate } from '../../shared/forms/validate';
import { translateMessage } from '../../shared/i18n';
import { useRealtime } from '../../shared/realtime';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { limitProps } from '../../shared/ui/limitProps';
import { useViews } from '../views/api';
import { refreshPlay, useNextTicket, usePlaylist, useSkipTicket, useStartPlay, useStopPlay } from './api';
import { playNeedsRefresh } from './playEvents';

/** 000 §8 "Auto Assign activate and deactivate failures: try again". */
function failed(key: 'play.activateFailed' | 'play.deactivateFailed', error: unknown) {
  notifications.show({ color: 'red', message: `${translateMessage(key)} ${errorMessage(error)}`.trim() });
}

/** The inbox header's Auto Assign button: opens the start dialog, or says that play mode is on. */
export function PlayStartButton({ me, channels }: { me: Me; channels: readonly ChannelCode[] }) {
  const { t } = useTranslation();
  const playlist = usePlaylist();
  const [opened, setOpened] = useState(false);
  // The bar above the chat room says that play mode is on.
  // While playing, nothing here; without the right to take chats (the playlist refused), nothing either.
  // A Supervisor 1 is never handed chats (000 §6).
  if (playlist.data?.active || playlist.isError || me.csPosition === 'SPV1') return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        mb={6}
        leftSection={<IconPlayerPlay size={14} aria-hidden />}
        onClick={() => setOpened(true)}
        disabled={!playlist.data}
      >
        {t('play.start')}
      </Button>
      <StartDialog me={me} channels={channels} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function StartDialog({
  me,
  channels,
  opened,
  onClose,
}: {
  me: Me;
  channels: readonly ChannelCode[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // 000 §4: a view when the view feature is allowed, otherwise a channel.
  const viewsAllowed = can(accessSubjectOf(me), 'VIEW_FEATURE', 'READ');
  const views = useViews(opened && viewsAllowed);
  const [kind, setKind] = useState<'view' | 'channel'>(viewsAllowed ? 'view' : 'channel');
  const [viewId, setViewId] = useState<string | null>(null);
  // Only channels the business has connected (issue 16): Auto Assign on any other finds nothing.
  const connected = useConnectedChannels(channels, opened);
  const offered = connected.data ?? [];
  const [picked, setChannel] = useState<string | null>(null);
  const channel = picked ?? (offered.length === 1 ? (offered[0] ?? null) : null);
  const [missing, setMissing] = useState(false);
  const start = useStartPlay();
  const fields = fieldErrorsOf(start.error);
  // The choice on screen names the error: the view picker or the channel picker, never the other one.
  const choiceError =
    (missing ? t(kind === 'view' ? 'play.chooseView' : 'play.chooseChannel') : undefined) ??
    fields.viewId ??
    fields.channel;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!(kind === 'view' ? viewId : channel)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const body =
      kind === 'view'
        ? { viewId: viewId ?? undefined }
        : { channel: (channel as ChannelCode | null) ?? undefined };
    start.mutate(body, {
      onSuccess: () => {
        onClose();
        start.reset();
      },
      onError: (error) => {
        if (Object.keys(fieldErrorsOf(error)).length === 0) failed('play.activateFailed', error);
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('play.startTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('play.startHint')}
          </Text>
          {viewsAllowed ? (
            <SegmentedControl
              fullWidth
              value={kind}
              onChange={(value) => setKind(value === 'channel' ? 'channel' : 'view')}
              data={[
                { value: 'view', label: t('play.sourceView') },
                { value: 'channel', label: t('play.sourceChannel') },
              ]}
            />
          ) : null}
          {kind === 'view' ? (
            <Select
              label={t('play.view')}
              placeholder={t('play.pickView')}
              data={(views.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
              value={viewId}
              onChange={(value) => {
                setViewId(value);
                setMissing(false);
              }}
              searchable
              nothingFoundMessage={t('play.noViews')}
              error={choiceError}
              disabled={views.isPending}
            />
          ) : (
            <Select
              label={t('play.channel')}
              placeholder={t('play.pickChannel')}
              data={offered.map((code) => ({ value: code, label: CHANNELS[code].name }))}
              value={channel}
              onChange={(value) => {
                setChannel(value);
                setMissing(false);
              }}
              error={choiceError}
              description={connected.isSuccess && offered.length === 0 ? t('play.noChannels') : undefined}
              disabled={connected.isPending}
              data-testid="play-channel"
            />
          )}
          {views.isError && kind === 'view' ? <Alert color="red">{errorMessage(views.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={start.isPending}
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
            >
              {t('play.begin')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function TicketLine({
  label,
  ticket,
  testId,
}: {
  label: string;
  ticket: TicketSummary | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }} data-testid={testId}>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} truncate>
        {ticket ? `${ticket.contact.name} · ${ticket.displayId}` : t('play.none')}
      </Text>
    </Group>
  );
}

function sourceLabel(state: PlayState): string {
  if (state.channel) return CHANNELS[state.channel].name;
  return state.viewName ?? '';
}

/** While playing: the source, current and next ticket, and Next, Skip (with notes) and Stop (confirmed). */
export function PlayBar({ state }: { state: PlayState }) {
  const { t } = useTranslation();
  const next = useNextTicket();
  const skip = useSkipTicket();
  const stop = useStopPlay();
  const [skipOpened, setSkipOpened] = useState(false);
  const [stopOpened, setStopOpened] = useState(false);
  const [note, setNote] = useState('');
  const [localNote, setLocalNote] = useState<string | null>(null);
  const noteError = localNote ?? fieldErrorsOf(skip.error).note;

  const submitSkip = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(playSkipBodySchema, { note });
    if (!checked.success) {
      setLocalNote(translateMessage(checked.errors.note ?? 'validation.fieldRequired'));
      return;
    }
    skip.mutate(note, {
      onSuccess: () => {
        setSkipOpened(false);
        setNote('');
        skip.reset();
      },
    });
  };

  return (
    <Paper
      px="sm"
      py={6}
      radius={0}
      bg="teal.0"
      style={{ borderBottom: '1px solid var(--mantine-color-teal-2)' }}
      data-testid="play-bar"
      aria-label={t('play.barLabel')}
      component="section"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap={6} wrap="nowrap">
            <IconPlaylist size={16} aria-hidden color="var(--mantine-color-teal-7)" />
            <Text size="sm" fw={600} truncate>
              {t('play.playing', { source: sourceLabel(state) })}
            </Text>
          </Group>
          <TicketLine label={t('play.current')} ticket={state.current} testId="play-current" />
          <TicketLine label={t('play.next')} ticket={state.next} testId="play-next" />
        </Stack>
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            leftSection={<IconPlayerSkipForward size={14} aria-hidden />}
            loading={next.isPending}
            onClick={() => next.mutate(undefined, { onError: (e) => failed('play.activateFailed', e) })}
          >
            {t('play.nextButton')}
          </Button>
          <Button size="xs" variant="default" disabled={!state.current} onClick={() => setSkipOpened(true)}>
            {t('play.skip')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconPlayerStop size={14} aria-hidden />}
            onClick={() => {
              stop.reset();
              setStopOpened(true);
            }}
          >
            {t('play.stop')}
          </Button>
        </Group>
      </Group>
      <Modal
        opened={skipOpened}
        onClose={() => setSkipOpened(false)}
        title={t('play.skipTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={submitSkip} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {state.current ? `${state.current.contact.name} · ${state.current.displayId}` : ''}
            </Text>
            <Textarea
              label={t('play.skipNote')}
              placeholder={t('play.skipPlaceholder')}
              required
              autosize
              minRows={2}
              {...limitProps(note, SKIP_NOTE_MAX, t)}
              value={note}
              onChange={(event) => {
                setNote(event.currentTarget.value);
                setLocalNote(null);
                if (skip.error) skip.reset();
              }}
              error={noteError}
              data-autofocus
            />
            {skip.error && !noteError ? <Alert color="red">{errorMessage(skip.error)}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setSkipOpened(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={skip.isPending}>
                {t('play.skipConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={stopOpened}
        title={t('play.stopTitle')}
        confirmLabel={t('play.stopConfirm')}
        loading={stop.isPending}
        error={stop.error ? `${translateMessage('play.deactivateFailed')} ${errorMessage(stop.error)}` : null}
        onConfirm={() =>
          stop.mutate(undefined, {
            onSuccess: () => {
              setStopOpened(false);
              notifications.show({ color: 'green', message: t('play.stopped') });
            },
          })
        }
        onClose={() => setStopOpened(false)}
      >
        {t('play.stopBody')}
      </ConfirmDialog>
    </Paper>
  );
}

/** The room pane while playing and nothing is in hand. */
export function PlayWaiting({ waiting = null }: { waiting?: PlayState['waiting'] }) {
  const { t } = useTranslation();
  return (
    <Box m="auto" data-testid="play-waiting" data-waiting={waiting ?? 'none'}>
      {waiting === 'offline' ? (
        <EmptyState title={t('play.offlineTitle')}>{t('play.offlineHint')}</EmptyState>
      ) : waiting === 'atCapacity' ? (
        <EmptyState title={t('play.atCapacityTitle')}>{t('play.atCapacityHint')}</EmptyState>
      ) : (
        <EmptyState title={t('play.emptyTitle')}>{t('play.emptyHint')}</EmptyState>
      )}
    </Box>
  );
}

/**
 * Play mode in the inbox (000 §2 inbox chatroom "in play mode it forces the user onto the current assigned
 * ticket room"): keeps the session fresh from real-time events, pins the chat room to the current ticket,
 * and asks to stop before another chat is opened.
 */
export function usePlayMode(options: {
  myId: string | undefined;
  selectedId: string | null;
  open: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const playlist = usePlaylist();
  const stop = useStopPlay();
  const [leaving, setLeaving] = useState<{ id: string | null } | null>(null);
  const state = playlist.data?.active ? playlist.data : null;
  const currentId = state?.current?.id ?? null;
  const { selectedId, open } = options;

  useRealtime((event) => {
    if (options.myId && playNeedsRefresh(playlist.data, event, options.myId)) refreshPlay(queryClient);
  });

  // The room follows the current ticket.
  useEffect(() => {
    if (currentId && selectedId !== currentId) open(currentId);
  }, [currentId, selectedId, open]);

  const dialog: ReactNode = (
    <ConfirmDialog
      opened={leaving !== null}
      title={t('play.leaveTitle')}
      confirmLabel={t('play.leaveConfirm')}
      loading={stop.isPending}
      error={stop.error ? `${translateMessage('play.deactivateFailed')} ${errorMessage(stop.error)}` : null}
      onConfirm={() => {
        const target = leaving;
        stop.mutate(undefined, {
          onSuccess: () => {
            setLeaving(null);
            if (target) open(target.id);
          },
        });
      }}
      onClose={() => setLeaving(null)}
    >
      {t('play.leaveBody')}
    </ConfirmDialog>
  );

  return {
    state,
    /** Opens a chat, or asks to stop play mode first when it is not the current ticket. */
    select(id: string | null) {
      if (state && id !== currentId) {
        stop.reset();
        setLeaving({ id });
      } else open(id);
    },
    dialog,
  };
}

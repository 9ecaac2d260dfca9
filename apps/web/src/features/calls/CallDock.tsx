import { ActionIcon, Button, Group, Paper, Popover, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { agentRoleOfPosition, type CallSession, can, canAnswerByRole, type Me } from '@sapa/contracts';
import {
  IconGridDots,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhone,
  IconPhoneOff,
  IconPlayerPause,
  IconPlayerPlay,
  IconVolume,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessSubjectOf } from '../../shared/api';
import { translateMessage } from '../../shared/i18n';
import classes from './CallDock.module.css';
import { startRingtone } from './ringtone';
import { type ActiveCall, useCallController } from './useCallController';
import { useCallSocket } from './useCallSocket';

/**
 * The calls of the signed-in agent, on every page (000 §4 incoming call): a banner with a ringtone while a call
 * rings for an agent whose role may answer, then the in-call bar. Only users who may read inbound calls open the
 * call socket.
 */
export function CallDock({ me }: { me: Me }) {
  const enabled = can(accessSubjectOf(me), 'INBOUND_CALL');
  const mayAnswer = canAnswerByRole(agentRoleOfPosition(me.csPosition));
  const calls = useCallController();
  useCallSocket(me.client.id, enabled, calls.onFrame);
  if (!enabled) return null;
  if (calls.active) return <InCallBar call={calls.active} controls={calls} />;
  const ringing = mayAnswer ? calls.ringing[0] : undefined;
  if (!ringing) return null;
  return (
    <IncomingCallBanner
      session={ringing}
      answering={calls.answering === ringing.id}
      onAnswer={() => void calls.answer(ringing)}
      onReject={() => void calls.reject(ringing)}
    />
  );
}

/** The fixed panel under the header that the banner and the in-call bar share. */
function Dock({ role, label, children }: { role: string; label: string; children: ReactNode }) {
  return (
    <Paper className={classes.dock} shadow="lg" radius="md" p="sm" role={role} aria-label={label}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {children}
      </Group>
    </Paper>
  );
}

function callerOf(session: CallSession) {
  return session.customerName || session.customerPhoneNumber;
}

function IncomingCallBanner(props: {
  session: CallSession;
  answering: boolean;
  onAnswer: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => startRingtone(), []);
  const { session } = props;
  return (
    <Dock role="alertdialog" label={t('callDock.incoming')}>
      <div>
        <Text size="xs" c="dimmed">
          {t('callDock.incomingWhatsapp')}
        </Text>
        <Text fw={600}>{callerOf(session)}</Text>
        <Text size="sm" c="dimmed">
          +{session.customerPhoneNumber}
        </Text>
      </div>
      <Group gap="xs">
        <Button
          color="red"
          variant="light"
          leftSection={<IconPhoneOff size={18} />}
          onClick={props.onReject}
          disabled={props.answering}
        >
          {t('callDock.reject')}
        </Button>
        <Button
          color="green"
          leftSection={<IconPhone size={18} />}
          onClick={props.onAnswer}
          loading={props.answering}
        >
          {t('callDock.answer')}
        </Button>
      </Group>
    </Dock>
  );
}

function useDuration(startTime: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = startTime ? Math.max(0, Math.floor((now - startTime) / 1000)) : 0;
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

function InCallBar({ call, controls }: { call: ActiveCall; controls: ReturnType<typeof useCallController> }) {
  const { t } = useTranslation();
  const duration = useDuration(call.session.startTime);
  // While a toggle is loading, the bar keeps showing the state it leaves (it flips only on success).
  const held = call.hold.state === 'on' || (call.hold.state === 'loading' && call.hold.from === 'on');
  const holdLabel = held ? t('callDock.resume') : t('callDock.hold');
  return (
    <Dock role="region" label={t('callDock.inCall')}>
      <div>
        <Text fw={600}>{callerOf(call.session)}</Text>
        <Text size="sm" c="dimmed" aria-label={t('callDock.duration')}>
          {held ? t('callDock.onHold') : t(`callDock.connection.${call.connection}`)} ·{' '}
          <span data-testid="call-duration">{duration}</span>
        </Text>
      </div>
      <Group gap="xs">
        {call.audioBlocked ? (
          <Button
            size="xs"
            leftSection={<IconVolume size={16} />}
            onClick={() => void controls.enableAudio()}
          >
            {translateMessage('calls.enableAudio')}
          </Button>
        ) : null}
        <Tooltip label={call.muted ? t('callDock.unmute') : t('callDock.mute')}>
          <ActionIcon
            size="lg"
            variant={call.muted ? 'filled' : 'light'}
            aria-label={call.muted ? t('callDock.unmute') : t('callDock.mute')}
            aria-pressed={call.muted}
            onClick={controls.toggleMute}
          >
            {call.muted ? <IconMicrophoneOff size={18} /> : <IconMicrophone size={18} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={holdLabel}>
          <ActionIcon
            size="lg"
            variant={held ? 'filled' : 'light'}
            aria-label={holdLabel}
            aria-pressed={held}
            loading={call.hold.state === 'loading'}
            onClick={() => void controls.toggleHold()}
          >
            {held ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
          </ActionIcon>
        </Tooltip>
        <Keypad onDigit={(d) => call.media.sendDigit(d)} />
        <Button color="red" leftSection={<IconPhoneOff size={18} />} onClick={() => void controls.hangup()}>
          {t('callDock.end')}
        </Button>
      </Group>
    </Dock>
  );
}

function Keypad({ onDigit }: { onDigit: (digit: string) => void }) {
  const { t } = useTranslation();
  return (
    <Popover position="top" withArrow trapFocus>
      <Popover.Target>
        <Tooltip label={t('callDock.keypad')}>
          <ActionIcon size="lg" variant="light" aria-label={t('callDock.keypad')}>
            <IconGridDots size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <SimpleGrid cols={3} spacing={6} role="group" aria-label={t('callDock.keypad')}>
          {KEYS.map((key) => (
            <Button key={key} variant="default" onClick={() => onDigit(key)}>
              {key}
            </Button>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}

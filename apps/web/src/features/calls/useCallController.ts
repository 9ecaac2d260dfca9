import { notifications } from '@mantine/notifications';
import {
  CALL_ERROR_CODES,
  type CallSession,
  type CallSocketFrame,
  callEndpoints,
  type HoldToggle,
  settleHoldToggle,
  startHoldToggle,
} from '@sapa/contracts';
import { useCallback, useRef, useState } from 'react';
import { ApiError, request } from '../../shared/api';
import { translateMessage } from '../../shared/i18n';
import { adapterFor, type CallMediaAdapter } from './media/adapter';
import { MicrophoneError } from './media/microphone';
import './media/whatsappMedia';

export interface ActiveCall {
  session: CallSession;
  media: CallMediaAdapter;
  hold: HoldToggle;
  muted: boolean;
  audioBlocked: boolean;
  connection: 'connecting' | 'connected' | 'disconnected' | 'failed';
}

/** A message that stays until closed (000 §8: MIC_DENIED and MIC_NOT_GRANTED are persistent). */
function showPersistent(code: keyof typeof CALL_ERROR_CODES) {
  notifications.show({
    id: `calls.${code}`,
    color: 'red',
    autoClose: false,
    title: translateMessage('callDock.title'),
    message: translateMessage(CALL_ERROR_CODES[code]),
  });
}

function showError(error: unknown, fallback: string) {
  const message = error instanceof ApiError ? error.body.message : translateMessage(fallback);
  notifications.show({ color: 'red', message });
}

/**
 * The agent's calls in this tab: what rings (from the call socket), the call in progress and its media adapter,
 * and the actions of the banner and the in-call bar. Hold follows 000 §4: off → loading → on, reverting on failure.
 */
export function useCallController() {
  const [ringing, setRinging] = useState<CallSession[]>([]);
  const [active, setActive] = useState<ActiveCall | null>(null);
  const [answering, setAnswering] = useState<string | null>(null);
  const activeRef = useRef<ActiveCall | null>(null);
  activeRef.current = active;
  const patch = useCallback((change: Partial<ActiveCall>) => {
    setActive((current) => (current ? { ...current, ...change } : current));
  }, []);

  const onFrame = useCallback((frame: CallSocketFrame) => {
    if (frame.type === 'call.connect') setRinging(frame.ringing);
    if (frame.type !== 'call.session') return;
    const mine = activeRef.current;
    if (mine && frame.session.id === mine.session.id && frame.event === 'terminate') {
      mine.media.close();
      setActive(null);
    }
  }, []);

  const answer = useCallback(
    async (session: CallSession) => {
      const media = adapterFor(session.roomType);
      if (!media) return;
      setAnswering(session.id);
      // Media may connect before the server answers: the latest states are kept for the bar.
      let connection: ActiveCall['connection'] = 'connecting';
      let audioBlocked = false;
      try {
        const answered = await media.answer(session, {
          onConnection: (state) => {
            connection = state;
            patch({ connection: state });
            if (state === 'failed')
              notifications.show({ color: 'red', message: translateMessage('calls.webrtcFailed') });
          },
          onAutoplayBlocked: (blocked) => {
            audioBlocked = blocked;
            patch({ audioBlocked: blocked });
          },
        });
        setRinging((list) => list.filter((s) => s.id !== session.id));
        setActive({
          session: answered,
          media,
          hold: { state: 'off', from: null },
          muted: false,
          audioBlocked,
          connection,
        });
      } catch (error) {
        if (error instanceof MicrophoneError) showPersistent(error.code);
        else showError(error, 'calls.answerFailed');
      } finally {
        setAnswering(null);
      }
    },
    [patch],
  );

  const reject = useCallback(async (session: CallSession) => {
    try {
      await request(callEndpoints.reject, { params: { id: session.id }, body: {} });
      setRinging((list) => list.filter((s) => s.id !== session.id));
    } catch (error) {
      showError(error, 'calls.answerFailed');
    }
  }, []);

  const hangup = useCallback(async () => {
    const current = activeRef.current;
    if (!current) return;
    try {
      await current.media.hangup(current.session);
      setActive(null);
    } catch (error) {
      showError(error, 'calls.disconnectFailed');
    }
  }, []);

  const toggleHold = useCallback(async () => {
    const current = activeRef.current;
    if (!current || current.hold.state === 'loading') return;
    const loading = startHoldToggle(current.hold);
    patch({ hold: loading });
    let ok = true;
    try {
      await current.media.hold(current.session, current.hold.state === 'off');
    } catch (error) {
      ok = false;
      showError(error, 'calls.holdFailed');
    }
    patch({ hold: settleHoldToggle(loading, ok) });
  }, [patch]);

  const toggleMute = useCallback(() => {
    const current = activeRef.current;
    if (!current) return;
    current.media.mute(!current.muted);
    patch({ muted: !current.muted });
  }, [patch]);

  const enableAudio = useCallback(async () => {
    await activeRef.current?.media.enableAudio();
  }, []);

  return { ringing, active, answering, onFrame, answer, reject, hangup, toggleHold, toggleMute, enableAudio };
}

import JsSIP from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { RTCSessionEvent } from 'jssip/lib/UA';

/**
 * The agent's browser as a SIP phone (issue 23 point 2): JsSIP over WebSocket to Sapa's Kamailio, with the
 * ephemeral credential Sapa signs (server `platform/telephony/sip-credentials.ts`); the media goes through
 * rtpengine, which bridges the browser's WebRTC and the phones' RTP. One call at a time (000 §5: one active call
 * per agent) — a second incoming call is answered busy.
 */
export interface SipPhoneOptions {
  wsUrl: string;
  domain: string;
  /** The SIP user the credential names (`<expiry>:<user>`). */
  user: string;
  credential: { username: string; password: string };
  /** Where the other side's audio plays. */
  remoteAudio: HTMLAudioElement;
}

export type SipCallState = 'idle' | 'ringing' | 'calling' | 'connected' | 'held' | 'ended' | 'failed';

export interface SipPhoneEvents {
  onRegistered?(): void;
  onRegistrationFailed?(cause: string): void;
  /** An incoming call rings: `from` is the caller's SIP user (a phone number). */
  onIncoming?(from: string): void;
  onState?(state: SipCallState, cause?: string): void;
}

export interface SipPhone {
  call(target: string): void;
  answer(): void;
  /** Ends the call, whatever its state (reject while ringing, cancel while calling, hang up). */
  hangUp(): void;
  hold(on: boolean): Promise<void>;
  mute(on: boolean): void;
  sendDigits(digits: string): void;
  /** The local and remote streams of the call under way (for levels and recordings). */
  streams(): { local: MediaStream | null; remote: MediaStream | null };
  stop(): void;
}

export function createSipPhone(options: SipPhoneOptions, events: SipPhoneEvents = {}): SipPhone {
  const ua = new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(options.wsUrl)],
    uri: `sip:${options.user}@${options.domain}`,
    authorization_user: options.credential.username,
    password: options.credential.password,
    realm: options.domain,
    register: true,
    session_timers: false,
    user_agent: 'Sapa',
  });
  let session: RTCSession | null = null;
  let remote: MediaStream | null = null;

  const track = (s: RTCSession) => {
    session = s;
    const attach = () => {
      s.connection?.addEventListener('track', (e) => {
        remote = e.streams[0] ?? new MediaStream([e.track]);
        options.remoteAudio.srcObject = remote;
        void options.remoteAudio.play().catch(() => undefined);
      });
    };
    if (s.connection) attach();
    else s.on('peerconnection', attach);
    s.on('progress', () => events.onState?.(s.direction === 'incoming' ? 'ringing' : 'calling'));
    s.on('confirmed', () => events.onState?.('connected'));
    s.on('hold', () => events.onState?.('held'));
    s.on('unhold', () => events.onState?.('connected'));
    s.on('ended', (e) => finish('ended', e.cause));
    s.on('failed', (e) => finish('failed', e.cause));
  };
  const finish = (state: SipCallState, cause?: string) => {
    session = null;
    remote = null;
    options.remoteAudio.srcObject = null;
    events.onState?.(state, cause);
  };

  ua.on('registered', () => events.onRegistered?.());
  ua.on('registrationFailed', (e) => events.onRegistrationFailed?.(e.cause ?? 'failed'));
  ua.on('newRTCSession', ({ session: s, originator }: RTCSessionEvent) => {
    if (originator !== 'remote') return;
    if (session) {
      s.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
      return;
    }
    track(s);
    events.onIncoming?.(s.remote_identity.uri.user);
    events.onState?.('ringing');
  });
  ua.start();

  const media = { mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: [] } };
  return {
    call(target) {
      if (session) throw new Error('a call is already under way');
      track(ua.call(`sip:${target}@${options.domain}`, media));
      events.onState?.('calling');
    },
    answer() {
      session?.answer(media);
    },
    hangUp() {
      if (session && !session.isEnded()) session.terminate();
    },
    hold(on) {
      const s = session;
      if (!s) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const done = on ? s.hold({}, resolve) : s.unhold({}, resolve);
        if (!done) reject(new Error(on ? 'the call cannot be held now' : 'the call cannot be resumed now'));
      });
    },
    mute(on) {
      if (on) session?.mute({ audio: true });
      else session?.unmute({ audio: true });
    },
    sendDigits(digits) {
      session?.sendDTMF(digits);
    },
    streams() {
      const local = session?.connection?.getSenders().find((s) => s.track)?.track;
      return { local: local ? new MediaStream([local]) : null, remote };
    },
    stop() {
      session?.terminate();
      ua.stop();
    },
  };
}

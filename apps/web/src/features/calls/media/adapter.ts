import type { CallSession } from '@sapa/contracts';

/** What the in-call bar shows of the media: the audio's state and whether the browser blocked playing it. */
export interface CallMediaEvents {
  /** 000 §4 audio connection states. */
  onConnection(state: 'connecting' | 'connected' | 'disconnected' | 'failed'): void;
  /** The browser refused to play the caller's audio without a click (000 §8 'Enable Call Audio'). */
  onAutoplayBlocked(blocked: boolean): void;
}

/**
 * The media of one call, whatever carries it (000 §1: WhatsApp call or phone call). The incoming-call banner and the
 * in-call bar talk only to this; each call type has its adapter (`adapterFor`).
 */
export interface CallMediaAdapter {
  /** Takes the microphone, connects the media and tells the server; resolves with the answered session. */
  answer(session: CallSession, events: CallMediaEvents): Promise<CallSession>;
  /** Ends the call on the server, then closes the media. */
  hangup(session: CallSession): Promise<void>;
  /** Holds or resumes on the server; the media stops or resumes sending and playing. */
  hold(session: CallSession, on: boolean): Promise<void>;
  /** Mutes or unmutes the microphone (local only). */
  mute(on: boolean): void;
  /** Sends a keypad tone (DTMF) on the call. */
  sendDigit(digit: string): void;
  /** Plays the caller's audio after a click (autoplay was blocked). */
  enableAudio(): Promise<void>;
  /** The caller's audio, for level meters and recordings (null before media connects). */
  remoteStream(): MediaStream | null;
  /** The agent's microphone (null before answering). */
  localStream(): MediaStream | null;
  /** Closes the media without telling the server (the call ended elsewhere). */
  close(): void;
}

/** The call types of a session: its room type (WAC: WhatsApp call; PHONE: the SIP phone). */
export type CallMediaKind = CallSession['roomType'] | 'PHONE';

type AdapterFactory = () => CallMediaAdapter;
const factories = new Map<CallMediaKind, AdapterFactory>();

/**
 * Registers the media of a call type. The WhatsApp adapter registers itself (`whatsappMedia.ts`); the phone adapter
 * (SIP over WebSocket, `shared/sip/sip-phone.ts`) fills the 'PHONE' slot from the phone-calls work.
 */
export function registerCallMedia(kind: CallMediaKind, factory: AdapterFactory): void {
  factories.set(kind, factory);
}

/** A fresh adapter for a call of this type, or null when none is registered. */
export function adapterFor(kind: CallMediaKind): CallMediaAdapter | null {
  return factories.get(kind)?.() ?? null;
}

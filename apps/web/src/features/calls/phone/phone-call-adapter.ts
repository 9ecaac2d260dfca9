import {
  type CallSession,
  type PhoneCallOutcome,
  phoneCallEndpoints,
  type SipCredentialResponse,
} from '@sapa/contracts';
import { request } from '../../../shared/api/client';
import { createSipPhone, type SipCallState, type SipPhone } from '../../../shared/sip/sip-phone';

/**
 * The phone mode of the call bar (issue 23 point 2): the agent's browser phone (`shared/sip/sip-phone.ts`, JsSIP)
 * with the credential Sapa signs, placing calls Sapa records as sessions and telling Sapa what the SIP phone saw.
 *
 * Merge note: the banner's `CallMediaAdapter` interface (branch voicewa, features/calls/) was not on main when this
 * was written; this adapter has the methods it is expected to need — answer, hangUp, hold, mute, sendDtmf — and
 * is to be fitted to that interface when both are merged. Not yet used by a page (the call-centre page is next).
 */
export interface PhoneCallAdapter {
  /** Makes the session (valid numeric number, one call at a time) and dials it. */
  dial(number: string): Promise<CallSession>;
  answer(): void;
  hangUp(): void;
  hold(on: boolean): Promise<void>;
  mute(on: boolean): void;
  sendDtmf(digits: string): void;
  stop(): void;
}

export interface PhoneCallEvents {
  onState?(state: SipCallState, session: CallSession | null): void;
  onRegistrationFailed?(cause: string): void;
}

/** JsSIP's failure causes as the SIP final responses Sapa maps to session states (000 §4 wider states). */
const SIP_STATUS_OF_CAUSE: Record<string, number> = {
  Busy: 486,
  Rejected: 603,
  Unavailable: 480,
  'No Answer': 480,
  'Not Found': 404,
  Canceled: 487,
  'Request Timeout': 408,
  'Address Incomplete': 484,
};

/** How long before the credential runs out the phone starts again with a new one. */
const RENEW_BEFORE_MS = 5 * 60_000;

export async function createPhoneCallAdapter(
  remoteAudio: HTMLAudioElement,
  events: PhoneCallEvents = {},
): Promise<PhoneCallAdapter> {
  let session: CallSession | null = null;
  let held = false;
  let phone: SipPhone;
  let renewal: ReturnType<typeof setTimeout> | undefined;

  const report = async (outcome: PhoneCallOutcome, sipStatus: number | null = null) => {
    if (!session) return;
    session = await request(phoneCallEndpoints.outcome, {
      params: { id: session.id },
      body: { outcome, sipStatus },
    });
  };
  const onState = (state: SipCallState, cause?: string) => {
    const done = (() => {
      if (state === 'connected') {
        const outcome = held ? 'resumed' : session?.status === 'RIN' ? 'answered' : null;
        held = false;
        return outcome ? report(outcome, outcome === 'answered' ? 200 : null) : Promise.resolve();
      }
      if (state === 'held') {
        held = true;
        return report('held');
      }
      if (state === 'ended') return report('ended');
      if (state === 'failed') return report('failed', SIP_STATUS_OF_CAUSE[cause ?? ''] ?? null);
      return Promise.resolve();
    })();
    void done
      .catch(() => undefined)
      .then(() => {
        events.onState?.(state, session);
        if (state === 'ended' || state === 'failed') session = null;
      });
  };
  const start = async () => {
    const credential: SipCredentialResponse = await request(phoneCallEndpoints.sipCredential);
    phone = createSipPhone(
      {
        wsUrl: credential.wsUrl,
        domain: credential.domain,
        user: credential.user,
        credential,
        remoteAudio,
      },
      { onState, onRegistrationFailed: events.onRegistrationFailed },
    );
    // A new credential before this one runs out, once no call is under way.
    renewal = setTimeout(
      function renew() {
        if (session) {
          renewal = setTimeout(renew, 30_000);
          return;
        }
        phone.stop();
        void start();
      },
      Math.max(60_000, credential.expiresAt - Date.now() - RENEW_BEFORE_MS),
    );
  };
  await start();

  return {
    async dial(number) {
      const placed = await request(phoneCallEndpoints.dial, { body: { number } });
      session = placed.session;
      held = false;
      phone.call(placed.number);
      return placed.session;
    },
    answer: () => phone.answer(),
    hangUp: () => phone.hangUp(),
    hold: (on) => phone.hold(on),
    mute: (on) => phone.mute(on),
    sendDtmf: (digits) => phone.sendDigits(digits),
    stop() {
      clearTimeout(renewal);
      phone.stop();
    },
  };
}

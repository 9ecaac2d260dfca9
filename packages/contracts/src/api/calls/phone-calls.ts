import { z } from 'zod';
import type { Permission } from '../../permissions/permissions.js';
import { defineEndpoint } from '../endpoint.js';
import { isValidCallNumber } from './call-rules.js';
import { type CallSessionStatus, nextCallSessionStatus } from './call-states.js';
import { callSessionSchema } from './calls.js';

/**
 * Phone calls (issue 23 point 2): the agent's browser is a SIP phone registered to Sapa's Kamailio with an
 * ephemeral credential Sapa signs. Who may have one: a user of any call page of 000 §2 (inbound calls, the call
 * centre, telesales).
 */
export const PHONE_CALL_PERMISSIONS = [
  'INBOUND_CALL',
  'CALL_CENTER',
  'TELESALES',
] as const satisfies readonly Permission[];

/** How long an agent's SIP credential is accepted: the browser asks for a new one before it runs out. */
export const SIP_CREDENTIAL_SECONDS = 60 * 60;

const uuidToBase36 = (id: string) => BigInt(`0x${id.replaceAll('-', '')}`).toString(36);
const base36ToUuid = (text: string) => {
  let n = 0n;
  for (const c of text) n = n * 36n + BigInt(Number.parseInt(c, 36));
  const hex = n.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The SIP user of an agent: `<business>.<user>`, both ids in base 36 (Kamailio's registrar takes an address of
 * record of at most 64 characters), so the SIP server can tell whose business a browser belongs to, and a phone
 * number (digits only) never names an agent.
 */
export function agentSipUser(clientId: string, userId: string): string {
  return `${uuidToBase36(clientId)}.${uuidToBase36(userId)}`;
}

/** The business and user an agent's SIP user names; null for anything else (a phone number). */
export function parseAgentSipUser(user: string): { clientId: string; userId: string } | null {
  const m = /^([0-9a-z]{1,25})\.([0-9a-z]{1,25})$/.exec(user);
  if (!m) return null;
  const clientId = base36ToUuid(m[1]!);
  const userId = base36ToUuid(m[2]!);
  return clientId.length === 36 && userId.length === 36 ? { clientId, userId } : null;
}

export const sipCredentialSchema = z.object({
  /** What the browser's SIP stack connects to (SIP over WebSocket). */
  wsUrl: z.string(),
  domain: z.string(),
  /** The SIP user the credential names (the `user@domain` the browser registers). */
  user: z.string(),
  /** auth_ephemeral: `<expiry unix seconds>:<user>` and its HMAC-SHA256. */
  username: z.string(),
  password: z.string(),
  expiresAt: z.number(),
});
export type SipCredentialResponse = z.infer<typeof sipCredentialSchema>;

/** Who places phone calls: the call centre and telesales (000 §2 /outbound-call/call-center, /telesales). */
export const OUTBOUND_PHONE_PERMISSIONS = [
  'CALL_CENTER',
  'TELESALES',
] as const satisfies readonly Permission[];

/**
 * 000 §5 "The call phone number must be valid and numeric": spaces, dashes, dots and brackets are dropped, a
 * leading + too, and a national 0… number becomes 62… (Indonesia); what is left must be 8–15 digits.
 */
export function normaliseCallNumber(input: string): string | null {
  const digits = input
    .trim()
    .replace(/[\s\-.()]/g, '')
    .replace(/^\+/, '');
  const international = /^0[1-9]/.test(digits) ? `62${digits.slice(1)}` : digits;
  return isValidCallNumber(international) ? international : null;
}

/** What the agent's SIP phone saw happen to a phone call. */
export const PHONE_CALL_OUTCOMES = ['answered', 'held', 'resumed', 'ended', 'failed'] as const;
export type PhoneCallOutcome = (typeof PHONE_CALL_OUTCOMES)[number];

/**
 * A call that did not connect, by the SIP final response (000 §4 wider states): 486 busy and 603/600 declined are
 * rejected (RJC); 408 time-out, 480 unavailable and 487 cancelled are no answer (NOA); anything else failed (FAI).
 */
export function phoneStatusOfFailure(sipStatus: number | null): 'RJC' | 'NOA' | 'FAI' {
  if (sipStatus === 486 || sipStatus === 600 || sipStatus === 603) return 'RJC';
  if (sipStatus === 408 || sipStatus === 480 || sipStatus === 487) return 'NOA';
  return 'FAI';
}

/** 000 §4 wider session state of a SIP final response. */
export function widerStateOfSipStatus(sipStatus: number): string {
  if (sipStatus >= 200 && sipStatus < 300) return 'connected';
  const named: Record<number, string> = { 486: 'busy', 600: 'busy', 603: 'rejected', 487: 'cancelled' };
  if (named[sipStatus]) return named[sipStatus]!;
  return sipStatus === 408 || sipStatus === 480 ? 'no answer' : 'failed';
}

/**
 * The session's next status after an outcome (the session machine of 000 §4), or null when it does not apply.
 * A ringing call ended by the agent before the answer is no answer; a connected one that ends is completed.
 */
export function phoneSessionStatusAfter(
  status: CallSessionStatus,
  outcome: PhoneCallOutcome,
  sipStatus: number | null = null,
): CallSessionStatus | null {
  switch (outcome) {
    case 'answered':
      return nextCallSessionStatus(status, 'answer');
    case 'held':
      return nextCallSessionStatus(status, 'hold');
    case 'resumed':
      return nextCallSessionStatus(status, 'resume');
    case 'ended':
      return nextCallSessionStatus(status, 'terminate');
    case 'failed': {
      if (status !== 'RIN') return nextCallSessionStatus(status, 'fail');
      const action = { RJC: 'reject', NOA: 'noAnswer', FAI: 'fail' } as const;
      return nextCallSessionStatus(status, action[phoneStatusOfFailure(sipStatus)]);
    }
  }
}

export const phoneCallEndpoints = {
  /** The signed-in agent's SIP credential; 503 when this deployment runs no SIP server. */
  sipCredential: defineEndpoint({
    method: 'GET',
    path: '/api/calls/sip-credential',
    response: sipCredentialSchema,
  }),
  /**
   * An outbound phone call from the call centre or telesales: a ringing session for the number (linked to the
   * contact of that number); the browser then dials `number` with its SIP phone.
   */
  dial: defineEndpoint({
    method: 'POST',
    path: '/api/calls/phone/dial',
    body: z.object({ number: z.string({ message: 'calls.invalidNumber' }).max(40, 'calls.invalidNumber') }),
    response: z.object({ session: callSessionSchema, number: z.string() }),
  }),
  /** What the agent's SIP phone saw: answered (200), held, resumed, ended, or failed with the SIP response. */
  outcome: defineEndpoint({
    method: 'POST',
    path: '/api/calls/phone/sessions/:id/outcome',
    body: z.object({
      outcome: z.enum(PHONE_CALL_OUTCOMES),
      sipStatus: z.number().int().min(100).max(699).nullable().optional(),
    }),
    response: callSessionSchema,
  }),
} as const;

export const PHONE_CALL_MESSAGES = {
  'calls.phoneUnavailable': {
    en: 'Phone calls are not available: this server runs no SIP server.',
    id: 'Panggilan telepon tidak tersedia: server ini tidak menjalankan server SIP.',
  },
} as const;

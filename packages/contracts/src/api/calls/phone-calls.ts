import { z } from 'zod';
import type { Permission } from '../../permissions/permissions.js';
import { defineEndpoint } from '../endpoint.js';

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

export const phoneCallEndpoints = {
  /** The signed-in agent's SIP credential; 503 when this deployment runs no SIP server. */
  sipCredential: defineEndpoint({
    method: 'GET',
    path: '/api/calls/sip-credential',
    response: sipCredentialSchema,
  }),
} as const;

export const PHONE_CALL_MESSAGES = {
  'calls.phoneUnavailable': {
    en: 'Phone calls are not available: this server runs no SIP server.',
    id: 'Panggilan telepon tidak tersedia: server ini tidak menjalankan server SIP.',
  },
} as const;

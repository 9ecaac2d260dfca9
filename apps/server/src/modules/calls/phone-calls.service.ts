import {
  agentSipUser,
  can,
  PHONE_CALL_PERMISSIONS,
  SIP_CREDENTIAL_SECONDS,
  type SipCredentialResponse,
} from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, forbidden } from '../../platform/http/errors.js';
import { sipCredentialFor } from '../../platform/telephony/sip-credentials.js';

/** A user of any call page (000 §2: inbound calls, call centre, telesales) may use the browser phone. */
export function mayUsePhone(auth: AuthContext): boolean {
  return PHONE_CALL_PERMISSIONS.some((p) => can(auth.subject, p, 'READ'));
}

/**
 * The signed-in agent's SIP credential (auth_ephemeral): it registers and calls only as `<business>.<user>`,
 * for an hour; nothing is stored — Kamailio recomputes the password from the username and the shared secret.
 */
export function sipCredentialOf(deps: Pick<ServerDeps, 'config'>, auth: AuthContext): SipCredentialResponse {
  if (!mayUsePhone(auth)) throw forbidden();
  const telephony = deps.config.telephony;
  if (!telephony) throw new AppError(503, 'calls.phoneUnavailable');
  const user = agentSipUser(auth.clientId, auth.userId);
  const credential = sipCredentialFor(telephony.secret, user, SIP_CREDENTIAL_SECONDS, new Date());
  return {
    wsUrl: telephony.wsUrl,
    domain: telephony.domain,
    user,
    username: credential.username,
    password: credential.password,
    expiresAt: credential.expiresAt.getTime(),
  };
}

import { accountEndpoints, authEndpoints, csCapabilitiesOf } from '@sapa/contracts';
import { AUTHENTICATED, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import type { SendNotificationJob } from '../notifications/notifications.jobs.js';
import { setAgentStatus } from '../teams/index.js';
import * as account from './account.service.js';
import { MeCache } from './me-cache.js';
import * as reset from './password-reset.service.js';
import { endSession, rotateSession } from './sessions.js';
import { completeMfaSignIn, createSignInLimits, signIn } from './sign-in.service.js';

/** Sign-in, tokens, forgot password (public) and the signed-in user's own account (000 §7 identity calls). */
export function registerIdentityRoutes(
  r: RouteRegistrar,
  deps: ServerDeps,
  jobs: { notify: SendNotificationJob },
) {
  const limits = createSignInLimits();
  const meCache = new MeCache(deps.bus);

  route(r, authEndpoints.login, PUBLIC, ({ body, request }) =>
    signIn(deps, limits, { ...body, ip: request.ip }),
  );
  route(r, authEndpoints.loginMfa, PUBLIC, ({ body, request }) =>
    completeMfaSignIn(deps, { ...body, ip: request.ip }),
  );
  route(r, authEndpoints.refresh, PUBLIC, ({ body }) => rotateSession(deps, body.refreshToken));
  route(r, authEndpoints.logout, AUTHENTICATED, async ({ request }) => {
    const auth = requireAuth(request);
    // 000 §4 logout: revokes CS availability (an agent who can be assigned goes offline; Auto Assign
    // passes them by). Users without such a position have no status to switch back.
    if (auth.csPosition && csCapabilitiesOf(auth.csPosition).canBeAssigned)
      await setAgentStatus(deps, auth, 'offline');
    await endSession(deps, auth.clientId, auth.sessionId);
    return { ok: true as const };
  });
  route(r, authEndpoints.forgotPassword, PUBLIC, ({ body }) =>
    reset.requestPasswordReset(deps, jobs.notify, body),
  );
  route(r, authEndpoints.verifyResetOtp, PUBLIC, ({ body }) => reset.verifyPasswordResetOtp(deps, body));
  route(r, authEndpoints.resetPassword, PUBLIC, async ({ body }) => {
    await reset.completePasswordReset(deps, body);
    return { ok: true as const };
  });

  route(r, accountEndpoints.me, AUTHENTICATED, ({ request }) =>
    account.getMe(deps, requireAuth(request), meCache),
  );
  route(r, accountEndpoints.changePassword, AUTHENTICATED, async ({ body, request }) => {
    await account.changePassword(deps, requireAuth(request), body);
    return { ok: true as const };
  });
  route(r, accountEndpoints.mfaStatus, AUTHENTICATED, ({ request }) =>
    account.getMfaStatus(deps, requireAuth(request)),
  );
  route(r, accountEndpoints.mfaSetup, AUTHENTICATED, ({ request }) =>
    account.startMfaSetup(deps, requireAuth(request)),
  );
  route(r, accountEndpoints.mfaActivate, AUTHENTICATED, async ({ body, request }) => {
    await account.activateMfa(deps, requireAuth(request), body.code);
    return { enabled: true };
  });
  route(r, accountEndpoints.mfaDeactivate, AUTHENTICATED, async ({ body, request }) => {
    await account.deactivateMfa(deps, requireAuth(request), body.code);
    return { enabled: false };
  });
}

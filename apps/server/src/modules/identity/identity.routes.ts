import { accountEndpoints, identityEndpoints } from '@sapa/contracts';
import { AUTHENTICATED, type AuthContext, PUBLIC, requireAuth } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as account from './account.service.js';
import { MeCache } from './me-cache.js';
import * as reset from './password-reset.service.js';
import { endSession, rotateSession } from './sessions.js';
import { completeMfaSignIn, createSignInLimits, type SignInHook, signIn } from './sign-in.service.js';

export type { SignInHook } from './sign-in.service.js';

/** What modules above identity do as a user signs out, before the session ends (teams: the agent goes offline). */
export type SignOutHook = (auth: AuthContext) => Promise<void>;

/** Sign-in, tokens, forgot password (public) and the signed-in user's own account (000 §7 identity calls). */
export function registerIdentityRoutes(
  r: RouteRegistrar,
  deps: ServerDeps,
  ports: { sendCode: reset.SendCode; onSignOut: SignOutHook; onSignIn: SignInHook },
) {
  const limits = createSignInLimits();
  const meCache = new MeCache(deps.bus);

  route(r, identityEndpoints.login, PUBLIC, ({ body, request }) =>
    signIn(deps, limits, { ...body, ip: request.ip }, ports.onSignIn),
  );
  route(r, identityEndpoints.loginMfa, PUBLIC, ({ body, request }) =>
    completeMfaSignIn(deps, { ...body, ip: request.ip }, ports.onSignIn),
  );
  route(r, identityEndpoints.refresh, PUBLIC, ({ body }) => rotateSession(deps, body.refreshToken));
  route(r, identityEndpoints.logout, AUTHENTICATED, async ({ request }) => {
    const auth = requireAuth(request);
    await ports.onSignOut(auth);
    await endSession(deps, auth.clientId, auth.sessionId);
    return { ok: true as const };
  });
  route(r, identityEndpoints.forgotPassword, PUBLIC, ({ body }) =>
    reset.requestPasswordReset(deps, ports.sendCode, body),
  );
  route(r, identityEndpoints.verifyResetOtp, PUBLIC, ({ body }) => reset.verifyPasswordResetOtp(deps, body));
  route(r, identityEndpoints.resetPassword, PUBLIC, async ({ body }) => {
    await reset.completePasswordReset(deps, body);
    return { ok: true as const };
  });

  route(r, accountEndpoints.me, AUTHENTICATED, ({ request }) =>
    account.getMe(deps, requireAuth(request), meCache),
  );
  route(r, accountEndpoints.language, AUTHENTICATED, async ({ body, request }) => {
    await account.setLanguage(deps, requireAuth(request), body.language);
    return { language: body.language };
  });
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

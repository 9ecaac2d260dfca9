import { signupEndpoints } from '@sapa/contracts';
import { PUBLIC } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import * as signUp from './signup.service.js';

/** The public sign-up (000 §2 /register, /sign-up/*): every step is named by the sign-up token in the body. */
export function registerSignupRoutes(
  r: RouteRegistrar,
  deps: ServerDeps,
  ports: { sendCode: signUp.SendSignUpCode },
) {
  route(r, signupEndpoints.start, PUBLIC, ({ body, request }) =>
    signUp.startSignUp(deps, ports.sendCode, body, request.ip),
  );
  route(r, signupEndpoints.state, PUBLIC, ({ body }) => signUp.readSignUp(deps, body.token));
  route(r, signupEndpoints.resendCode, PUBLIC, ({ body }) =>
    signUp.resendCode(deps, ports.sendCode, body.token),
  );
  route(r, signupEndpoints.verifyCode, PUBLIC, ({ body }) => signUp.verifyCode(deps, body));
  route(r, signupEndpoints.saveStore, PUBLIC, ({ body }) => signUp.saveStore(deps, body));
  route(r, signupEndpoints.wabaConfig, PUBLIC, async () => {
    const meta = deps.config.metaApp;
    return {
      embeddedSignup: meta
        ? {
            appId: meta.appId,
            configId: meta.configId,
            dialogUrl: meta.dialogUrl,
            origin: new URL(meta.dialogUrl).origin,
          }
        : null,
    };
  });
  route(r, signupEndpoints.connectWaba, PUBLIC, ({ body }) => signUp.connectWaba(deps, body));
  route(r, signupEndpoints.skipWaba, PUBLIC, ({ body }) => signUp.skipWaba(deps, body.token));
  route(r, signupEndpoints.complete, PUBLIC, ({ body }) => signUp.completeSignUp(deps, body));
}

import { type AccessSubject, type Action, can, type Permission } from '@sapa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.js';
import type { RevokedSessions } from './revoked-sessions.js';
import type { AccessClaims, TokenService } from './tokens.js';

/**
 * What a route needs from its caller. Every route declares one (a test walks the registered routes):
 * - `public`: anyone (sign-in, webhooks, app info);
 * - `authenticated`: any signed-in user (their own account, common access of 000 §6);
 * - a permission and action of the 000 §6 model.
 */
export type RouteAccess =
  | { public: true }
  | { authenticated: true }
  | { permission: Permission; action: Action };

export interface AuthContext extends AccessClaims {
  subject: AccessSubject;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const PUBLIC: RouteAccess = { public: true };
export const AUTHENTICATED: RouteAccess = { authenticated: true };
export const needs = (permission: Permission, action: Action = 'READ'): RouteAccess => ({
  permission,
  action,
});

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

/** The request's signed-in user, or a 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The auth context of a set of claims, built once per verified token (claims objects are cached). */
const contexts = new WeakMap<AccessClaims, AuthContext>();
export function authContextOf(claims: AccessClaims): AuthContext {
  let context = contexts.get(claims);
  if (!context) {
    context = {
      ...claims,
      subject: {
        role: claims.role,
        userFeatures: claims.featureAccess,
        clientPlanFeatures: claims.planFeatures,
        accountCountry: claims.accountCountry,
      },
    };
    contexts.set(claims, context);
  }
  return context;
}

/**
 * The claims behind an auth context, without what is derived from them: what a background job (an export, a
 * bulk action) keeps to act later as the user who asked for it.
 */
export function claimsOf(auth: AuthContext): AccessClaims {
  return {
    userId: auth.userId,
    clientId: auth.clientId,
    sessionId: auth.sessionId,
    role: auth.role,
    csPosition: auth.csPosition,
    featureAccess: auth.featureAccess,
    planFeatures: auth.planFeatures,
    accountCountry: auth.accountCountry,
  };
}

/**
 * Installs the guard: records every route's declared access and gives each route its own onRequest hook
 * that authenticates the bearer token, refuses revoked sessions and checks the declared permission. A
 * route that declares nothing is refused.
 */
export function installRouteAccess(
  app: FastifyInstance,
  deps: { tokens: TokenService; revoked: RevokedSessions; routes: RegisteredRoute[] },
): void {
  app.decorateRequest('auth', null);

  const authenticate = (request: FastifyRequest, claims: AccessClaims) => {
    if (deps.revoked.isRevoked(claims.sessionId)) throw unauthorized('auth.sessionExpired');
    request.auth = authContextOf(claims);
  };
  const authorise = (request: FastifyRequest, access: RouteAccess | undefined) => {
    if (!access) throw forbidden();
    if ('public' in access) return;
    const auth = requireAuth(request);
    if ('permission' in access && !can(auth.subject, access.permission, access.action)) throw forbidden();
  };

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      deps.routes.push({ method, url: route.url, access });
    }
    const guard = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      try {
        const token = bearerToken(request);
        if (token) {
          // A token verified before is answered without waiting; a new one is verified asynchronously.
          const known = deps.tokens.peekVerified(token);
          if (!known) {
            deps.tokens.verifyAccess(token).then(
              (claims) => {
                try {
                  authenticate(request, claims);
                  authorise(request, access);
                  done();
                } catch (err) {
                  done(err as Error);
                }
              },
              () => done(unauthorized('auth.sessionExpired')),
            );
            return;
          }
          authenticate(request, known);
        }
        authorise(request, access);
        done();
      } catch (err) {
        done(err as Error);
      }
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}

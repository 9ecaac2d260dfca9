import { type AccessSubject, type Action, can, type Permission } from '@sapa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * Installs the guard: records every route's declared access, authenticates bearer tokens, refuses revoked
 * sessions and checks the declared permission on the server. A route that declares nothing is refused.
 */
export function installRouteAccess(
  app: FastifyInstance,
  deps: { tokens: TokenService; revoked: RevokedSessions; routes: RegisteredRoute[] },
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      deps.routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!request.routeOptions.url) return; // the not-found handler answers 404
    if (!access) throw forbidden();
    const token = bearerToken(request);
    if (token) {
      let claims: AccessClaims;
      try {
        claims = await deps.tokens.verifyAccess(token);
      } catch {
        throw unauthorized('auth.sessionExpired');
      }
      if (deps.revoked.isRevoked(claims.sessionId)) throw unauthorized('auth.sessionExpired');
      request.auth = {
        ...claims,
        subject: {
          role: claims.role,
          userFeatures: claims.featureAccess,
          clientPlanFeatures: claims.planFeatures,
          accountCountry: claims.accountCountry,
        },
      };
    }
    if ('public' in access) return;
    const auth = requireAuth(request);
    if ('permission' in access && !can(auth.subject, access.permission, access.action)) throw forbidden();
  });
}

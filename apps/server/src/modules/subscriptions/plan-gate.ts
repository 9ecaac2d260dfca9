import { type Permission, PLAN_NEEDS } from '@sapa/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { DbOrTx } from '../../platform/db/database.js';
import { requirePlan } from '../tenancy/index.js';

/**
 * 001 §6 on the server: every route whose declared permission the plan gates (`PLAN_NEEDS`: broadcast,
 * template, chatbot, chat credits, chat history; WhatsApp ones need Pro or Enterprise) gets a check after the
 * access guard, so a route added later under those permissions is gated too. Install before the routes.
 */
export function installPlanGate(app: FastifyInstance, db: DbOrTx): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const needs = access && 'permission' in access ? PLAN_NEEDS[access.permission as Permission] : undefined;
    if (!needs) return;
    const gate: onRequestAsyncHookHandler = async (request) => {
      if (request.auth) await requirePlan(db, request.auth.clientId, needs);
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), gate] : [gate];
  });
}

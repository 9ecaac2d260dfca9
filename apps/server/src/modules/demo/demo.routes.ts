import { appEndpoints } from '@sapa/contracts';
import { desc, eq } from 'drizzle-orm';
import { PUBLIC } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { outboxMessages } from './demo.schema.js';

/** App info for the web shell (version, partner profile) and, in demo mode only, the demo outbox. */
export function registerAppRoutes(r: RouteRegistrar, deps: ServerDeps) {
  route(r, appEndpoints.info, PUBLIC, async () => ({
    version: deps.version,
    partner: deps.partner,
    demo: deps.config.demo,
  }));

  if (!deps.config.demo) return;
  route(r, appEndpoints.demoOutbox, PUBLIC, async ({ query }) => {
    const rows = await deps.db
      .select()
      .from(outboxMessages)
      .where(query.recipient ? eq(outboxMessages.recipient, query.recipient) : undefined)
      .orderBy(desc(outboxMessages.createdAt))
      .limit(50);
    return { items: rows.map((m) => ({ ...m, createdAt: m.createdAt.getTime() })) };
  });
}

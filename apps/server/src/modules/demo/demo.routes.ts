import { appEndpoints, normalisePhone } from '@sapa/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { PUBLIC } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { type RouteRegistrar, route } from '../../platform/http/route.js';
import { outboxMessages } from './demo.schema.js';

/** An email matches whatever its case; a phone number matches as 62… however it is typed (08…, +62…). */
function recipientIs(recipient: string) {
  return recipient.includes('@')
    ? sql`lower(${outboxMessages.recipient}) = ${recipient.trim().toLowerCase()}`
    : eq(outboxMessages.recipient, normalisePhone(recipient, 'account') ?? recipient.trim());
}

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
      .where(query.recipient ? recipientIs(query.recipient) : undefined)
      .orderBy(desc(outboxMessages.createdAt))
      .limit(50);
    return { items: rows.map((m) => ({ ...m, createdAt: m.createdAt.getTime() })) };
  });
}

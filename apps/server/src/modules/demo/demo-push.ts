import type { PushServiceSimulator } from '@sapa/simulators';
import type { ServerDeps } from '../../platform/deps.js';
import { upsertDemoSubscription } from '../push/index.js';
import { inboxMembersOf } from './demo.repository.js';
import { findDemoBusinessId } from './demo.seed.js';

/**
 * Demo mode: the Web Push service simulator in this process (PUSH_SIM_PORT, PORT + 11), allowed as a push
 * service, with one simulated browser per inbox member of the demo business subscribed. Its page lists every
 * push Sapa sent (VAPID verified, payload decrypted): sign an agent out of every tab (or set them offline) and
 * assign them a chat to see one arrive. A real browser subscribes at its own vendor's service as usual.
 */
export async function startDemoPush(
  deps: ServerDeps,
  options: { port: number },
): Promise<{ sim: PushServiceSimulator; pageUrl: string } | null> {
  const demoId = await findDemoBusinessId(deps.db);
  if (!demoId) return null;
  const { startPushServiceSimulator } = await import('@sapa/simulators');
  const advertised = new URL(deps.config.publicUrl);
  advertised.port = String(options.port);
  const sim = await startPushServiceSimulator({
    port: options.port,
    host: deps.config.host,
    publicUrl: advertised.origin,
  });
  deps.config.push.extraServiceOrigins.push(sim.url);
  for (const member of await inboxMembersOf(deps.db, demoId)) {
    const device = sim.subscribe(member.email);
    await upsertDemoSubscription(deps, { clientId: demoId, userId: member.userId }, device);
  }
  return { sim, pageUrl: `${sim.url}/` };
}

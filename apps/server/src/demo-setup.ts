import { type DemoPlan, seedDemoBusiness } from './modules/demo/demo.seed.js';
import { seedDemoCatalogue } from './modules/demo/demo-catalogue.js';
import { turnOnAutoAssign } from './modules/teams/agents.service.js';
import type { ServerDeps } from './platform/deps.js';

/**
 * The demo business of a first start (README): its members, templates, and automatic assignment on.
 * Customer Service 1 and 2 see only chats handed to them (000 §6), so automatic assignment gives the demo's
 * customer chats to the online agents in turn and each agent's inbox fills (issue 16). Composed here, at
 * the app's edge, because the demo module may not reach into teams. The demo shop gets a small catalogue
 * (issue 19). Returns whether it created it.
 */
export async function setUpDemoBusiness(deps: ServerDeps, plan: DemoPlan = 'PRO'): Promise<boolean> {
  const clientId = await seedDemoBusiness(deps.db, plan);
  if (!clientId) return false;
  await turnOnAutoAssign(deps.db, clientId);
  await seedDemoCatalogue(deps, clientId);
  return true;
}

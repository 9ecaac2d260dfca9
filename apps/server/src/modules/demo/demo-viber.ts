import { randomBytes } from 'node:crypto';
import type { ViberSimulator } from '@sapa/simulators';
import type { ServerDeps } from '../../platform/deps.js';
import {
  findConnectedAccount,
  insertViberAccount,
  openSecrets,
  setViberApiBaseUrl,
  setViberWebhook,
  type ViberSecrets,
  viberBotOf,
  viberConfigOf,
} from '../channels/index.js';
import { findDemoBusinessId } from './demo.seed.js';

const DEMO_BOT = { uri: 'tokosapademo', name: 'Toko Sapa Viber' };

/** A token shaped like Viber's: three groups of 16 hex digits. */
const newDemoToken = () => [0, 1, 2].map(() => randomBytes(8).toString('hex')).join('-');

/**
 * Demo mode: the Viber REST bot API simulator in this process, with the demo business's bot connected to it
 * (idempotent across restarts: the stored bot is registered again with its stored token, pointed at the
 * simulator's new address, and its webhook set again through the API — Viber's check callback included — as a
 * real connection does).
 */
export async function startDemoViber(
  deps: ServerDeps,
  options: { port: number },
): Promise<{ sim: ViberSimulator; customerPageUrl: string } | null> {
  const demoId = await findDemoBusinessId(deps.db);
  if (!demoId) return null;
  const { startViberSimulator } = await import('@sapa/simulators');
  const advertised = new URL(deps.config.publicUrl);
  advertised.port = String(options.port);
  const sim = await startViberSimulator({
    port: options.port,
    host: deps.config.host,
    publicUrl: advertised.origin,
  });
  let account = await findConnectedAccount(deps.db, demoId, 'VBR');
  const token = account ? openSecrets<ViberSecrets>(deps, account).authToken : newDemoToken();
  const uri = account ? viberConfigOf(account).botUri : DEMO_BOT.uri;
  sim.registerBot({ token, name: account?.name ?? DEMO_BOT.name, uri });
  if (!account) {
    const bot = await viberBotOf({ apiBaseUrl: sim.apiBaseUrl, authToken: token });
    if (!bot.ok) throw new Error(`demo Viber bot not found: ${bot.description}`);
    account = await insertViberAccount(deps, demoId, {
      name: DEMO_BOT.name,
      config: { viberBotId: bot.value.id, botUri: uri, apiBaseUrl: sim.apiBaseUrl },
      secrets: { authToken: token },
    });
  } else if (viberConfigOf(account).apiBaseUrl !== sim.apiBaseUrl) {
    account = await setViberApiBaseUrl(deps.db, account, sim.apiBaseUrl);
  }
  const hooked = await setViberWebhook(deps, account);
  if (!hooked.ok) deps.logger.warn({ status: hooked.status }, 'demo Viber webhook not set');
  return { sim, customerPageUrl: `${sim.url}/?bot=${uri}` };
}

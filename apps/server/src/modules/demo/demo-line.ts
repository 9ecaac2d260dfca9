import { randomBytes } from 'node:crypto';
import type { LineSimulator } from '@sapa/simulators';
import type { ServerDeps } from '../../platform/deps.js';
import {
  findConnectedAccount,
  insertLineAccount,
  type LineSecrets,
  lineConfigOf,
  openSecrets,
  setLineBaseUrls,
  setLineWebhook,
} from '../channels/index.js';
import { findDemoBusinessId } from './demo.seed.js';

const DEMO_OA = { basicId: '@tokosapademo', displayName: 'Toko Sapa LINE' };

/**
 * Demo mode: the LINE Messaging API simulator in this process, with the demo business's Official Account
 * connected to it (idempotent across restarts: the stored account is registered again with its stored
 * secret, token and bot id, pointed at the simulator's new address, and its webhook endpoint set and tested
 * again through the Messaging API, as a real connection does).
 */
export async function startDemoLine(
  deps: ServerDeps,
  options: { port: number },
): Promise<{ sim: LineSimulator; customerPageUrl: string } | null> {
  const demoId = await findDemoBusinessId(deps.db);
  if (!demoId) return null;
  const { startLineSimulator } = await import('@sapa/simulators');
  const advertised = new URL(deps.config.publicUrl);
  advertised.port = String(options.port);
  const sim = await startLineSimulator({
    port: options.port,
    host: deps.config.host,
    publicUrl: advertised.origin,
  });
  const hosts = { apiBaseUrl: sim.apiBaseUrl, dataBaseUrl: sim.dataBaseUrl };
  let account = await findConnectedAccount(deps.db, demoId, 'LNE');
  if (!account) {
    account = await insertLineAccount(deps, demoId, {
      name: DEMO_OA.displayName,
      config: {
        botUserId: `U${randomBytes(16).toString('hex')}`,
        basicId: DEMO_OA.basicId,
        ...hosts,
        webhookVerifiedAt: null,
      },
      secrets: {
        channelSecret: randomBytes(16).toString('hex'),
        accessToken: randomBytes(96).toString('base64'),
      },
    });
  } else if (lineConfigOf(account).apiBaseUrl !== sim.apiBaseUrl) {
    account = await setLineBaseUrls(deps.db, account, hosts);
  }
  // The connected account: the demo's own, or one the owner connected since (made on the simulator).
  const { channelSecret, accessToken } = openSecrets<LineSecrets>(deps, account);
  const { botUserId, basicId } = lineConfigOf(account);
  sim.registerChannel({ basicId, displayName: account.name, botUserId, channelSecret, accessToken });
  const hooked = await setLineWebhook(deps, account);
  if (!hooked.ok) deps.logger.warn({ status: hooked.status }, 'demo LINE webhook not set');
  return { sim, customerPageUrl: `${sim.url}/?account=${encodeURIComponent(basicId)}` };
}

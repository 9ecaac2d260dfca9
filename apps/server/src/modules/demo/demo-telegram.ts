import { randomBytes } from 'node:crypto';
import type { TelegramSimulator } from '@sapa/simulators';
import type { ServerDeps } from '../../platform/deps.js';
import {
  findConnectedAccount,
  insertTelegramAccount,
  openSecrets,
  setTelegramApiBaseUrl,
  setTelegramWebhook,
  type TelegramSecrets,
  telegramConfigOf,
} from '../channels/index.js';
import { findDemoBusinessId } from './demo.seed.js';

const DEMO_BOT = { id: '7000000001', username: 'TokoSapaDemoBot', firstName: 'Toko Sapa Demo' };

/**
 * Demo mode: the Telegram Bot API simulator in this process, with the demo business's bot connected to it
 * (idempotent across restarts: the stored bot is registered again with its stored token, pointed at the
 * simulator's new address, and its webhook set again through the Bot API, as a real connection does).
 */
export async function startDemoTelegram(
  deps: ServerDeps,
  options: { port: number },
): Promise<{ sim: TelegramSimulator; customerPageUrl: string } | null> {
  const demoId = await findDemoBusinessId(deps.db);
  if (!demoId) return null;
  const { startTelegramSimulator } = await import('@sapa/simulators');
  const advertised = new URL(deps.config.publicUrl);
  advertised.port = String(options.port);
  const sim = await startTelegramSimulator({
    port: options.port,
    host: deps.config.host,
    publicUrl: advertised.origin,
  });
  let account = await findConnectedAccount(deps.db, demoId, 'TLG');
  if (!account) {
    account = await insertTelegramAccount(deps, demoId, {
      name: DEMO_BOT.firstName,
      config: { botId: DEMO_BOT.id, botUsername: DEMO_BOT.username, apiBaseUrl: sim.apiBaseUrl },
      secrets: {
        botToken: `${DEMO_BOT.id}:${randomBytes(26).toString('base64url')}`,
        webhookSecret: randomBytes(32).toString('base64url'),
      },
    });
  } else if (telegramConfigOf(account).apiBaseUrl !== sim.apiBaseUrl) {
    account = await setTelegramApiBaseUrl(deps.db, account, sim.apiBaseUrl);
  }
  const { botToken } = openSecrets<TelegramSecrets>(deps, account);
  // The connected bot: the demo's own, or one the owner connected since (made on the simulator).
  const { botUsername } = telegramConfigOf(account);
  sim.registerBot({ token: botToken, username: botUsername, firstName: account.name });
  const hooked = await setTelegramWebhook(deps, account);
  if (!hooked.ok) deps.logger.warn({ code: hooked.code }, 'demo Telegram webhook not set');
  return { sim, customerPageUrl: `${sim.url}/?bot=${botUsername}` };
}

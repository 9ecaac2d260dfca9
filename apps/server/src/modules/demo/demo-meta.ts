import { randomBytes } from 'node:crypto';
import type { MetaPlatformName, MetaSimulator } from '@sapa/simulators';
import type { ServerDeps } from '../../platform/deps.js';
import {
  type ChannelAccountRow,
  findConnectedAccount,
  INSTAGRAM,
  insertMetaAccount,
  MESSENGER,
  type MetaMessagingSecrets,
  type MetaPlatform,
  metaMessagingConfigOf,
  newVerifyToken,
  openSecrets,
  setMetaGraphBaseUrl,
  webhookUrlOf,
} from '../channels/index.js';
import { findDemoBusinessId } from './demo.seed.js';

/** The demo's Facebook Page and Instagram account. */
const DEMO_ACCOUNTS: readonly {
  platform: MetaPlatform;
  sim: MetaPlatformName;
  name: string;
  username?: string;
}[] = [
  { platform: MESSENGER, sim: 'messenger', name: 'Toko Sapa' },
  { platform: INSTAGRAM, sim: 'instagram', name: 'Toko Sapa IG', username: 'tokosapa_ig' },
];

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

/**
 * Demo mode: the Meta messaging simulator in this process, with the demo business's Facebook Page and Instagram
 * account connected to it (idempotent across restarts: each stored account is registered again with its stored
 * id, token and app secret, pointed at the simulator's new address, and its webhook set in the simulated app's
 * settings with the URL and verify token Sapa shows, which Meta verifies with its GET handshake).
 */
export async function startDemoMeta(
  deps: ServerDeps,
  options: { port: number },
): Promise<{ sim: MetaSimulator; messengerPageUrl: string; instagramPageUrl: string } | null> {
  const demoId = await findDemoBusinessId(deps.db);
  if (!demoId) return null;
  const { startMetaSimulator } = await import('@sapa/simulators');
  const advertised = new URL(deps.config.publicUrl);
  advertised.port = String(options.port);
  const sim = await startMetaSimulator({
    port: options.port,
    host: deps.config.host,
    publicUrl: advertised.origin,
  });
  const pages: Record<MetaPlatformName, string> = {
    messenger: sim.pageUrl('messenger'),
    instagram: sim.pageUrl('instagram'),
  };
  for (const demo of DEMO_ACCOUNTS) {
    const account = await demoAccount(deps, demoId, sim, demo);
    const config = metaMessagingConfigOf(account);
    const { accessToken, appSecret } = openSecrets<MetaMessagingSecrets>(deps, account);
    sim.registerAccount({
      platform: demo.sim,
      name: account.name,
      ...(demo.username ? { username: demo.username } : {}),
      id: config.metaAccountId,
      accessToken,
      appSecret,
    });
    const callbackUrl = webhookUrlOf(deps, account)!;
    if (!(await sim.setWebhook(config.metaAccountId, { callbackUrl, verifyToken: config.verifyToken })))
      deps.logger.warn({ channel: demo.platform.code }, 'demo Meta webhook not verified');
    pages[demo.sim] = sim.pageUrl(demo.sim, config.metaAccountId);
  }
  return { sim, messengerPageUrl: pages.messenger, instagramPageUrl: pages.instagram };
}

/** The demo business's connected account of the platform: its own, or a new one made on the simulator. */
async function demoAccount(
  deps: ServerDeps,
  demoId: string,
  sim: MetaSimulator,
  demo: (typeof DEMO_ACCOUNTS)[number],
): Promise<ChannelAccountRow> {
  const found = await findConnectedAccount(deps.db, demoId, demo.platform.code);
  if (found) {
    if (metaMessagingConfigOf(found).graphBaseUrl === sim.graphBaseUrl) return found;
    return setMetaGraphBaseUrl(deps.db, found, sim.graphBaseUrl);
  }
  const id = `${demo.platform.code === 'IGM' ? '178414' : '1000'}${digits(11)}`;
  return insertMetaAccount(deps, demo.platform, demoId, {
    name: demo.name,
    address: demo.username ? `@${demo.username}` : demo.name,
    config: { metaAccountId: id, graphBaseUrl: sim.graphBaseUrl, verifyToken: newVerifyToken() },
    secrets: {
      accessToken: `EAAG${randomBytes(60).toString('base64url')}`,
      appSecret: randomBytes(16).toString('hex'),
    },
  });
}

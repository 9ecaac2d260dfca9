import { randomBytes } from 'node:crypto';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import type { ServerDeps } from '../../platform/deps.js';
import { DEMO_BUSINESS_NAME } from '../demo/demo.seed.js';
import { seedExpiredDemoChat } from '../demo/demo-templates.js';
import { clients } from '../tenancy/tenancy.schema.js';
import { channelAccounts, whatsappConfigOf } from './channels.schema.js';
import { insertWhatsappCloudAccount, openSecrets, webhookUrlOf } from './channels.service.js';

const DEMO_NUMBER = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  displayPhoneNumber: '6281100000000',
};

/**
 * Demo mode: the WhatsApp Cloud simulator in this process, with the demo business's number connected to it
 * (idempotent across restarts: an existing account is re-registered with its stored secrets).
 */
export async function startDemoWhatsapp(
  deps: ServerDeps,
  options: { port: number },
): Promise<{ sim: WhatsappCloudSimulator; customerPageUrl: string } | null> {
  const [demo] = await deps.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.name, DEMO_BUSINESS_NAME));
  if (!demo) return null;
  const { startWhatsappCloudSimulator } = await import('@sapa/simulators');
  const advertised = new URL(deps.config.publicUrl);
  advertised.port = String(options.port);
  const sim = await startWhatsappCloudSimulator({
    port: options.port,
    host: deps.config.host,
    publicUrl: advertised.origin,
  });
  const graphBaseUrl = sim.graphBaseUrl;
  let [account] = await deps.db
    .select()
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.clientId, demo.id),
        eq(channelAccounts.channel, 'WAP'),
        eq(channelAccounts.status, 'connected'),
      ),
    );
  if (!account) {
    account = await insertWhatsappCloudAccount(deps, demo.id, {
      name: 'WhatsApp Demo',
      ...DEMO_NUMBER,
      accessToken: randomBytes(24).toString('base64url'),
      appSecret: randomBytes(24).toString('base64url'),
      verifyToken: randomBytes(16).toString('base64url'),
      graphBaseUrl,
    });
    await seedExpiredDemoChat(deps.db, demo.id, account.id);
  } else if (whatsappConfigOf(account).graphBaseUrl !== graphBaseUrl) {
    await deps.db
      .update(channelAccounts)
      .set({ config: { ...account.config, graphBaseUrl } })
      .where(and(eq(channelAccounts.clientId, demo.id), eq(channelAccounts.id, account.id)));
  }
  const secrets = openSecrets(deps, account);
  const config = whatsappConfigOf(account);
  sim.registerNumber({
    phoneNumberId: config.phoneNumberId,
    wabaId: config.wabaId,
    displayPhoneNumber: config.displayPhoneNumber,
    accessToken: secrets.accessToken,
    appSecret: secrets.appSecret,
    webhookUrl: webhookUrlOf(deps, account)!,
    businessName: DEMO_BUSINESS_NAME,
  });
  return { sim, customerPageUrl: `${sim.url}/` };
}

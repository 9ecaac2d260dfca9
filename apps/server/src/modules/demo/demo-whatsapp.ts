import { randomBytes } from 'node:crypto';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import type { AppConfig } from '../../platform/config.js';
import type { ServerDeps } from '../../platform/deps.js';
import {
  findConnectedAccount,
  insertWhatsappCloudAccount,
  openSecrets,
  setGraphBaseUrl,
  webhookUrlOf,
  whatsappConfigOf,
} from '../channels/index.js';
import { DEMO_BUSINESS_NAME, findDemoBusinessId } from './demo.seed.js';
import { seedExpiredDemoChat } from './demo-templates.js';

/** The platform's own sender number in the demo (one-time codes), and the demo's Meta app for Embedded Signup. */
const PLATFORM_NUMBER = {
  phoneNumberId: '106540352249999',
  wabaId: '102290129349999',
  displayPhoneNumber: '6281100009999',
};
const PLATFORM_SENDER_NAME = 'Sapa (kode OTP)';
const DEMO_META_APP_ID = '1029384756';

const DEMO_NUMBER = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  displayPhoneNumber: '6281100000000',
};

/**
 * Demo mode, before the app is built: the WhatsApp Cloud simulator in this process. Unless configured, it is
 * also the platform's own sender number (one-time codes go out through it and show on its customer phone page)
 * and plays Meta for the sign-up's Embedded Signup (a demo Meta app registered on it).
 */
export async function startDemoWhatsappSimulator(
  config: AppConfig,
  options: { port: number },
): Promise<WhatsappCloudSimulator> {
  const { startWhatsappCloudSimulator } = await import('@sapa/simulators');
  const advertised = new URL(config.publicUrl);
  advertised.port = String(options.port);
  const sim = await startWhatsappCloudSimulator({
    port: options.port,
    host: config.host,
    publicUrl: advertised.origin,
  });
  if (!config.delivery.whatsapp) {
    const accessToken = randomBytes(24).toString('base64url');
    sim.registerNumber({
      ...PLATFORM_NUMBER,
      accessToken,
      appSecret: randomBytes(24).toString('base64url'),
      // Nobody writes to the platform's number: its webhooks have nowhere to go.
      webhookUrl: '',
      businessName: PLATFORM_SENDER_NAME,
    });
    config.delivery.whatsapp = {
      phoneNumberId: PLATFORM_NUMBER.phoneNumberId,
      accessToken,
      graphBaseUrl: sim.graphBaseUrl,
      otpTemplate: 'sapa_otp',
      otpLanguage: 'id',
    };
  }
  if (!config.metaApp) {
    const app = { appId: DEMO_META_APP_ID, appSecret: randomBytes(24).toString('base64url'), name: 'Sapa' };
    sim.registerApp(app);
    config.metaApp = {
      ...app,
      configId: 'demo-embedded-signup',
      graphBaseUrl: sim.graphBaseUrl,
      dialogUrl: `${sim.graphBaseUrl}/dialog/oauth`,
    };
  }
  return sim;
}

/**
 * Demo mode: the demo business's number connected to the simulator (idempotent across restarts: an existing
 * account is re-registered with its stored secrets).
 */
export async function connectDemoWhatsapp(
  deps: ServerDeps,
  sim: WhatsappCloudSimulator,
): Promise<{ sim: WhatsappCloudSimulator; customerPageUrl: string } | null> {
  const demoId = await findDemoBusinessId(deps.db);
  if (!demoId) return null;
  const graphBaseUrl = sim.graphBaseUrl;
  let account = await findConnectedAccount(deps.db, demoId, 'WAP');
  if (!account) {
    account = await insertWhatsappCloudAccount(deps, demoId, {
      name: 'WhatsApp Demo',
      ...DEMO_NUMBER,
      accessToken: randomBytes(24).toString('base64url'),
      appSecret: randomBytes(24).toString('base64url'),
      verifyToken: randomBytes(16).toString('base64url'),
      graphBaseUrl,
    });
    await seedExpiredDemoChat(deps.db, demoId, account.id);
  } else if (whatsappConfigOf(account).graphBaseUrl !== graphBaseUrl) {
    await setGraphBaseUrl(deps.db, account, graphBaseUrl);
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

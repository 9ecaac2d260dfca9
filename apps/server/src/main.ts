import { buildApp, registerJobs } from './app.js';
import { setUpDemoBusiness } from './demo-setup.js';
import { startEmailListener, startImapReaders } from './modules/channels/index.js';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './modules/demo/demo.seed.js';
import { startDemoEmail } from './modules/demo/demo-email.js';
import { startDemoLine } from './modules/demo/demo-line.js';
import { startDemoLivechat } from './modules/demo/demo-livechat.js';
import { startDemoMeta } from './modules/demo/demo-meta.js';
import { startDemoPaymentGateway } from './modules/demo/demo-payments.js';
import { startDemoPhone } from './modules/demo/demo-phone.js';
import { startDemoPush } from './modules/demo/demo-push.js';
import { connectDemoShopee, startDemoShopee } from './modules/demo/demo-shopee.js';
import { restoreDemoShopify, startDemoShopify } from './modules/demo/demo-shopify.js';
import { startDemoTelegram } from './modules/demo/demo-telegram.js';
import { startDemoViber } from './modules/demo/demo-viber.js';
import { connectDemoWhatsapp, startDemoWhatsappSimulator } from './modules/demo/demo-whatsapp.js';
import { preloadRevokedSessions } from './modules/identity/sessions.js';
import { loadConfig } from './platform/config.js';
import { createServerDeps } from './platform/create-deps.js';
import { openDatabase } from './platform/db/database.js';
import { createLogger } from './platform/logging/logger.js';
import { readVersion } from './platform/partner.js';
import { startTelephonyIfInstalled } from './platform/telephony/telephony.js';

/** config → database → migrations → app → worker. `SAPA_ROLE` (api | worker | all) picks what runs. */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  // Demo without a gateway account: the payment gateway simulator (PAYMENT_SIM_PORT, default PORT + 2) is the
  // gateway, started before the app so that the payments module is built with its account.
  const demoPayments =
    config.demo && config.role !== 'worker' && !config.paymentGateway
      ? await startDemoPaymentGateway(config).catch((err) => {
          logger.warn({ err }, 'demo payment gateway simulator not started');
          return null;
        })
      : null;
  if (demoPayments) config.paymentGateway = demoPayments.gateway;
  // Demo without a Shopify app: the Shopify simulator (SHOPIFY_SIM_PORT, default PORT + 10) plays Shopify.
  const demoShopify =
    config.demo && config.role !== 'worker' && !config.shopify
      ? await startDemoShopify(config).catch((err) => {
          logger.warn({ err }, 'demo Shopify simulator not started');
          return null;
        })
      : null;
  if (demoShopify) config.shopify = demoShopify.app;
  // Demo without a Shopee partner app: the Shopee simulator (SHOPEE_SIM_PORT, default PORT + 12) plays Shopee.
  const demoShopee =
    config.demo && config.role !== 'worker' && !config.shopee
      ? await startDemoShopee(config).catch((err) => {
          logger.warn({ err }, 'demo Shopee simulator not started');
          return null;
        })
      : null;
  if (demoShopee) config.shopee = demoShopee.partner;
  // Demo: the WhatsApp Cloud simulator (SIM_PORT, default PORT + 1), started before the jobs are defined: unless
  // configured it is the platform's sender of one-time codes and plays Meta's Embedded Signup for sign-ups.
  const demoWhatsappSim =
    config.demo && config.role !== 'worker'
      ? await startDemoWhatsappSimulator(config, { port: config.simPort }).catch((err) => {
          logger.warn({ err }, 'demo WhatsApp simulator not started');
          return null;
        })
      : null;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const deps = createServerDeps({ config, database, logger, version: readVersion() });
  const { jobs, bus } = deps;
  await preloadRevokedSessions(deps);
  const jobDefs = registerJobs(deps);
  await jobs.start({ work: config.role !== 'api' });

  const seeded = config.demo ? await setUpDemoBusiness(deps, config.demoPlan) : false;
  const { app } = await buildApp(deps, jobDefs);
  if (config.role !== 'worker') await app.listen({ port: config.port, host: config.host });
  // Demo: the demo business's number connected to the WhatsApp simulator.
  const demoWhatsapp = demoWhatsappSim
    ? await connectDemoWhatsapp(deps, demoWhatsappSim).catch((err) => {
        logger.warn({ err }, 'demo WhatsApp number not connected');
        return null;
      })
    : null;
  // Demo: the Telegram Bot API simulator in-process (TELEGRAM_SIM_PORT, default PORT + 3) with the demo bot connected.
  const demoTelegram =
    config.demo && config.role !== 'worker'
      ? await startDemoTelegram(deps, { port: config.telegramSimPort }).catch((err) => {
          logger.warn({ err }, 'demo Telegram simulator not started');
          return null;
        })
      : null;
  // Demo: the LINE Messaging API simulator in-process (LINE_SIM_PORT, default PORT + 4) with the demo account connected.
  const demoLine =
    config.demo && config.role !== 'worker'
      ? await startDemoLine(deps, { port: config.lineSimPort }).catch((err) => {
          logger.warn({ err }, 'demo LINE simulator not started');
          return null;
        })
      : null;
  // Demo: the Meta (Messenger and Instagram) simulator in-process (META_SIM_PORT, default PORT + 5) with the demo
  // Page and Instagram account connected.
  const demoMeta =
    config.demo && config.role !== 'worker'
      ? await startDemoMeta(deps, { port: config.metaSimPort }).catch((err) => {
          logger.warn({ err }, 'demo Meta simulator not started');
          return null;
        })
      : null;
  // Demo: the Viber REST bot API simulator in-process (VIBER_SIM_PORT, default PORT + 6) with the demo bot connected.
  const demoViber =
    config.demo && config.role !== 'worker'
      ? await startDemoViber(deps, { port: config.viberSimPort }).catch((err) => {
          logger.warn({ err }, 'demo Viber simulator not started');
          return null;
        })
      : null;
  // Demo: the Web Push service simulator in-process (PUSH_SIM_PORT, default PORT + 11) with the demo agents'
  // simulated browsers subscribed.
  const demoPush =
    config.demo && config.role !== 'worker'
      ? await startDemoPush(deps, { port: config.push.simPort }).catch((err) => {
          logger.warn({ err }, 'demo push service simulator not started');
          return null;
        })
      : null;
  // Demo: the Shopify shop's templates and an install from before a restart.
  const demoShopifyShop = demoShopify
    ? await restoreDemoShopify(deps, demoShopify.sim).catch((err) => {
        logger.warn({ err }, 'demo Shopify shop not restored');
        return null;
      })
    : null;
  // Demo: the demo business's Shopee store connected on the simulator (or its stored tokens told to it again).
  const demoShopeeStore = demoShopee
    ? await connectDemoShopee(deps, demoShopee.sim).catch((err) => {
        logger.warn({ err }, 'demo Shopee store not connected');
        return null;
      })
    : null;
  // The email channel's inbound SMTP listener (SMTP_PORT; demo: PORT + 8).
  const smtpPort = config.email.smtpPort;
  const emailListener =
    smtpPort !== null && config.role !== 'worker'
      ? await startEmailListener(deps, { port: smtpPort, drain: jobDefs.whatsappInbound }).catch((err) => {
          logger.warn({ err }, 'email SMTP listener not started');
          return null;
        })
      : null;
  // The email accounts' mailboxes read over IMAP (background work: not on an API-only instance).
  const imapReaders =
    config.role !== 'api'
      ? await startImapReaders(deps, { drain: jobDefs.whatsappInbound }).catch((err) => {
          logger.warn({ err }, 'IMAP readers not started');
          return null;
        })
      : null;
  // Demo: the webmail simulator in-process (MAIL_SIM_PORT, PORT + 7; its SMTP MAIL_SIM_SMTP_PORT, PORT + 9).
  const demoEmail =
    config.demo && emailListener
      ? await startDemoEmail(deps, { sapaSmtpPort: emailListener.port }).catch((err) => {
          logger.warn({ err }, 'demo webmail simulator not started');
          return null;
        })
      : null;
  // Demo: a live-chat widget for the demo business, embedded in the demo shop page (/demo/shop).
  const demoShop =
    config.demo && config.role !== 'worker'
      ? await startDemoLivechat(deps).catch((err) => {
          logger.warn({ err }, 'demo live chat not set up');
          return null;
        })
      : null;

  // Phone calls: Kamailio and rtpengine as this process's children, when installed (issue 23).
  const telephony =
    config.role !== 'worker' ? await startTelephonyIfInstalled(config.telephony, logger) : null;
  // Demo: the customer's phone page (phone simulator), when the SIP server runs.
  const demoPhone =
    config.demo && telephony
      ? await startDemoPhone(config, telephony).catch((err) => {
          logger.warn({ err }, 'demo phone simulator not started');
          return null;
        })
      : null;

  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\nSapa ${deps.version} is running at ${config.publicUrl} (${where}, role ${config.role})`);
  if (config.demo) {
    console.log(seeded ? '\nDemo business created. Sign in with:' : '\nDemo accounts:');
    for (const m of DEMO_MEMBERS)
      console.log(`  ${m.role.padEnd(3)} ${(m.csPosition ?? '').padEnd(4)} ${m.email}  /  ${DEMO_PASSWORD}`);
    console.log(
      `  Demo outbox (password-reset codes, read by the signed-in owner or an admin): ${config.publicUrl}/demo/outbox`,
    );
    if (demoWhatsapp) console.log(`  Customer phone (WhatsApp simulator): ${demoWhatsapp.customerPageUrl}`);
    if (demoTelegram)
      console.log(`  Telegram customer chat (Telegram simulator): ${demoTelegram.customerPageUrl}`);
    if (demoLine) console.log(`  LINE customer chat (LINE simulator): ${demoLine.customerPageUrl}`);
    if (demoMeta) {
      console.log(`  Messenger customer chat (Meta simulator): ${demoMeta.messengerPageUrl}`);
      console.log(`  Instagram customer chat (Meta simulator): ${demoMeta.instagramPageUrl}`);
    }
    if (demoViber) console.log(`  Viber customer chat (Viber simulator): ${demoViber.customerPageUrl}`);
    if (demoEmail) console.log(`  Customer webmail (email simulator): ${demoEmail.pageUrl}`);
    if (emailListener) console.log(`  Email: SMTP listener on port ${emailListener.port}`);
    if (demoShop) console.log(`  Demo shop (live-chat widget): ${demoShop.shopPageUrl}`);
    if (demoPush)
      console.log(
        `  Web Push to the agents' simulated browsers (push service simulator): ${demoPush.pageUrl}`,
      );
    if (demoShopeeStore)
      console.log(`  Shopee buyer chat (Shopee simulator): ${demoShopeeStore.buyerPageUrl}`);
    if (demoShopifyShop) {
      console.log(`  Shopify shop admin (Shopify simulator): ${demoShopifyShop.adminUrl}`);
      console.log(
        `  Shopify app store, sign up via Shopify (Shopify simulator): ${demoShopifyShop.appStoreUrl}`,
      );
    }
    if (telephony) console.log(`  Phone calls: SIP over WebSocket at ${telephony.wsUrl}`);
    if (demoPhone) console.log(`  Customer's phone (phone simulator): ${demoPhone.pageUrl}`);
    if (demoPayments)
      console.log(
        `  Payment gateway (simulator; a top-up's payment page opens there): ${demoPayments.sim.url}`,
      );
    console.log('');
  }

  if (!config.demo && (!config.delivery.smtp || !config.delivery.whatsapp)) {
    // Without a provider a channel's one-time codes stay in the outbox table, which only demo mode serves.
    logger.warn(
      { email: Boolean(config.delivery.smtp), whatsapp: Boolean(config.delivery.whatsapp) },
      'one-time codes: set SMTP_URL and PLATFORM_WHATSAPP_* so password-reset codes reach people',
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await app.close();
    await demoWhatsappSim?.close();
    await demoPayments?.sim.close();
    await demoShopify?.sim.close();
    await demoShopee?.sim.close();
    await demoTelegram?.sim.close();
    await demoLine?.sim.close();
    await demoMeta?.sim.close();
    await demoViber?.sim.close();
    await demoEmail?.sim.close();
    await demoPush?.sim.close();
    await emailListener?.close();
    await demoPhone?.sim.close();
    await telephony?.stop();
    await imapReaders?.close();
    await jobs.stop();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import { buildApp, registerJobs } from './app.js';
import { setUpDemoBusiness } from './demo-setup.js';
import { startDemoWhatsapp } from './modules/channels/demo-whatsapp.js';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './modules/demo/demo.seed.js';
import { preloadRevokedSessions } from './modules/identity/sessions.js';
import { startDemoLivechat } from './modules/livechat/demo-livechat.js';
import { loadConfig } from './platform/config.js';
import { createServerDeps } from './platform/create-deps.js';
import { openDatabase } from './platform/db/database.js';
import { createLogger } from './platform/logging/logger.js';
import { readVersion } from './platform/partner.js';

/** config → database → migrations → app → worker. `SAPA_ROLE` (api | worker | all) picks what runs. */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const deps = createServerDeps({ config, database, logger, version: readVersion() });
  const { jobs, bus } = deps;
  await preloadRevokedSessions(deps);
  const jobDefs = registerJobs(deps);
  await jobs.start({ work: config.role !== 'api' });

  const seeded = config.demo ? await setUpDemoBusiness(deps.db) : false;
  const { app } = await buildApp(deps, jobDefs);
  if (config.role !== 'worker') await app.listen({ port: config.port, host: config.host });
  // Demo: the WhatsApp Cloud simulator in-process (SIM_PORT, default PORT + 1) with the demo number connected.
  const demoWhatsapp =
    config.demo && config.role !== 'worker'
      ? await startDemoWhatsapp(deps, { port: config.simPort }).catch((err) => {
          logger.warn({ err }, 'demo WhatsApp simulator not started');
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
    if (demoShop) console.log(`  Demo shop (live-chat widget): ${demoShop.shopPageUrl}`);
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
    await demoWhatsapp?.sim.close();
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

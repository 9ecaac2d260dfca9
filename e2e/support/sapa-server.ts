import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { adminQuery, databaseUrl } from '../../apps/server/test/admin-database.js';
import { startTestDns } from '../../apps/server/test/dns-server.js';

const root = resolve(import.meta.dirname, '../..');

/**
 * `count` different free ports: every listener is held open until all are bound, so two calls can never be
 * handed the same port (the kernel may reuse a port the moment its listener closes).
 */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (srv) =>
        new Promise<number>((ok, fail) => {
          srv.unref();
          srv.on('error', fail);
          srv.listen(0, '127.0.0.1', () => {
            const address = srv.address();
            typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'));
          });
        }),
    ),
  );
  await Promise.all(servers.map((srv) => new Promise((done) => srv.close(done))));
  return ports;
}

export interface RunningSapa {
  url: string;
  /** The WhatsApp Cloud simulator's customer phone page started with the demo. */
  customerPageUrl: string | null;
  /** The demo shop page with the live-chat widget embedded. */
  shopPageUrl: string | null;
  /** The Telegram simulator's customer chat page (demo bot preselected). */
  telegramPageUrl: string | null;
  /** The LINE simulator's customer chat page (demo account preselected). */
  linePageUrl: string | null;
  /** The Meta simulator's Messenger and Instagram customer chat pages (demo accounts preselected). */
  messengerPageUrl: string | null;
  instagramPageUrl: string | null;
  /** The Viber simulator's customer chat page (demo bot preselected). */
  viberPageUrl: string | null;
  /** The email simulator's webmail page (the customer budi@pelanggan.test). */
  webmailPageUrl: string | null;
  /** The Shopify simulator's admin page of the demo shop (orders are made there). */
  shopifyAdminUrl: string | null;
  /** The Shopee simulator's buyer chat page (demo store preselected). */
  shopeePageUrl: string | null;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts Sapa the way a new user does (`npm start`'s server on the embedded database, demo business,
 * the built web app) in a fresh data folder, and waits until it answers.
 */
export async function startSapa(
  env: Record<string, string> = {},
  options: { database?: 'pglite' | 'postgres' } = {},
): Promise<RunningSapa> {
  const [
    port,
    simPort,
    paymentSimPort,
    telegramSimPort,
    lineSimPort,
    metaSimPort,
    viberSimPort,
    mailSimPort,
    smtpPort,
    mailSimSmtpPort,
    shopifySimPort,
    pushSimPort,
    shopeeSimPort,
  ] = await freePorts(13);
  const dataDir = mkdtempSync(join(tmpdir(), 'sapa-e2e-'));
  // Live-chat domains are checked with DNS: a local server where *.example.com and *.example.id exist.
  const dns = await startTestDns();
  const database = options.database === 'postgres' ? await ownPostgresDatabase() : null;
  let output = '';
  const child: ChildProcess = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        SIM_PORT: String(simPort),
        PAYMENT_SIM_PORT: String(paymentSimPort),
        TELEGRAM_SIM_PORT: String(telegramSimPort),
        LINE_SIM_PORT: String(lineSimPort),
        META_SIM_PORT: String(metaSimPort),
        VIBER_SIM_PORT: String(viberSimPort),
        MAIL_SIM_PORT: String(mailSimPort),
        SMTP_PORT: String(smtpPort),
        MAIL_SIM_SMTP_PORT: String(mailSimSmtpPort),
        SHOPIFY_SIM_PORT: String(shopifySimPort),
        PUSH_SIM_PORT: String(pushSimPort),
        SHOPEE_SIM_PORT: String(shopeeSimPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        SAPA_DEMO: '1',
        LOG_LEVEL: 'warn',
        DNS_SERVERS: dns.server,
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d) => {
    output += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Sapa exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/app/info`);
      if (res.ok && output.includes('is running')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 300_000) throw new Error(`Sapa did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    customerPageUrl: /Customer phone \(WhatsApp simulator\): (\S+)/.exec(output)?.[1] ?? null,
    shopPageUrl: /Demo shop \(live-chat widget\): (\S+)/.exec(output)?.[1] ?? null,
    telegramPageUrl: /Telegram customer chat \(Telegram simulator\): (\S+)/.exec(output)?.[1] ?? null,
    linePageUrl: /LINE customer chat \(LINE simulator\): (\S+)/.exec(output)?.[1] ?? null,
    messengerPageUrl: /Messenger customer chat \(Meta simulator\): (\S+)/.exec(output)?.[1] ?? null,
    instagramPageUrl: /Instagram customer chat \(Meta simulator\): (\S+)/.exec(output)?.[1] ?? null,
    viberPageUrl: /Viber customer chat \(Viber simulator\): (\S+)/.exec(output)?.[1] ?? null,
    webmailPageUrl: /Customer webmail \(email simulator\): (\S+)/.exec(output)?.[1] ?? null,
    shopifyAdminUrl: /Shopify shop admin \(Shopify simulator\): (\S+)/.exec(output)?.[1] ?? null,
    shopeePageUrl: /Shopee buyer chat \(Shopee simulator\): (\S+)/.exec(output)?.[1] ?? null,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await dns.close();
      await database?.drop();
    },
  };
}

/** A database of its own on the machine's PostgreSQL for one journey server, dropped when it stops. */
async function ownPostgresDatabase() {
  const name = `sapa_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

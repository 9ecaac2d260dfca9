import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { TelephonyConfig } from './telephony-config.js';

/**
 * Phone calls' parts made for telephony (issue 23 point 2): Kamailio, the SIP server the agents' browsers
 * (SIP over WebSocket) and phones (SIP over UDP) register to, and rtpengine, the media relay that bridges
 * WebRTC and RTP. Debian's packages `kamailio` (+ websocket and autheph modules) and `rtpengine-daemon`;
 * `scripts/ensure-services.sh` installs them for the tests. Sapa runs both as child processes of its own, on its
 * own ports, with a configuration written to `dir` — never the packages' system services.
 */
export interface TelephonyOptions {
  /** Folder for the generated configuration and pid files. */
  dir: string;
  /** SIP domain and digest realm (the `@` part of every SIP address). */
  domain: string;
  /** The secret shared with Kamailio's auth_ephemeral (`sip-credentials.ts`). */
  secret: string;
  host?: string;
  wsPort: number;
  udpPort: number;
  /** rtpengine's control (ng) port; its command-line port is the next one. */
  ngPort: number;
  rtpPorts: { min: number; max: number };
  /** Kamailio's debug level (-3…4); rtpengine logs warnings and worse. */
  logLevel?: number;
  /** What browsers connect to when it is not ws://host:wsPort (behind a proxy). */
  wsUrl?: string;
}

export interface Telephony {
  /** What a browser's SIP stack connects to. */
  wsUrl: string;
  /** Where a phone (UDP) sends its SIP. */
  udpAddress: { host: string; port: number };
  domain: string;
  /** The output of both processes so far (for a failing test's message). */
  output(): string;
  stop(): Promise<void>;
}

const KAMAILIO_BINS = ['/usr/sbin/kamailio', '/usr/bin/kamailio'];
const RTPENGINE_BINS = ['/usr/bin/rtpengine', '/usr/sbin/rtpengine'];
const MODULE_DIRS = [
  '/usr/lib/x86_64-linux-gnu/kamailio/modules',
  '/usr/lib/aarch64-linux-gnu/kamailio/modules',
  '/usr/lib/kamailio/modules',
  '/usr/lib64/kamailio/modules',
];
/** The Kamailio modules the configuration loads that Debian ships outside the `kamailio` package. */
const EXTRA_MODULES = ['websocket.so', 'auth_ephemeral.so'];

export const TELEPHONY_PACKAGES =
  'kamailio kamailio-websocket-modules kamailio-autheph-modules rtpengine-daemon';

/** The binaries and module folder found on this machine; `missing` names what is not there. */
export function telephonyInstalled(): {
  kamailio: string | null;
  rtpengine: string | null;
  modules: string | null;
  missing: string[];
} {
  const kamailio = KAMAILIO_BINS.find((p) => existsSync(p)) ?? null;
  const rtpengine = RTPENGINE_BINS.find((p) => existsSync(p)) ?? null;
  const modules =
    MODULE_DIRS.find((d) => EXTRA_MODULES.every((m) => existsSync(join(d, m)))) ??
    MODULE_DIRS.find((d) => existsSync(d)) ??
    null;
  const missing: string[] = [];
  if (!kamailio) missing.push('kamailio');
  if (!rtpengine) missing.push('rtpengine');
  for (const m of EXTRA_MODULES) if (!modules || !existsSync(join(modules, m))) missing.push(m);
  return { kamailio, rtpengine, modules, missing };
}

/** Kamailio's configuration: the `#!substdef` header with this run's values above `kamailio.cfg`. */
export function kamailioConfigOf(options: TelephonyOptions, modulesDir: string): string {
  const values: Record<string, string> = {
    SIP_LOG_LEVEL: String(options.logLevel ?? -1),
    SIP_DOMAIN: options.domain,
    SIP_HOST: options.host ?? '127.0.0.1',
    SIP_UDP_PORT: String(options.udpPort),
    SIP_WS_PORT: String(options.wsPort),
    SIP_MODULES_DIR: modulesDir,
    SIP_SECRET: options.secret,
    RTPENGINE_NG_PORT: String(options.ngPort),
  };
  for (const [name, value] of Object.entries(values))
    if (!/^[\w.:/-]+$/.test(value)) throw new Error(`telephony: ${name} has characters Kamailio cannot take`);
  const header = Object.entries(values)
    .map(([name, value]) => `#!substdef "!${name}!${value}!g"`)
    .join('\n');
  const body = readFileSync(new URL('./kamailio.cfg', import.meta.url), 'utf8').replace(/^#!KAMAILIO\n/, '');
  return `#!KAMAILIO\n${header}\n${body}`;
}

/** Starts rtpengine and Kamailio and waits until both answer; throws with their output when they do not. */
export async function startTelephony(options: TelephonyOptions): Promise<Telephony> {
  const found = telephonyInstalled();
  if (found.missing.length > 0)
    throw new Error(
      `telephony: ${found.missing.join(', ')} not installed (apt-get install ${TELEPHONY_PACKAGES})`,
    );
  const host = options.host ?? '127.0.0.1';
  mkdirSync(options.dir, { recursive: true });
  const config = join(options.dir, 'kamailio.cfg');
  stopLeftovers(options.dir);
  writeFileSync(config, kamailioConfigOf(options, found.modules!), { mode: 0o600 });
  const logs: string[] = [];
  const started: ChildProcess[] = [];
  const run = (bin: string, args: string[]) => {
    // Each its own process group (Kamailio forks workers): stopping the group stops them all.
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const keep = (b: Buffer) => {
      logs.push(b.toString());
      if (logs.length > 400) logs.splice(0, logs.length - 400);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    started.push(child);
    return child;
  };
  // However Sapa ends (short of SIGKILL), its SIP server and media relay end with it.
  const killAll = () => {
    for (const child of started) if (child.pid) signalGroup(-child.pid, 'SIGKILL');
  };
  process.once('exit', killAll);
  const stop = async () => {
    await Promise.all(started.map(stopChild));
    process.off('exit', killAll);
  };
  try {
    run(found.rtpengine!, [
      '--config-file=none',
      '--foreground',
      '--table=-1',
      `--interface=${host}`,
      `--listen-ng=127.0.0.1:${options.ngPort}`,
      `--listen-cli=127.0.0.1:${options.ngPort + 1}`,
      `--port-min=${options.rtpPorts.min}`,
      `--port-max=${options.rtpPorts.max}`,
      '--log-stderr',
      '--log-level=4',
      `--pidfile=${join(options.dir, 'rtpengine.pid')}`,
      '--delete-delay=0',
    ]);
    await until(() => rtpengineAnswers(options.ngPort), 'rtpengine', logs);
    run(found.kamailio!, [
      '-f',
      config,
      '-DD',
      '-E',
      '-m',
      '64',
      '-M',
      '8',
      '-P',
      join(options.dir, 'kamailio.pid'),
      '-Y',
      options.dir,
    ]);
    await until(() => tcpAnswers(host, options.wsPort), 'kamailio', logs);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    wsUrl: options.wsUrl ?? `ws://${host}:${options.wsPort}`,
    udpAddress: { host, port: options.udpPort },
    domain: options.domain,
    output: () => logs.join(''),
    stop,
  };
}

/**
 * A Sapa killed outright (SIGKILL) leaves its Kamailio and rtpengine running on the ports the next start needs:
 * the processes its pid files name are stopped when they are still that run's (their command line names this
 * folder), and the pid files removed.
 */
function stopLeftovers(dir: string) {
  for (const name of ['kamailio.pid', 'rtpengine.pid']) {
    const file = join(dir, name);
    if (!existsSync(file)) continue;
    const pid = Number(readFileSync(file, 'utf8').trim());
    try {
      if (pid > 1 && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir))
        process.kill(-pid, 'SIGKILL');
    } catch {
      // gone already
    }
    rmSync(file, { force: true });
  }
}

async function until(check: () => Promise<boolean>, name: string, logs: string[]) {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await delay(100))
    if (await check()) return;
  throw new Error(`telephony: ${name} did not start\n${logs.join('').slice(-4000)}`);
}

function tcpAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** rtpengine's ng `ping` (a bencoded dictionary after a cookie) answered with `pong`. */
function rtpengineAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const cookie = randomBytes(6).toString('hex');
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 300);
    socket.on('message', (m) => done(m.toString().startsWith(`${cookie} `) && m.includes('pong')));
    socket.on('error', () => done(false));
    socket.send(`${cookie} d7:command4:pinge`, port, '127.0.0.1');
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const group = -child.pid;
  return new Promise((resolve) => {
    const killer = setTimeout(() => signalGroup(group, 'SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(killer);
      signalGroup(group, 'SIGKILL'); // workers that outlive their main process
      resolve();
    });
    signalGroup(group, 'SIGTERM');
  });
}

function signalGroup(group: number, signal: NodeJS.Signals) {
  try {
    process.kill(group, signal);
  } catch {
    // the group has ended
  }
}

/**
 * `npm start`'s telephony: started when configured and installed; when the packages are missing, says how to
 * install them (WhatsApp calls need none of this) and goes on without phone calls.
 */
export async function startTelephonyIfInstalled(
  config: TelephonyConfig | null,
  logger: { info(o: object, m: string): void; warn(o: object, m: string): void },
): Promise<Telephony | null> {
  if (!config) return null;
  const { missing } = telephonyInstalled();
  if (missing.length > 0) {
    logger.info(
      { missing },
      `phone calls off: install ${TELEPHONY_PACKAGES} (apt-get install) to take and place phone calls`,
    );
    return null;
  }
  return startTelephony(config).catch((err: unknown) => {
    logger.warn({ err: err instanceof Error ? err.message.split('\n')[0] : 'failed' }, 'phone calls off');
    return null;
  });
}

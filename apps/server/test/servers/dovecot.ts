import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { waitFor } from '../harness.js';
import { freePort } from './telegram.js';

/** A throw-away Dovecot IMAP server (Debian's `dovecot-imapd`, installed by `scripts/ensure-services.sh`). */
export interface Dovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Puts a raw message into the user's INBOX (as a mail server delivering it would). */
  deliver(raw: string | Buffer): Promise<void>;
  /** The flags of the INBOX message with this Message-ID (`\Seen` once Sapa has read it). */
  flagsOf(messageId: string): Promise<string[]>;
  /** Stops the server (and starts it again with `start`: same port, same mail). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const DOVECOT = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';

/** Uid and gid of a system user (`id`), or null when there is none. */
function idsOf(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', name]).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * The configuration of a Dovecot of its own: everything under `dir`, IMAP on `port` at 127.0.0.1 only, plain
 * text sign-in allowed there, one passwd-file user, maildir. As root (CI) the mail belongs to the `dovecot`
 * system user (Dovecot refuses uid 0 for mail); as anyone else every process runs as that user.
 */
function configOf(dir: string, port: number, mailOwner: { uid: number; gid: number }, root: boolean) {
  const me = root ? '' : execFileSync('id', ['-un']).toString().trim();
  return `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${dir}/mail/%u
first_valid_uid = 0
${root ? '' : `default_internal_user = ${me}\ndefault_login_user = ${me}\n`}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailOwner.uid} gid=${mailOwner.gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts a Dovecot of its own in a temporary folder (see `configOf`), with user `kasir@toko.test`. */
export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT))
    throw new Error(`${DOVECOT} is missing: run scripts/ensure-services.sh (installs dovecot-imapd)`);
  const dir = mkdtempSync(join(tmpdir(), 'sapa-dovecot-'));
  const root = process.getuid?.() === 0;
  const mailOwner = root ? (idsOf('dovecot') ?? idsOf('nobody')!) : idsOf(String(process.getuid?.()))!;
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub));
  if (root) {
    chmodSync(dir, 0o755);
    chownSync(join(dir, 'mail'), mailOwner.uid, mailOwner.gid);
  }
  const port = await freePort();
  const user = 'kasir@toko.test';
  const password = 'rahasia-imap';
  writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`);
  const conf = join(dir, 'dovecot.conf');
  writeFileSync(conf, configOf(dir, port, mailOwner, root));

  let child: ChildProcess | null = null;
  const start = async () => {
    rmSync(join(dir, 'run', 'master.pid'), { force: true });
    // Its own process group, so that `stop` ends the IMAP processes serving open connections too.
    child = spawn(DOVECOT, ['-F', '-c', conf], { stdio: 'ignore', detached: true });
    await waitFor(() => portOpen(port), 60_000).catch((err) => {
      const log = existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : '';
      throw new Error(`dovecot did not start: ${err}\n${log.slice(-2000)}`);
    });
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    process.kill(-running.pid!, 'SIGKILL');
    await exited;
    await waitFor(async () => !(await portOpen(port)), 10_000);
  };
  await start();

  /** One short IMAP session as the mailbox's user (not Sapa's client: the test's own view of the mailbox). */
  const session = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass: password },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    deliver: (raw) =>
      session(async (client) => {
        await client.append('INBOX', raw);
      }),
    flagsOf: (messageId) =>
      session(async (client) => {
        const lock = await client.getMailboxLock('INBOX');
        try {
          const uids = (await client.search({ header: { 'message-id': messageId } }, { uid: true })) || [];
          if (uids.length === 0) return [];
          const message = await client.fetchOne(String(uids[0]), { flags: true }, { uid: true });
          return message ? [...(message.flags ?? [])] : [];
        } finally {
          lock.release();
        }
      }),
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

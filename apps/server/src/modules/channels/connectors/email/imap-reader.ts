import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { ConnectionOptions } from 'node:tls';
import { and, eq, sql } from 'drizzle-orm';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import type { Db } from '../../../../platform/db/database.js';
import { rowsOf } from '../../../../platform/db/rows.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import type { DrainDefinition } from '../../../../platform/jobs/job-queue.js';
import { type EmailSecrets, emailConfigOf, type ImapConfig } from '../../channels.schema.js';
import { type ChannelAccountRow, openSecrets } from '../../channels.service.js';
import { emailImapCursors } from '../../email.schema.js';
import { imapAccounts } from './email-accounts.repository.js';
import { readEmail, storeEmail } from './email-intake.js';
import { SMTP_MAX_MESSAGE_BYTES } from './smtp-listener.js';

export interface ImapReaderOptions {
  /** The drain woken when a message is stored (the conversations lane, as the SMTP listener wakes it). */
  drain: DrainDefinition;
  /** How often a mailbox is read even without an IDLE notice (servers without IDLE, missed notices). */
  pollMs?: number;
  /** How often the list of mailboxes to read is looked at again (accounts added, edited, disconnected). */
  refreshMs?: number;
  /** Extra TLS options (a private CA for a mail server with its own certificate). */
  tls?: ConnectionOptions;
  /**
   * How long a mailbox's reader lease lasts (`email_imap_cursors.lease_*`); it is renewed every third of it,
   * and an instance without it tries again at that pace. 60 s: a dead instance's mailboxes are read again
   * by another within a minute; one that stops lets them go at once.
   */
  leaseMs?: number;
}

/** The client options for a mailbox: TLS from the start, STARTTLS required, or plain text (a local server). */
export function imapClientOptions(
  imap: ImapConfig,
  password: string,
  tls?: ConnectionOptions,
): ImapFlowOptions {
  return {
    host: imap.host,
    port: imap.port,
    secure: imap.security === 'tls',
    doSTARTTLS: imap.security === 'starttls' ? true : imap.security === 'none' ? false : undefined,
    auth: { user: imap.user, pass: password },
    ...(tls ? { tls } : {}),
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    // IDLE is restarted every 5 minutes; a server without IDLE is polled with NOOP at that pace too.
    maxIdleTime: 5 * 60_000,
    missingIdleCommand: 'NOOP',
  };
}

/** Why an IMAP attempt failed, in the server's words when it gave some (never the password). */
export function imapErrorOf(err: unknown): string {
  const e = err as { responseText?: string; authenticationFailed?: boolean; code?: string; message?: string };
  if (e.authenticationFailed) return e.responseText || 'authentication failed';
  return e.responseText || e.code || e.message || 'failed';
}

/** Signs in to a mailbox and out again: null when it worked, else why not (the account form's check). */
export async function checkImapLogin(
  imap: ImapConfig,
  password: string,
  tls?: ConnectionOptions,
): Promise<string | null> {
  const client = new ImapFlow({ ...imapClientOptions(imap, password, tls), verifyOnly: true });
  client.on('error', () => {});
  try {
    await client.connect();
    return null;
  } catch (err) {
    return imapErrorOf(err);
  } finally {
    client.close();
  }
}

type CursorState = 'connecting' | 'connected' | 'error';

async function saveCursor(
  db: Db,
  account: ChannelAccountRow,
  values: { state?: CursorState; error?: string | null; uidValidity?: string; lastUid?: number },
) {
  await db
    .insert(emailImapCursors)
    .values({ clientId: account.clientId, channelAccountId: account.id, ...values })
    .onConflictDoUpdate({
      target: [emailImapCursors.clientId, emailImapCursors.channelAccountId],
      set: { ...values, updatedAt: new Date() },
    });
}

/** Where the reader of an account stands (and how its last attempt went), or undefined before the first. */
export async function imapCursorOf(db: Db, clientId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(emailImapCursors)
    .where(and(eq(emailImapCursors.clientId, clientId), eq(emailImapCursors.channelAccountId, accountId)));
  return row;
}

/**
 * Takes (or renews) the reader lease of a mailbox for `holder` until `ms` from now: only when nobody holds
 * it, `holder` already does, or the holder's lease has run out — so with several server instances each
 * mailbox is read by exactly one. False while another instance holds it.
 */
export async function takeImapLease(
  db: Db,
  account: Pick<ChannelAccountRow, 'clientId' | 'id'>,
  holder: string,
  ms: number,
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into ${emailImapCursors} as c (client_id, channel_account_id, lease_holder, lease_expires_at)
      values (${account.clientId}, ${account.id}, ${holder}, now() + make_interval(secs => ${ms / 1000}))
      on conflict (client_id, channel_account_id) do update
        set lease_holder = excluded.lease_holder, lease_expires_at = excluded.lease_expires_at
        where c.lease_holder is null or c.lease_holder = excluded.lease_holder or c.lease_expires_at < now()
      returning 1 as taken`),
  );
  return rows.length > 0;
}

/** Lets a mailbox's lease go (the reader stops), so that another instance takes it at once. */
async function releaseImapLease(db: Db, account: ChannelAccountRow, holder: string) {
  await db
    .update(emailImapCursors)
    .set({ leaseHolder: null, leaseExpiresAt: null })
    .where(
      and(
        eq(emailImapCursors.clientId, account.clientId),
        eq(emailImapCursors.channelAccountId, account.id),
        eq(emailImapCursors.leaseHolder, holder),
      ),
    );
}

/**
 * Takes in every message of the open INBOX after the stored UID (all of them under a new UIDVALIDITY): each
 * through the SMTP listener's path (`storeEmail`: raw bytes, files, then the `inbound_events` row keyed by the
 * Message-ID, so a message met twice is stored once), then flagged \Seen and the UID kept. A message too large
 * for the listener is skipped unread, as the listener would refuse it.
 */
async function takeNewMail(
  deps: ServerDeps,
  account: ChannelAccountRow,
  client: ImapFlow,
  drain: DrainDefinition,
) {
  const box = client.mailbox;
  if (!box) return;
  const uidValidity = String(box.uidValidity);
  const cursor = await imapCursorOf(deps.db, account.clientId, account.id);
  const after = cursor?.uidValidity === uidValidity ? cursor.lastUid : 0;
  const found = await client.search({ uid: `${after + 1}:*` }, { uid: true });
  const uids = (found || []).filter((uid) => uid > after).sort((a, b) => a - b);
  for (const uid of uids) {
    const message = await client.fetchOne(
      String(uid),
      { size: true, source: { maxLength: SMTP_MAX_MESSAGE_BYTES } },
      { uid: true },
    );
    if (message !== false && message.source && (message.size ?? 0) <= SMTP_MAX_MESSAGE_BYTES) {
      await storeEmail(deps, account, await readEmail(message.source));
      deps.jobs.wake(drain);
      await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    } else if (message) {
      deps.logger.warn({ accountId: account.id, uid }, 'IMAP message over the size limit left unread');
    }
    await saveCursor(deps.db, account, { uidValidity, lastUid: uid });
  }
}

/**
 * One connection's life: sign in, open INBOX, take what is new, then wait on IDLE (imapflow starts it when the
 * connection is quiet) — an `exists` notice or the poll timer reads again — until the server closes, a read
 * fails, or the reader stops. Reads are one at a time.
 */
async function readSession(
  deps: ServerDeps,
  account: ChannelAccountRow,
  client: ImapFlow,
  options: Required<Pick<ImapReaderOptions, 'drain' | 'pollMs'>>,
  stopped: AbortSignal,
) {
  let failure: unknown = null;
  client.on('error', (err) => {
    failure ??= err;
  });
  await client.connect();
  await client.mailboxOpen('INBOX');
  await saveCursor(deps.db, account, { state: 'connected', error: null });
  let reading = Promise.resolve();
  const read = () => {
    reading = reading
      .then(() => takeNewMail(deps, account, client, options.drain))
      .catch((err) => {
        failure ??= err;
        client.close();
      });
    return reading;
  };
  client.on('exists', () => void read());
  const timer = setInterval(() => void read(), options.pollMs);
  try {
    await read();
    await new Promise<void>((resolve) => {
      client.once('close', () => resolve());
      stopped.addEventListener('abort', () => resolve(), { once: true });
      // Stopped (or closed) before these listeners were there.
      if (stopped.aborted || !client.usable) resolve();
    });
    await reading;
  } finally {
    clearInterval(timer);
  }
  if (failure && !stopped.aborted) throw failure;
}

/**
 * Reads one account's mailbox until stopped, while this instance holds its lease (`takeImapLease`): without
 * it, it waits and tries again every third of `leaseMs`; with it, a session, renewing the lease as it goes,
 * and after the session ends another (after a failure: its reason kept with the account, state `error`, and a
 * pause growing to one minute). A lease another instance took (this one could not renew it in time) ends the
 * session at once. Stopping lets the lease go.
 */
function readMailbox(
  deps: ServerDeps,
  account: ChannelAccountRow,
  options: Required<Pick<ImapReaderOptions, 'drain' | 'pollMs' | 'leaseMs'>> & {
    tls?: ConnectionOptions;
    holder: string;
  },
) {
  const stop = new AbortController();
  const imap = emailConfigOf(account).imap!;
  const password = openSecrets<EmailSecrets>(deps, account).imapPassword ?? '';
  const renewMs = Math.max(100, Math.floor(options.leaseMs / 3));
  let client: ImapFlow | null = null;
  let holding = false;
  const pause = (ms: number) => delay(ms, undefined, { signal: stop.signal }).catch(() => {});
  const take = async () => {
    try {
      return await takeImapLease(deps.db, account, options.holder, options.leaseMs);
    } catch {
      return null;
    }
  };
  const loop = (async () => {
    let failures = 0;
    while (!stop.signal.aborted) {
      const held = holding;
      holding = (await take()) === true;
      // Stopped while the lease was being taken: no session (the lease is let go below).
      if (stop.signal.aborted) break;
      if (!holding) {
        await pause(renewMs);
        continue;
      }
      let leaseUntil = Date.now() + options.leaseMs;
      const session = new AbortController();
      const onStop = () => session.abort();
      stop.signal.addEventListener('abort', onStop, { once: true });
      const renew = setInterval(() => {
        void take().then((taken) => {
          if (taken) leaseUntil = Date.now() + options.leaseMs;
          // Another instance has it, or it could not be renewed before running out: stop reading.
          if (taken === false || (taken === null && Date.now() > leaseUntil - renewMs)) {
            holding = false;
            session.abort();
            client?.close();
          }
        });
      }, renewMs);
      client = new ImapFlow(imapClientOptions(imap, password, options.tls));
      try {
        // A mailbox this instance has just taken over starts as connecting (a retry keeps its error shown).
        if (!held) await saveCursor(deps.db, account, { state: 'connecting', error: null });
        await readSession(deps, account, client, options, session.signal);
        failures = 0;
      } catch (err) {
        failures++;
        if (!session.signal.aborted)
          await saveCursor(deps.db, account, { state: 'error', error: imapErrorOf(err) }).catch(() => {});
      } finally {
        clearInterval(renew);
        stop.signal.removeEventListener('abort', onStop);
        client.close();
      }
      if (!stop.signal.aborted && holding) await pause(Math.min(60_000, 500 * 2 ** failures));
    }
    if (holding) await releaseImapLease(deps.db, account, options.holder).catch(() => {});
    holding = false;
  })();
  return {
    /** Whether this instance holds the mailbox's lease (and so reads it). */
    holding: () => holding,
    async stop() {
      stop.abort();
      client?.close();
      await loop;
    },
  };
}

/**
 * The email channel's second intake: for every connected email account with IMAP settings, a reader of its
 * INBOX (`imapflow`: IDLE, NOOP polling where the server has no IDLE, and a read every `pollMs` besides).
 * The list is looked at every `refreshMs` (and on `refresh()`): a new account gets a reader, an edited one a
 * new reader, a disconnected one loses its reader. Where it stopped is kept per account (`email_imap_cursors`),
 * so a restart reads on from there. Every server instance runs these readers; a lease per mailbox (same
 * table) lets exactly one of them read it, and another takes over when that one stops or dies.
 */
export async function startImapReaders(deps: ServerDeps, options: ImapReaderOptions) {
  const settings = {
    drain: options.drain,
    pollMs: options.pollMs ?? 60_000,
    leaseMs: options.leaseMs ?? 60_000,
    tls: options.tls,
    // This instance, as the holder of the leases it takes.
    holder: randomUUID(),
  };
  const readers = new Map<string, { version: number; holding(): boolean; stop(): Promise<void> }>();
  let refreshing = Promise.resolve();
  const reconcile = async () => {
    const accounts = await imapAccounts(deps.db);
    const wanted = new Map(accounts.map((a) => [a.id, a]));
    for (const [id, reader] of readers) {
      const account = wanted.get(id);
      if (account && account.updatedAt.getTime() === reader.version) continue;
      readers.delete(id);
      await reader.stop();
    }
    for (const account of accounts) {
      if (readers.has(account.id)) continue;
      readers.set(account.id, {
        version: account.updatedAt.getTime(),
        ...readMailbox(deps, account, settings),
      });
    }
  };
  const refresh = () => {
    refreshing = refreshing.then(reconcile).catch((err) => {
      deps.logger.warn({ err: err instanceof Error ? err.message : 'failed' }, 'IMAP readers not refreshed');
    });
    return refreshing;
  };
  await refresh();
  const timer = setInterval(() => void refresh(), options.refreshMs ?? 15_000);
  timer.unref();
  return {
    refresh,
    /** How many mailboxes have a reader here (reading, or waiting for their lease). */
    size: () => readers.size,
    /** How many mailboxes this instance holds the lease of, and so reads. */
    reading: () => [...readers.values()].filter((r) => r.holding()).length,
    async close() {
      clearInterval(timer);
      await refreshing;
      await Promise.all([...readers.values()].map((r) => r.stop()));
      readers.clear();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../../../test/harness.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import { type Dovecot, startDovecot } from '../../../../../test/servers/dovecot.js';
import {
  biz,
  createEmail,
  DOMAIN,
  owner,
  server,
  sim,
  useEmailServer,
} from '../../../../../test/servers/email.js';
import { imapCursorOf, startImapReaders } from '../../index.js';
import { takeImapLease } from './imap-reader.js';

// A real IMAP server for this file: Debian's Dovecot, started in a temporary folder on its own port.
const dovecot: Dovecot = await startDovecot();
await useEmailServer();
afterAll(() => dovecot.close());

let accountId = '';
const inbox = channelInbox(() => ({ server, clientId: biz.clientId, accountId, owner }));
type Readers = Awaited<ReturnType<typeof startImapReaders>>;
let readers: Readers | null = null;
const startReaders = async () => {
  readers = await startImapReaders(server.deps, {
    drain: server.jobDefs.whatsappInbound,
    pollMs: 1_000,
    refreshMs: 300,
  });
  return readers;
};
afterAll(() => readers?.close());

const imapOf = (password: string, extra: Record<string, unknown> = {}) => ({
  host: dovecot.host,
  port: dovecot.port,
  security: 'none',
  user: dovecot.user,
  password,
  ...extra,
});

/** A plain email as a mail server would file it in the INBOX. */
function mail(subject: string, text: string, messageId = `<${randomUUID()}@pelanggan.test>`) {
  const raw = [
    'From: Sari <sari@pelanggan.test>',
    `To: kasir@${DOMAIN}`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
  return { raw, messageId };
}

const imapStateOf = async () => {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/channel-accounts',
    headers: bearer(owner),
  });
  return res.json().items.find((a: { id: string }) => a.id === accountId)?.email?.imap;
};

describe('email through IMAP (a mailbox Sapa reads, against Dovecot)', () => {
  it('signs in before saving: a wrong password is refused with the server’s reason, a missing one too', async () => {
    const body = { addressPart: 'kasir', domain: DOMAIN, displayName: 'Kasir' };
    const wrong = await createEmail(owner, { ...body, imap: imapOf('salah') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('email.imapConnectFailed');
    expect(wrong.json().message).toMatch(/^Could not sign in to the mail server: /);
    expect(wrong.json().message).not.toContain('salah');
    const none = await createEmail(owner, { ...body, imap: imapOf('') });
    expect([none.statusCode, none.json().fields]).toEqual([400, { 'imap.password': 'Password is required' }]);
    const badPort = await createEmail(owner, { ...body, imap: imapOf('x', { port: 70000 }) });
    expect(badPort.statusCode).toBe(400);
    expect(JSON.stringify(badPort.json().fields)).toContain('Port must be a number from 1 to 65535');
  });

  it('reads new mail into the inbox, marks it \\Seen, and stores a message met twice once', async () => {
    const made = await createEmail(owner, {
      addressPart: 'kasir',
      domain: DOMAIN,
      displayName: 'Kasir',
      imap: imapOf(dovecot.password),
    });
    expect(made.statusCode, made.body).toBe(200);
    accountId = made.json().id;
    // The password is never returned.
    expect(made.body).not.toContain(dovecot.password);
    expect(made.json().email.imap).toMatchObject({
      host: dovecot.host,
      user: dovecot.user,
      security: 'none',
    });
    await startReaders();
    await waitFor(async () => (await imapStateOf())?.state === 'connected');

    const first = mail('Tanya ongkir', 'Ongkir ke Bandung berapa?');
    await dovecot.deliver(first.raw);
    const inbound = await inbox.inboundOf(first.messageId);
    expect(inbound).toMatchObject({
      direction: 'in',
      text: 'Ongkir ke Bandung berapa?',
      channelAccountId: accountId,
    });
    expect(inbound.payload?.email).toMatchObject({ subject: 'Tanya ongkir', from: 'sari@pelanggan.test' });
    await waitFor(async () => (await dovecot.flagsOf(first.messageId)).includes('\\Seen'));

    // The same message filed again (a second copy in the mailbox) and sent over SMTP too: still one message.
    await dovecot.deliver(first.raw);
    await sim.send({
      from: 'sari@pelanggan.test',
      to: `kasir@${DOMAIN}`,
      subject: 'Tanya ongkir',
      text: 'Ongkir ke Bandung berapa?',
      messageId: first.messageId,
    });
    const cursor = await waitFor(async () => {
      const c = await imapCursorOf(server.deps.db, biz.clientId, accountId);
      return c && c.lastUid >= 2 ? c : false;
    });
    expect(cursor.uidValidity).toMatch(/^\d+$/);
    expect(await inbox.countMessages(first.messageId)).toBe(1);
  });

  it('reads on where it stopped after a restart, and after the mail server was away', async () => {
    await readers!.close();
    const whileStopped = mail('Saat mati', 'Pesan saat Sapa berhenti');
    await dovecot.deliver(whileStopped.raw);
    const before = await inbox.storedEvents();
    await startReaders();
    await inbox.inboundOf(whileStopped.messageId);
    // Only the new message: the earlier ones were not read again.
    expect(await inbox.storedEvents()).toBe(before + 1);

    await dovecot.stop();
    await waitFor(async () => (await imapStateOf())?.state === 'error');
    await dovecot.start();
    const after = mail('Setelah pulih', 'Server email kembali');
    await dovecot.deliver(after.raw);
    await inbox.inboundOf(after.messageId);
    await waitFor(async () => (await imapStateOf())?.state === 'connected');
  });

  it('stops reading a mailbox whose IMAP settings are removed; keeps the stored password on an edit without one', async () => {
    const edit = (payload: Record<string, unknown>) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/channel-accounts/email/${accountId}`,
        headers: { ...bearer(owner), 'accept-language': 'en' },
        payload: { displayName: 'Kasir', ...payload },
      });
    const kept = await edit({ imap: imapOf('') });
    expect(kept.statusCode, kept.body).toBe(200);
    const removed = await edit({ imap: null });
    expect([removed.statusCode, removed.json().email.imap]).toEqual([200, null]);
    await readers!.refresh();
    expect(readers!.size()).toBe(0);
  });

  it('with two server instances, each mailbox is read by exactly one; the other takes over when it stops', async () => {
    const made = await createEmail(owner, {
      addressPart: 'gudang',
      domain: DOMAIN,
      displayName: 'Gudang',
      imap: imapOf(dovecot.password),
    });
    expect(made.statusCode, made.body).toBe(200);
    accountId = made.json().id;
    // Instance one: this server's readers (short leases for the test); instance two: a second server on the
    // same database, with its own readers.
    await readers!.close();
    const one = await startImapReaders(server.deps, {
      drain: server.jobDefs.whatsappInbound,
      pollMs: 1_000,
      refreshMs: 300,
      leaseMs: 1_500,
    });
    readers = one;
    let second: TestServer | null = await startTestServer({ sameDatabaseAs: server, work: false });
    let two: Readers | null = await startImapReaders(second.deps, {
      drain: second.jobDefs.whatsappInbound,
      pollMs: 1_000,
      refreshMs: 300,
      leaseMs: 1_500,
    });
    try {
      await waitFor(async () => one.reading() + two!.reading() === 1);
      expect(one.size() + two.size()).toBe(2);
      const holder = one.reading() === 1 ? one : two;
      const standby = holder === one ? two : one;

      const first = mail('Stok gudang', 'Stok kardus masih ada?');
      await dovecot.deliver(first.raw);
      await inbox.inboundOf(first.messageId);
      // Still one reader after the lease was renewed a few times; the other cannot take it meanwhile.
      expect([holder.reading(), standby.reading()]).toEqual([1, 0]);
      expect(
        await takeImapLease(server.deps.db, { clientId: biz.clientId, id: accountId }, 'intruder', 1_500),
      ).toBe(false);

      // The reading instance stops: it lets the lease go and the other one reads on.
      await holder.close();
      await waitFor(async () => standby.reading() === 1);
      const second_ = mail('Setelah pindah', 'Dibaca oleh instans lain');
      await dovecot.deliver(second_.raw);
      await inbox.inboundOf(second_.messageId);
      expect(await inbox.countMessages(first.messageId)).toBe(1);
      expect(await inbox.countMessages(second_.messageId)).toBe(1);
    } finally {
      await two?.close();
      two = null;
      await second?.close();
      second = null;
    }
  });
});

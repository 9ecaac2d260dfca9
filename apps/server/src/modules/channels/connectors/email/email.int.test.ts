import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenPair } from '@sapa/contracts';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { signInFresh } from '../../../../../test/auth-helpers.js';
import { bearer } from '../../../../../test/fixtures.js';
import { waitFor } from '../../../../../test/harness.js';
import { channelInbox } from '../../../../../test/servers/channel-inbox.js';
import {
  ADDRESS,
  accountId,
  base,
  biz,
  CUSTOMER,
  createEmail,
  DOMAIN,
  other,
  otherOwner,
  owner,
  sapaSmtpPort,
  server,
  sim,
  useEmailServer,
} from '../../../../../test/servers/email.js';
import { mediaStorage } from '../../../conversations/index.js';

await useEmailServer();

const inbox = channelInbox(() => ({ server, clientId: biz.clientId, accountId, owner }));
const { storedEvents, countMessages, reply, sentRow, inboundOf } = inbox;

let customers = 0;
const newCustomer = () =>
  `pelanggan${String.fromCharCode(97 + (++customers % 26))}${customers}@pelanggan.test`;

/** The first email the simulator got for `to` after `since` messages. */
const receivedBy = (to: string, since = 0) =>
  waitFor(
    async () =>
      sim
        .messages()
        .slice(since)
        .find((m) => m.direction === 'in' && m.to.includes(to)) ?? false,
  );

async function upload(ticketId: string, name: string, bytes: Buffer, tokens: TokenPair = owner) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${base}/api/tickets/${ticketId}/uploads`, {
    method: 'POST',
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('email accounts (000 §2 /email/create, /email/edit; 001 §2 email settings, §5 address rules)', () => {
  it('makes the address on an available domain; lists it with its settings and no secrets', async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts',
      headers: bearer(owner),
    });
    const account = list.json().items.find((a: { id: string }) => a.id === accountId);
    expect(account).toMatchObject({
      channel: 'EML',
      address: ADDRESS,
      name: 'Toko Email',
      status: 'connected',
      webhookUrl: null,
      email: { displayName: 'Toko Email', header: 'Halo dari Toko Email,', footer: 'Salam, Toko Email' },
    });
    const domains = await server.app.inject({
      method: 'GET',
      url: '/api/channel-accounts/email/domains',
      headers: bearer(owner),
    });
    expect(domains.json()).toEqual({ prefix: '', domains: [DOMAIN, 'other.test'] });
  });

  it('refuses a bad address part, an unavailable domain, a taken address, and anyone but owner or admin', async () => {
    const body = { addressPart: 'cs', domain: DOMAIN, displayName: 'CS' };
    const bad = await createEmail(owner, { ...body, addressPart: 'cs1' });
    expect([bad.statusCode, bad.json().fields]).toEqual([
      400,
      { addressPart: 'Only letters, hyphen, underscore and dot are allowed' },
    ]);
    const long = await createEmail(owner, { ...body, addressPart: 'a'.repeat(41) });
    expect(long.json().fields).toEqual({ addressPart: 'Max 40 characters' });
    const domain = await createEmail(owner, { ...body, domain: 'gmail.com' });
    expect([domain.statusCode, domain.json().message]).toEqual([
      400,
      'Email domain not available. Please contact admin.',
    ]);
    const taken = await createEmail(otherOwner, { ...body, addressPart: 'HALO' });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'channel.emailExists']);
    const agent = await signInFresh(server.app, biz.agent.email);
    expect((await createEmail(agent, body)).statusCode).toBe(403);
    // Several addresses per business.
    const second = await createEmail(owner, { ...body, addressPart: 'cs.toko_id' });
    expect([second.statusCode, second.json().address]).toEqual([200, `cs.toko_id@${DOMAIN}`]);
  });

  it('edits the display name, header and footer; another business’s account is not found', async () => {
    const edit = (tokens: TokenPair, payload: Record<string, unknown>) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/channel-accounts/email/${accountId}`,
        headers: { ...bearer(tokens), 'accept-language': 'en' },
        payload,
      });
    const settings = {
      displayName: 'Toko Email',
      header: 'Halo dari Toko Email,',
      footer: 'Salam, Toko Email',
    };
    const res = await edit(owner, { ...settings, displayName: 'Toko Baru' });
    expect([res.statusCode, res.json().email.displayName, res.json().name]).toEqual([
      200,
      'Toko Baru',
      'Toko Baru',
    ]);
    expect((await edit(otherOwner, settings)).statusCode).toBe(404);
    expect((await edit(owner, settings)).statusCode).toBe(200);
  });
});

describe('email in and out over SMTP', () => {
  it('brings an email to the inbox as a ticket, with its headers; a redelivered Message-ID is stored once', async () => {
    const from = newCustomer();
    const messageId = `<${randomUUID()}@pelanggan.test>`;
    const before = await storedEvents();
    await sim.send({
      from,
      fromName: 'Budi',
      to: ADDRESS,
      cc: 'istri@pelanggan.test',
      subject: 'Stok baju',
      text: 'Ada ukuran L?',
      messageId,
    });
    const inbound = await inboundOf(messageId);
    expect(inbound).toMatchObject({ direction: 'in', type: 'text', text: 'Ada ukuran L?' });
    expect(inbound.payload?.email).toMatchObject({
      subject: 'Stok baju',
      from,
      to: [ADDRESS],
      cc: ['istri@pelanggan.test'],
      messageId,
    });
    const ticket = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${inbound.ticketId}`,
      headers: bearer(owner),
    });
    expect(ticket.json()).toMatchObject({ channel: 'EML', contact: { name: 'Budi' } });
    // The same Message-ID again (a sender that did not see our 250): nothing new.
    await sim.send({ from, to: ADDRESS, subject: 'Stok baju', text: 'Ada ukuran L?', messageId });
    expect(await storedEvents()).toBe(before + 1);
    expect(await countMessages(messageId)).toBe(1);
    // Another business never sees it.
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${inbound.ticketId}`,
      headers: bearer(otherOwner),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses mail for an address Sapa does not hold (550), at the SMTP level', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: sapaSmtpPort,
      secure: false,
      ignoreTLS: true,
    });
    await expect(
      transport.sendMail({ from: CUSTOMER, to: `nobody-here@${DOMAIN}`, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    transport.close();
  });

  it('offers STARTTLS with its certificate (kept in the data folder); plain SMTP stays allowed', async () => {
    const cert = readFileSync(join(server.deps.config.dataDir, 'smtp-tls', 'cert.pem'), 'utf8');
    const secured = nodemailer.createTransport({
      host: '127.0.0.1',
      port: sapaSmtpPort,
      secure: false,
      requireTLS: true,
      tls: { ca: cert, servername: DOMAIN },
    });
    const messageId = `<${randomUUID()}@pelanggan.test>`;
    await secured.sendMail({ from: CUSTOMER, to: ADDRESS, subject: 'Lewat TLS', text: 'Aman', messageId });
    secured.close();
    expect((await inboundOf(messageId)).text).toBe('Aman');
  });

  it('replies threaded (own Message-ID, In-Reply-To, References, Re: subject with the ticket token, header and footer, Cc); the customer’s answer lands in the same ticket', async () => {
    const from = newCustomer();
    const first = await sim.send({ from, to: ADDRESS, subject: 'Pesanan 123', text: 'Kapan dikirim?' });
    const inbound = await inboundOf(first.messageId);
    const badCc = await reply(inbound.ticketId, { text: 'Besok', emailCc: 'a@b.co, bukan-email' });
    expect([badCc.statusCode, badCc.json().code]).toEqual([400, 'ticketForm.emailCcInvalid']);
    const since = sim.messages().length;
    const res = await reply(inbound.ticketId, {
      text: 'Besok pagi dikirim.',
      emailCc: 'gudang@pelanggan.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await sentRow(res.json().id, 'sent');
    const got = await receivedBy(from, since);
    expect(sent.providerMessageId).toBe(got.messageId);
    expect(got.messageId).toBe(`<${sent.id}@${DOMAIN}>`);
    expect(got).toMatchObject({
      from: ADDRESS,
      fromName: 'Toko Email',
      cc: ['gudang@pelanggan.test'],
      inReplyTo: first.messageId,
    });
    expect(got.subject).toMatch(/^Re: Pesanan 123 \[#T-\d{6}\]$/);
    // Out through the relay over STARTTLS (the relay URL requires it).
    expect(got.tls).toBe(true);
    expect(got.text).toBe('Halo dari Toko Email,\n\nBesok pagi dikirim.\n\nSalam, Toko Email');
    const answer = await sim.send({ from, to: ADDRESS, subject: '', text: 'Terima kasih!', replyTo: got.id });
    const back = await inboundOf(answer.messageId);
    expect(back.ticketId).toBe(inbound.ticketId);
    expect(back.replyToId).toBe(sent.id);
    const raw = sim.messages().find((m) => m.id === got.id)!;
    expect(raw.headers['in-reply-to']).toBe(first.messageId);
    expect(raw.headers.references).toContain(first.messageId);
  });

  it('keeps a thread in its ticket when another address answers (In-Reply-To, or the subject’s ticket token); a resolved ticket is not continued', async () => {
    const from = newCustomer();
    const first = await sim.send({ from, to: ADDRESS, subject: 'Garansi', text: 'Layar retak' });
    const inbound = await inboundOf(first.messageId);
    const since = sim.messages().length;
    const res = await reply(inbound.ticketId, { text: 'Kirim fotonya', emailCc: 'suami@pelanggan.test' });
    await sentRow(res.json().id, 'sent');
    const got = await receivedBy(from, since);
    // The husband in Cc answers from his own address: same ticket.
    const cc = await sim.send({
      from: 'suami@pelanggan.test',
      to: ADDRESS,
      subject: '',
      text: 'Ini fotonya',
      replyTo: got.id,
    });
    expect((await inboundOf(cc.messageId)).ticketId).toBe(inbound.ticketId);
    // A new email (no In-Reply-To) that quotes the ticket token in its subject: same ticket.
    const token = /\[#T-\d+\]/.exec(got.subject)![0];
    const byToken = await sim.send({
      from: 'toko.lain@pelanggan.test',
      to: ADDRESS,
      subject: `Soal ${token}`,
      text: 'Saya bantu',
    });
    expect((await inboundOf(byToken.messageId)).ticketId).toBe(inbound.ticketId);
    // Once resolved, the token opens nothing old: the sender's own new ticket.
    const resolved = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${inbound.ticketId}/resolve`,
      headers: bearer(owner),
      payload: {},
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const late = await sim.send({
      from: 'toko.lain@pelanggan.test',
      to: ADDRESS,
      subject: `Lagi ${token}`,
      text: 'Masih?',
    });
    expect((await inboundOf(late.messageId)).ticketId).not.toBe(inbound.ticketId);
  });

  it('brings a 10 MB attachment whole', { timeout: 90_000 }, async () => {
    const from = newCustomer();
    const bytes = randomBytes(10 * 1024 * 1024);
    const mail = await sim.send({
      from,
      to: ADDRESS,
      subject: 'Foto',
      text: 'Lampiran',
      files: [{ filename: 'besar.bin', mime: 'application/octet-stream', bytes }],
    });
    const inbound = await inboundOf(mail.messageId);
    const email = inbound.payload?.email as {
      attachments: { url: string; size: number; filename: string }[];
    };
    const files = email.attachments;
    expect(files).toEqual([expect.objectContaining({ filename: 'besar.bin', size: bytes.length })]);
    const key = files[0]!.url.replace('/api/media/', '');
    expect((await mediaStorage(server.deps).get(key))?.bytes.equals(bytes)).toBe(true);
  });

  it('sends an agent’s file; refuses an email file of 25 units or more with the spec message', {
    timeout: 90_000,
  }, async () => {
    const from = newCustomer();
    const mail = await sim.send({ from, to: ADDRESS, subject: 'Nota', text: 'Minta nota' });
    const inbound = await inboundOf(mail.messageId);

    const tooBig = await upload(
      inbound.ticketId,
      'arsip.pdf',
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(25 * 1_024_000, 1)]),
    );
    expect([tooBig.status, tooBig.body.message]).toEqual([400, 'Email attachments total max 25 MB']);

    const small = await upload(inbound.ticketId, 'nota.pdf', Buffer.from('%PDF-1.4 nota'));
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    const since = sim.messages().length;
    const res = await reply(inbound.ticketId, { text: 'Nota terlampir', attachmentId: small.body.id });
    await sentRow(res.json().id, 'sent');
    const got = await receivedBy(from, since);
    expect(got.files.map((f) => [f.mime, f.bytes.toString()])).toEqual([
      ['application/pdf', '%PDF-1.4 nota'],
    ]);
  });

  it('sends several files in one email and brings several in; refuses files that together reach 25 units', {
    timeout: 90_000,
  }, async () => {
    const from = newCustomer();
    const mail = await sim.send({
      from,
      to: ADDRESS,
      subject: 'Dua berkas',
      text: 'Terlampir',
      files: [
        { filename: 'satu.pdf', mime: 'application/pdf', bytes: Buffer.from('%PDF-1.4 satu') },
        { filename: 'dua.txt', mime: 'text/plain', bytes: Buffer.from('dua') },
      ],
    });
    const inbound = await inboundOf(mail.messageId);
    const inEmail = inbound.payload?.email as { attachments: { filename: string }[] } | undefined;
    expect(inEmail?.attachments.map((f) => f.filename)).toEqual(['satu.pdf', 'dua.txt']);

    const a = await upload(inbound.ticketId, 'nota 1.pdf', Buffer.from('%PDF-1.4 nota satu'));
    const b = await upload(inbound.ticketId, 'nota 2.pdf', Buffer.from('%PDF-1.4 nota dua'));
    const since = sim.messages().length;
    const res = await reply(inbound.ticketId, {
      text: 'Dua nota',
      emailCc: 'kantor@pelanggan.test',
      attachmentIds: [a.body.id, b.body.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    await sentRow(res.json().id, 'sent');
    const got = await receivedBy(from, since);
    expect(got.cc).toEqual(['kantor@pelanggan.test']);
    // 000 §9 names: spaces to underscores after a timestamp prefix.
    expect(got.files.map((f) => [f.filename?.replace(/^\d+_/, ''), f.bytes.toString()])).toEqual([
      ['nota_1.pdf', '%PDF-1.4 nota satu'],
      ['nota_2.pdf', '%PDF-1.4 nota dua'],
    ]);
    expect(sim.messages().length).toBe(since + 1);

    const half = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(12.5 * 1_024_000, 1)]);
    const big1 = await upload(inbound.ticketId, 'besar1.pdf', half);
    const big2 = await upload(inbound.ticketId, 'besar2.pdf', half);
    expect([big1.status, big2.status]).toEqual([200, 200]);
    const tooBig = await reply(inbound.ticketId, { text: 'x', attachmentIds: [big1.body.id, big2.body.id] });
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([400, 'Email attachments total max 25 MB']);
  });

  it('starts an email from the new chat window: recipient, subject and text (000 §2); a bad address is refused', async () => {
    const newChat = (payload: Record<string, unknown>) =>
      server.app.inject({
        method: 'POST',
        url: '/api/inbox/new-chat',
        headers: { ...bearer(owner), 'accept-language': 'en' },
        payload: { channelAccountId: accountId, clientMessageId: randomUUID(), ...payload },
      });
    const bad = await newChat({ recipient: 'bukan-email', subject: 'Promo', text: 'Halo' });
    expect([bad.statusCode, bad.json().fields]).toEqual([400, { recipient: 'Email format is invalid' }]);
    const noSubject = await newChat({ recipient: 'baru@pelanggan.test', text: 'Halo' });
    expect(noSubject.statusCode).toBe(400);
    const since = sim.messages().length;
    const res = await newChat({
      recipient: 'Baru@Pelanggan.test',
      subject: 'Promo Lebaran',
      text: 'Diskon 20%',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ticket).toMatchObject({ channel: 'EML' });
    await sentRow(res.json().message.id, 'sent');
    const got = await receivedBy('baru@pelanggan.test', since);
    expect(got.subject).toBe('Promo Lebaran');
    expect(got.text).toContain('Diskon 20%');
  });

  it('marks an agent’s email failed when it comes back (delivery status notification)', async () => {
    const from = `nobody.${randomUUID().slice(0, 8)}@pelanggan.test`;
    const first = await sim.send({ from, to: ADDRESS, subject: 'Halo', text: 'Tolong balas' });
    const inbound = await inboundOf(first.messageId);
    const res = await reply(inbound.ticketId, { text: 'Siap' });
    const failed = await sentRow(res.json().id, 'failed');
    expect(failed.error).toMatchObject({ code: 'email.bounced' });
    expect(failed.error?.message).toContain('5.1.1');
  });

  it('keeps each business’s mail apart: an email to another business’s address is its alone', async () => {
    const made = await createEmail(otherOwner, {
      addressPart: 'lain',
      domain: 'other.test',
      displayName: 'Lain',
    });
    expect(made.statusCode).toBe(200);
    const mail = await sim.send({
      from: newCustomer(),
      to: `lain@other.test`,
      subject: 'Untuk Lain',
      text: 'Halo Lain',
    });
    const otherInbox = channelInbox(() => ({
      server,
      clientId: other.clientId,
      accountId: made.json().id,
      owner: otherOwner,
    }));
    const inbound = await otherInbox.inboundOf(mail.messageId);
    expect(inbound.channelAccountId).toBe(made.json().id);
    expect(await countMessages(mail.messageId)).toBe(0);
    const mine = await server.app.inject({
      method: 'GET',
      url: `/api/tickets/${inbound.ticketId}`,
      headers: bearer(owner),
    });
    expect(mine.statusCode).toBe(404);
  });
});

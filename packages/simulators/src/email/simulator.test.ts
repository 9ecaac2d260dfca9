import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSimulator } from './simulator.js';
import type { MailSimulator } from './types.js';

/** A stand-in for Sapa's inbound SMTP listener: keeps each message with its envelope. */
const received: { from: string; to: string[]; raw: Buffer }[] = [];
let sapa: SMTPServer;
let sim: MailSimulator;

async function waitUntil<T>(check: () => T | undefined): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met');
}

beforeAll(async () => {
  sapa = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sapa.listen(0, '127.0.0.1', resolve));
  const { port } = sapa.server.address() as AddressInfo;
  sim = await startMailSimulator({
    sapaSmtp: { host: '127.0.0.1', port },
    sapaAddresses: () => ['halo@toko.test'],
  });
});

afterAll(async () => {
  await sim.close();
  await new Promise<void>((resolve) => sapa.close(() => resolve()));
});

describe('email simulator', { timeout: 30_000 }, () => {
  it('takes Sapa’s email over SMTP and sends the person’s reply threaded, with files, to Sapa', async () => {
    const relay = nodemailer.createTransport({
      host: '127.0.0.1',
      port: sim.smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    await relay.sendMail({
      from: 'Toko <halo@toko.test>',
      to: 'budi@pelanggan.test',
      subject: 'Re: Pesanan [#T-000001]',
      text: 'Sudah dikirim',
      messageId: '<out-1@toko.test>',
      references: ['<in-1@pelanggan.test>'],
    });
    relay.close();
    const got = await waitUntil(() => sim.messages().find((m) => m.messageId === '<out-1@toko.test>'));
    expect(got).toMatchObject({ direction: 'in', from: 'halo@toko.test', to: ['budi@pelanggan.test'] });
    const page = (await (await fetch(`${sim.url}/api/messages?address=budi@pelanggan.test`)).json()) as {
      id: string;
    }[];
    expect(page.map((m) => m.id)).toContain(got.id);

    const res = await fetch(`${sim.url}/api/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: 'budi@pelanggan.test',
        to: 'halo@toko.test',
        text: 'Terima kasih',
        replyTo: got.id,
        files: [{ filename: 'foto.png', mime: 'image/png', base64: Buffer.from('png').toString('base64') }],
      }),
    });
    expect(res.status).toBe(200);
    const sent = await waitUntil(() => received.at(-1));
    const mail = await simpleParser(sent.raw);
    expect(sent.to).toEqual(['halo@toko.test']);
    expect(mail.subject).toBe('Re: Pesanan [#T-000001]');
    expect(mail.inReplyTo).toBe('<out-1@toko.test>');
    expect(mail.references).toEqual(['<in-1@pelanggan.test>', '<out-1@toko.test>']);
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['foto.png', 'png']]);
  });

  it('returns mail for an unknown mailbox to its sender as a delivery status notification', async () => {
    const before = received.length;
    const relay = nodemailer.createTransport({
      host: '127.0.0.1',
      port: sim.smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    await relay.sendMail({
      envelope: { from: 'halo@toko.test', to: ['nobody@pelanggan.test'] },
      from: 'halo@toko.test',
      to: 'nobody@pelanggan.test',
      subject: 'Halo',
      text: 'x',
      messageId: '<out-2@toko.test>',
    });
    relay.close();
    const dsn = await waitUntil(() => received.slice(before).at(0));
    expect(dsn.from).toBe('');
    expect(dsn.to).toEqual(['halo@toko.test']);
    const text = dsn.raw.toString();
    expect(text).toContain('report-type=delivery-status');
    expect(text).toContain('Status: 5.1.1');
    expect(text).toContain('Message-ID: <out-2@toko.test>');
  });

  it('refuses a send without valid addresses', async () => {
    const res = await fetch(`${sim.url}/api/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'bukan', to: 'halo@toko.test', text: 'x' }),
    });
    expect(res.status).toBe(400);
  });
});

import type { AddressInfo } from 'node:net';
import { startWhatsappCloudSimulator, type WhatsappCloudSimulator } from '@sapa/simulators';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxCount } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';

/** One email as the SMTP server received it: envelope and raw message. */
interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server (the nodemailer project's smtp-server) on a free port, keeping what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

const PLATFORM_NUMBER = {
  phoneNumberId: '109000000000001',
  wabaId: '209000000000001',
  displayPhoneNumber: '6281100000001',
  accessToken: 'platform-sender-token',
  appSecret: 'platform-app-secret',
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sim: WhatsappCloudSimulator;
let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
const phone = `62857${String(Date.now()).slice(-8)}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  sim = await startWhatsappCloudSimulator({ port: 0 });
  sim.registerNumber({ ...PLATFORM_NUMBER, webhookUrl: 'http://127.0.0.1:9/unused' });
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Sapa <no-reply@sapa.test>',
      PLATFORM_WHATSAPP_PHONE_NUMBER_ID: PLATFORM_NUMBER.phoneNumberId,
      PLATFORM_WHATSAPP_ACCESS_TOKEN: PLATFORM_NUMBER.accessToken,
      PLATFORM_WHATSAPP_GRAPH_URL: sim.graphBaseUrl,
      PLATFORM_WHATSAPP_OTP_TEMPLATE: 'kode_otp',
    },
  });
  biz = await makeBusiness(server.deps.db, 'Kirim', [{ name: 'Telepon', phone }]);
});
afterAll(async () => {
  await server?.close();
  await sim?.close();
  await smtp?.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url, payload });

/** The code works: the reset verifies with it (so it is the real code, not any five digits). */
async function expectCodeVerifies(resetId: string, code: string) {
  const verified = await post('/api/auth/password/verify', { resetId, otp: code });
  expect(verified.statusCode, verified.body).toBe(200);
}

describe('delivery of one-time codes', () => {
  it('sends a password-reset code by email through the SMTP server when SMTP_URL is set', async () => {
    const email = biz.agent.email;
    const res = await post('/api/auth/password/forgot', { channel: 'email', email });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitFor(async () => smtp.received.find((m) => m.to.includes(email)));
    expect(mail.from).toBe('no-reply@sapa.test');
    expect(mail.raw).toMatch(/^Subject: Sapa password reset/m);
    const code = /(?:^|\D)(\d{5}) is your Sapa password reset code/m.exec(mail.raw)?.[1];
    expect(code).toMatch(/^\d{5}$/);
    await expectCodeVerifies(res.json().resetId, code!);
    // Delivered for real: nothing in the outbox, and neither the code nor the address in the logs.
    expect(await outboxCount(server.deps.db, email)).toBe(0);
    expect(server.logs()).not.toContain(code!);
    expect(server.logs()).not.toContain(email);
  });

  it("sends a password-reset code by WhatsApp from the platform's own number as an authentication template", async () => {
    const res = await post('/api/auth/password/forgot', { channel: 'phone', phone: `0${phone.slice(2)}` });
    expect(res.statusCode, res.body).toBe(200);
    const [sent] = await waitFor(async () => {
      const messages = sim.conversation(PLATFORM_NUMBER.phoneNumberId, phone);
      return messages.length > 0 ? messages : undefined;
    });
    expect(sent!.type).toBe('template');
    const template = sent!.request.template as {
      name: string;
      language: { code: string };
      components: { type: string; parameters: { type: string; text: string }[] }[];
    };
    expect(template).toMatchObject({ name: 'kode_otp', language: { code: 'id' } });
    const code = template.components.find((c) => c.type === 'body')!.parameters[0]!.text;
    expect(code).toMatch(/^\d{5}$/);
    await expectCodeVerifies(res.json().resetId, code);
    expect(await outboxCount(server.deps.db, phone)).toBe(0);
    expect(server.logs()).not.toContain(code);
    expect(server.logs()).not.toContain(phone);
  });
});

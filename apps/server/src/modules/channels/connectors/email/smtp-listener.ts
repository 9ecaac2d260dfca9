import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { ServerDeps } from '../../../../platform/deps.js';
import type { DrainDefinition } from '../../../../platform/jobs/job-queue.js';
import type { ChannelAccountRow } from '../../channels.service.js';
import { emailAccountAt } from './email-accounts.repository.js';
import { readEmail, storeEmail } from './email-intake.js';
import { smtpTlsOf } from './smtp-tls.js';

/**
 * The largest message accepted: 000 §5's 25 attachment units (25,600,000 bytes) grow by a third in base64, plus
 * the text: 40 MiB. A larger one is refused at the SMTP level (552), never half-stored.
 */
export const SMTP_MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

/** An SMTP reply error (smtp-server sends `responseCode` and the message). */
function smtpError(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code });
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The email channel's intake: a real SMTP server (`smtp-server`) that takes mail for the connected email
 * accounts (RCPT TO an unknown address: 550), reads each message whole (over `SMTP_MAX_MESSAGE_BYTES`: 552),
 * stores it for every recipient account (`storeEmail`: raw bytes, files, then one `inbound_events` row per
 * Message-ID) and answers 250 only after that commit; a failure answers 451 so the sender tries again.
 * The conversations drain is woken as a webhook wakes it. STARTTLS is offered with the configured certificate or
 * a self-signed one (`smtp-tls.ts`); plain SMTP stays allowed, as for any public MX.
 */
export async function startEmailListener(
  deps: ServerDeps,
  options: { port: number; host?: string; drain: DrainDefinition },
): Promise<{ port: number; close(): Promise<void> }> {
  const tls = await smtpTlsOf(deps.config);
  // The accounts each open transaction's RCPT TO named (by session id), so DATA needs no second look-up.
  const recipients = new Map<string, Map<string, ChannelAccountRow>>();
  const recipientsOf = (session: SMTPServerSession) => {
    const found = recipients.get(session.id) ?? new Map<string, ChannelAccountRow>();
    recipients.set(session.id, found);
    return found;
  };
  const server = new SMTPServer({
    name: deps.config.email.domains[0] ?? 'sapa.local',
    banner: 'Sapa',
    size: SMTP_MAX_MESSAGE_BYTES,
    authOptional: true,
    disabledCommands: ['AUTH'],
    key: tls.key,
    cert: tls.cert,
    logger: false,
    async onRcptTo(address, session, callback) {
      try {
        const account = await emailAccountAt(deps.db, address.address);
        // Kept for this transaction's DATA (a new MAIL FROM on the connection starts another list).
        if (account) recipientsOf(session).set(account.id, account);
        callback(account ? undefined : smtpError(550, '5.1.1 No such mailbox here'));
      } catch {
        callback(smtpError(451, '4.3.0 Try again later'));
      }
    },
    onMailFrom(_address, session, callback) {
      recipients.delete(session.id);
      callback();
    },
    onClose(session) {
      recipients.delete(session.id);
    },
    onData(stream, session: SMTPServerSession, callback) {
      readStream(stream)
        .then(async (raw) => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded)
            throw smtpError(552, '5.3.4 Message too big');
          const email = await readEmail(raw);
          const accounts = recipientsOf(session);
          recipients.delete(session.id);
          for (const account of accounts.values()) await storeEmail(deps, account, email);
          deps.jobs.wake(options.drain);
          callback();
        })
        .catch((err: unknown) => {
          const code = (err as { responseCode?: number }).responseCode;
          if (!code)
            deps.logger.warn({ err: err instanceof Error ? err.message : 'failed' }, 'email not stored');
          callback(code ? (err as Error) : smtpError(451, '4.3.0 Try again later'));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host ?? deps.config.email.smtpHost, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

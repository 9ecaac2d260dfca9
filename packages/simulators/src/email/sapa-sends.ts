import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Mailbox } from './mailbox.js';
import type { WebmailMessage, WebmailSend } from './types.js';

const splitAddresses = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);

/** A reply's subject: "Re: " once before the original's. */
const replySubject = (subject: string) => (/^re:/i.test(subject) ? subject : `Re: ${subject}`);

/**
 * Sending to Sapa's inbound SMTP listener as a person's mail provider does: a new Message-ID on the sender's
 * domain, In-Reply-To and References when answering a message, files as attachments; and returned mail
 * (RFC 3464 delivery status notifications, from the null sender) for Sapa's emails to unknown mailboxes.
 */
export function createSapaSends(options: { sapaSmtp: { host: string; port: number }; mailbox: Mailbox }) {
  const transport = nodemailer.createTransport({
    host: options.sapaSmtp.host,
    port: options.sapaSmtp.port,
    secure: false,
    // STARTTLS when Sapa offers it (it does), without checking the certificate: opportunistic TLS, as MTAs
    // deliver to an MX.
    tls: { rejectUnauthorized: false },
  });

  async function send(args: WebmailSend): Promise<WebmailMessage> {
    const parent = args.replyTo ? options.mailbox.byId(args.replyTo) : undefined;
    const from = args.from.trim().toLowerCase();
    const domain = from.split('@')[1] ?? 'pelanggan.test';
    const messageId = args.messageId ?? `<${randomUUID()}@${domain}>`;
    const references = parent ? [...parent.references, parent.messageId].filter(Boolean) : [];
    const subject = args.subject || (parent ? replySubject(parent.subject) : '');
    const files = args.files ?? [];
    await transport.sendMail({
      from: args.fromName ? { name: args.fromName, address: from } : from,
      to: args.to,
      cc: args.cc || undefined,
      subject,
      text: args.text,
      messageId,
      inReplyTo: parent?.messageId || undefined,
      references: references.length > 0 ? references : undefined,
      attachments: files.map((f) => ({ filename: f.filename, content: f.bytes, contentType: f.mime })),
    });
    const message: WebmailMessage = {
      id: randomUUID(),
      direction: 'out',
      messageId,
      inReplyTo: parent?.messageId ?? null,
      references,
      from,
      fromName: args.fromName ?? null,
      to: splitAddresses(args.to),
      cc: splitAddresses(args.cc),
      subject,
      text: args.text,
      html: null,
      date: Date.now(),
      files: files.map((f) => ({ id: randomUUID(), ...f, size: f.bytes.length })),
      headers: {},
    };
    options.mailbox.add(message);
    return message;
  }

  /** Returns an email Sapa sent to an unknown mailbox, to its envelope sender. */
  async function bounce(b: { sender: string; recipient: string; message: WebmailMessage }) {
    const boundary = `dsn-${randomUUID()}`;
    const raw = [
      'From: Mail Delivery System <mailer-daemon@pelanggan.test>',
      `To: ${b.sender}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: <${randomUUID()}@pelanggan.test>`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Your message to ${b.recipient} could not be delivered: no such mailbox.`,
      '',
      `--${boundary}`,
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; pelanggan.test',
      '',
      `Final-Recipient: rfc822; ${b.recipient}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      '',
      `--${boundary}`,
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${b.message.messageId}`,
      `Subject: ${b.message.subject}`,
      '',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    await transport.sendMail({ envelope: { from: '', to: [b.sender] }, raw });
  }

  return { send, bounce, close: () => transport.close() };
}

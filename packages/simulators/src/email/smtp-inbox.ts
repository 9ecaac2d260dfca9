import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Mailbox } from './mailbox.js';
import type { WebmailMessage } from './types.js';

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((o) =>
    o.value.flatMap((a) => (a.address ? [a.address.toLowerCase()] : [])),
  );

const idsOf = (refs: string | string[] | undefined) =>
  (Array.isArray(refs) ? refs : (refs ?? '').split(/\s+/)).filter(Boolean);

/** A mailbox that does not exist here: `nobody…@` (for returned-mail journeys). */
export const isUnknownMailbox = (address: string) => /^nobody/i.test(address);

/** A received email (raw bytes) as the webmail holds it. */
export async function webmailMessageOf(raw: Buffer): Promise<WebmailMessage> {
  const parsed = await simpleParser(raw);
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.key.length + 1).trim();
  return {
    id: randomUUID(),
    direction: 'in',
    messageId: parsed.messageId ?? '',
    inReplyTo: parsed.inReplyTo ?? null,
    references: idsOf(parsed.references),
    from: parsed.from?.value[0]?.address?.toLowerCase() ?? '',
    fromName: parsed.from?.value[0]?.name || null,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
    date: parsed.date?.getTime() ?? Date.now(),
    files: parsed.attachments.map((a) => ({
      id: randomUUID(),
      filename: a.filename ?? 'file',
      mime: a.contentType,
      size: a.content.length,
      bytes: a.content,
    })),
    headers,
  };
}

/**
 * The simulator's SMTP server: takes what Sapa's relay delivers, like a customer's mail provider. Mail for an
 * unknown mailbox (`isUnknownMailbox`) is accepted and then returned to its sender as a delivery status
 * notification (`onBounce`), as real providers do after accepting.
 */
export async function startSmtpInbox(options: {
  port: number;
  host: string;
  mailbox: Mailbox;
  onBounce(bounce: { sender: string; recipient: string; message: WebmailMessage }): void;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    // STARTTLS offered as real providers do (smtp-server's own localhost certificate: a simulator's).
    disabledCommands: ['AUTH'],
    size: 60 * 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        webmailMessageOf(Buffer.concat(chunks))
          .then((message) => {
            options.mailbox.add({ ...message, tls: session.secure });
            const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            for (const rcpt of session.envelope.rcptTo)
              if (isUnknownMailbox(rcpt.address) && sender)
                options.onBounce({ sender, recipient: rcpt.address, message });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

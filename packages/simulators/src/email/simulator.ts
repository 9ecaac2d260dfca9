import Fastify from 'fastify';
import { serveEventStream } from '../event-stream.js';
import { listenAdvertised } from '../listen.js';
import { createMailbox } from './mailbox.js';
import { webmailPageHtml } from './page.js';
import { createSapaSends } from './sapa-sends.js';
import { startSmtpInbox } from './smtp-inbox.js';
import type { MailSimulator, MailSimulatorOptions, WebmailMessage } from './types.js';

/** A message in the page's shape: no bytes, files by id. */
function pageMessageOf(m: WebmailMessage) {
  return { ...m, files: m.files.map(({ bytes: _bytes, ...f }) => f), headers: undefined };
}

interface SendBody {
  from?: string;
  fromName?: string;
  to?: string;
  cc?: string;
  subject?: string;
  text?: string;
  replyTo?: string;
  files?: { filename?: string; mime?: string; base64?: string }[];
}

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/**
 * Starts the email simulator: an SMTP server where Sapa's relay delivers (`smtp-inbox.ts`; unknown mailboxes
 * bounce back), and a webmail page (`/`) where a person reads those emails and writes or replies to Sapa's
 * inbound SMTP listener with threading headers and files (`sapa-sends.ts`).
 */
export async function startMailSimulator(options: MailSimulatorOptions): Promise<MailSimulator> {
  const mailbox = createMailbox();
  const sends = createSapaSends({ sapaSmtp: options.sapaSmtp, mailbox });
  const inbox = await startSmtpInbox({
    port: options.smtpPort ?? 0,
    host: options.host ?? '127.0.0.1',
    mailbox,
    onBounce: (b) => {
      sends.bounce(b).catch(() => undefined);
    },
  });
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 60 * 1024 * 1024,
    forceCloseConnections: true,
  });
  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(webmailPageHtml));
  app.get('/api/sapa-addresses', async () => (options.sapaAddresses ? await options.sapaAddresses() : []));
  app.get('/api/messages', async (req) => {
    const address = String((req.query as { address?: string }).address ?? '');
    return mailbox.of(address).map(pageMessageOf);
  });
  app.get('/api/files/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const file = mailbox.messages.flatMap((m) => m.files).find((f) => f.id === id);
    if (!file) return reply.code(404).send({ error: 'Not found' });
    return reply
      .type(file.mime)
      .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
      .send(file.bytes);
  });
  app.get('/api/events', (req, reply) => serveEventStream(req, reply, (res) => mailbox.follow(res)));
  app.post('/api/send', async (req, reply) => {
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as SendBody;
    const from = b.from?.trim() ?? '';
    const to = b.to?.trim() ?? '';
    if (!EMAIL.test(from) || !to.split(',').every((a) => EMAIL.test(a.trim())))
      return reply.code(400).send({ error: 'Enter valid addresses.' });
    try {
      const sent = await sends.send({
        from,
        fromName: b.fromName?.trim() || undefined,
        to,
        cc: b.cc,
        subject: b.subject ?? '',
        text: b.text ?? '',
        replyTo: b.replyTo,
        files: (b.files ?? []).map((f) => ({
          filename: f.filename || 'file',
          mime: f.mime || 'application/octet-stream',
          bytes: Buffer.from(f.base64 ?? '', 'base64'),
        })),
      });
      return pageMessageOf(sent);
    } catch (err) {
      const e = err as { response?: string; message?: string };
      return reply.code(502).send({ error: `Not sent: ${e.response ?? e.message ?? 'failed'}` });
    }
  });
  const url = await listenAdvertised(app, options);
  return {
    url,
    smtpPort: inbox.port,
    send: (args) => sends.send(args),
    messages: () => [...mailbox.messages],
    async close() {
      mailbox.endAll();
      sends.close();
      await inbox.close();
      await app.close();
    },
  };
}

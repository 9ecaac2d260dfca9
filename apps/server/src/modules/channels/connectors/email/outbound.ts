import { emailAttachmentsExceeded } from '@sapa/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerDeps } from '../../../../platform/deps.js';
import { displayIdOf, mediaStorage } from '../../../conversations/index.js';
import { emailConfigOf } from '../../channels.schema.js';
import type { OutboundContext, OutboundSender, SendOutcome } from '../../outbound/outbound-sender.js';
import { threadOf } from './thread.repository.js';
import { outboundMessageIdOf, referencesFor, replySubjectOf } from './threading.js';

const failed = (outcome: Extract<SendOutcome, { ok: false }>): SendOutcome => outcome;

/** The agent's text between the account's header and footer (001 §2 email settings). */
export function bodyOf(header: string, text: string, footer: string): string {
  return [header, text, footer].filter((part) => part.trim() !== '').join('\n\n');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The same body as simple HTML: paragraphs and line breaks, every character escaped. */
export function htmlOf(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** A relay's answer in the send job's words: 5xx for good, anything else (4xx, network) worth another try. */
function outcomeOfError(err: unknown): SendOutcome {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const detail = e.response ?? e.message ?? 'failed';
  if (typeof e.responseCode === 'number' && e.responseCode >= 500)
    return failed({ ok: false, retryable: false, reason: 'email.failed', detail });
  return failed({ ok: false, retryable: true, reason: 'email.unavailable', detail });
}

/** The storage keys and names of an agent's email files: its one upload, or the several of `emailFiles`. */
function filesNamed(message: OutboundContext['message']): { key: string; filename: string }[] {
  const several = message.payload?.emailFiles;
  if (Array.isArray(several))
    return several.map((f: { storageKey: string; filename?: string | null }) => ({
      key: f.storageKey,
      filename: f.filename ?? 'file',
    }));
  const key = message.payload?.storageKey;
  return typeof key === 'string' ? [{ key, filename: message.media?.filename ?? 'file' }] : [];
}

/** The files of an agent's email, from media storage; null when one of them is gone. */
async function attachmentsOf(deps: ServerDeps, message: OutboundContext['message']) {
  const files = [];
  for (const { key, filename } of filesNamed(message)) {
    const file = await mediaStorage(deps).get(key);
    if (!file) return null;
    files.push({ filename, content: file.bytes, contentType: file.mime });
  }
  return files;
}

/**
 * Email's outbound half: one message through the SMTP relay (`EMAIL_RELAY_URL`, nodemailer), from the
 * account's display name and address, to the contact's address with the agent's Cc, the account's header and
 * footer around the text, its files attached (one upload or several, together within 000 §5's 25), and the thread's headers: Sapa's own
 * Message-ID (the provider id, so a returned mail finds it), In-Reply-To the thread's last email and
 * References all of them, the subject `Re: <thread subject> [#T-…]` unless the agent wrote one.
 */
export function emailSender(deps: ServerDeps): OutboundSender {
  let transport: Transporter | null = null;
  const transportOf = (url: string) => {
    transport ??= nodemailer.createTransport(url);
    return transport;
  };
  return async ({ account, recipientId, message, ticket }) => {
    const relay = deps.config.email.relayUrl;
    if (!relay)
      return failed({ ok: false, retryable: false, reason: 'email.unavailable', detail: 'no relay' });
    if (!recipientId)
      return failed({ ok: false, retryable: false, reason: 'email.recipientInvalid', detail: 'no address' });
    const config = emailConfigOf(account);
    const attachments = await attachmentsOf(deps, message);
    if (!attachments)
      return failed({ ok: false, retryable: false, reason: 'attachment.notFound', detail: 'file not found' });
    if (emailAttachmentsExceeded(attachments.reduce((total, a) => total + a.content.length, 0)))
      return failed({ ok: false, retryable: false, reason: 'email.attachmentsTooLarge', detail: '' });
    const thread = await threadOf(deps.db, account.clientId, ticket.id);
    const parent = thread.at(-1)?.messageId ?? null;
    const threadSubject = thread.find((m) => m.subject)?.subject ?? '';
    const ownSubject = typeof message.payload?.subject === 'string' ? message.payload.subject : '';
    const cc = Array.isArray(message.payload?.emailCc) ? (message.payload.emailCc as string[]) : [];
    const messageId = outboundMessageIdOf(message.id, config.domain);
    const text = bodyOf(config.header, message.text ?? '', config.footer);
    try {
      const info = await transportOf(relay).sendMail({
        from: { name: config.displayName, address: account.address },
        to: recipientId,
        cc,
        subject: ownSubject || replySubjectOf(threadSubject, displayIdOf(ticket.displayNumber)),
        messageId,
        inReplyTo: parent ?? undefined,
        references: referencesFor(
          thread.slice(0, -1).map((m) => m.messageId),
          parent,
        ),
        text,
        html: htmlOf(text),
        attachments,
      });
      if ((info.rejected ?? []).length > 0)
        return failed({ ok: false, retryable: false, reason: 'email.failed', detail: String(info.response) });
      return { ok: true, providerMessageId: messageId };
    } catch (err) {
      return outcomeOfError(err);
    }
  };
}

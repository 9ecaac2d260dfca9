import { createHash } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../../../platform/db/database.js';
import { createNaturalBatcher } from '../../../../platform/db/natural-batcher.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { storableJsonText } from '../../../../platform/http/unstorable-text.js';
import { mediaStorage } from '../../../conversations/index.js';
import type { ChannelAccountRow } from '../../channels.service.js';
import { INBOUND_LANES } from '../../inbound/inbound-drain.js';
import {
  type StoreRequest,
  storeDeliveries,
  storeDelivery,
} from '../../inbound/webhook-intake.repository.js';
import { uuidFromKey } from '../livechat/livechat-files.js';
import { type EmailAddress, type ParsedEmail, parseEmail } from './email-parse-pool.js';
import type { EmailBounce, StoredEmail, StoredEmailFile } from './email-types.js';
import { normaliseMessageId } from './threading.js';

/** An email as mailparser read it (on a worker thread, `email-parse-pool.ts`), with its raw bytes. */
export interface ReceivedEmail {
  raw: Buffer;
  parsed: ParsedEmail;
}

export async function readEmail(raw: Buffer): Promise<ReceivedEmail> {
  return { raw, parsed: await parseEmail(raw) };
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** The addresses of a To or Cc header, lower case. */
export function addressesOf(field: EmailAddress[]): string[] {
  return field.flatMap((a) => (a.address ? [a.address.toLowerCase()] : []));
}

/** The email's Message-ID; one made from its bytes when it has none (so a redelivery still matches). */
export function messageIdOf(email: ReceivedEmail): string {
  return normaliseMessageId(email.parsed.messageId) ?? `<${sha256(email.raw)}@no-message-id.sapa>`;
}

/**
 * A returned mail (RFC 3464 `multipart/report; report-type=delivery-status`): which email, and why. The
 * delivery-status part is read from the raw message (mailparser folds it into the text); the returned email's
 * Message-ID from its `text/rfc822-headers` (or `message/rfc822`) part.
 */
export function bounceOf(email: ReceivedEmail): EmailBounce | null {
  const { parsed } = email;
  const type = parsed.contentType;
  if (type?.value !== 'multipart/report' || type.params?.['report-type'] !== 'delivery-status') return null;
  const raw = email.raw.toString('latin1');
  const at = raw.search(/content-type:\s*message\/delivery-status/i);
  const status = at < 0 ? '' : raw.slice(at, at + 10_000);
  const part = (mime: string) =>
    parsed.attachments.find((a) => a.contentType === mime)?.content.toString('utf8') ?? '';
  const original = part('text/rfc822-headers') || part('message/rfc822');
  const originalMessageId = normaliseMessageId(/^Message-ID:\s*(<[^>\s]+>)/im.exec(original)?.[1]);
  if (!originalMessageId) return null;
  return {
    originalMessageId,
    status: /^Status:\s*(\S+)/im.exec(status)?.[1] ?? /^Action:\s*(\S+)/im.exec(status)?.[1] ?? 'failed',
    diagnostic: /^Diagnostic-Code:\s*(.+)$/im.exec(status)?.[1]?.trim() ?? null,
  };
}

/**
 * Keeps an email for one account, nothing lost and nothing twice: the raw message first, then its files, in
 * media storage (keys made from the account and the Message-ID, so a redelivery writes the same files), then
 * one `inbound_events` row keyed by the Message-ID — the same store and drain every channel's deliveries take.
 * False: the account is no longer connected.
 */
export async function storeEmail(
  deps: ServerDeps,
  account: ChannelAccountRow,
  email: ReceivedEmail,
): Promise<{ account: boolean; stored: boolean }> {
  const { parsed } = email;
  const messageId = messageIdOf(email);
  const keyOf = (part: string) =>
    `${account.clientId}/${uuidFromKey(sha256(`${account.id}\n${messageId}\n${part}`))}`;
  const storage = mediaStorage(deps);
  const rawKey = keyOf('raw');
  const bounce = bounceOf(email);
  const attachments: StoredEmailFile[] = bounce
    ? []
    : parsed.attachments.map((a, i) => ({
        key: keyOf(`file:${i}`),
        filename: a.filename ?? null,
        mime: a.contentType || 'application/octet-stream',
        size: a.content.length,
      }));
  // The raw message and its files are written side by side, all before the row that points at them.
  await Promise.all([
    storage.put(rawKey, email.raw, 'message/rfc822'),
    ...attachments.map((f, i) => storage.put(f.key, parsed.attachments[i]!.content, f.mime)),
  ]);
  const stored: StoredEmail = {
    messageId,
    inReplyTo: normaliseMessageId(parsed.inReplyTo),
    references: referencesOf(parsed.references),
    subject: parsed.subject ?? '',
    from: { address: parsed.from?.address?.toLowerCase() ?? '', name: parsed.from?.name || null },
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    date: parsed.date,
    text: parsed.text,
    html: parsed.html,
    attachments,
    rawKey,
    rawSize: email.raw.length,
    bounce,
  };
  return emailStoreOf(deps.database)({
    accountId: account.id,
    channel: 'EML',
    sealed: account.secrets,
    key: `message-id:${messageId}`,
    text: storableJsonText(JSON.stringify(stored)),
    lane: INBOUND_LANES.conversations,
  });
}

const stores = new WeakMap<Database, (r: StoreRequest) => Promise<{ account: boolean; stored: boolean }>>();

/**
 * The `inbound_events` store of emails, naturally batched like the webhooks' (`createNaturalBatcher`): the
 * emails of several SMTP sessions (or IMAP readers) that finish while one commit is under way go together in
 * the next statement and commit. Each sender is still answered only after its own email's commit.
 */
function emailStoreOf(database: Database) {
  let store = stores.get(database);
  if (!store) {
    store = createNaturalBatcher<StoreRequest, { account: boolean; stored: boolean }>({
      maxBatch: 50,
      runOne: (r) => storeDelivery(database, r, uuidv7()),
      run: (batch) =>
        storeDeliveries(
          database,
          batch,
          batch.map(() => uuidv7()),
        ),
    });
    stores.set(database, store);
  }
  return store;
}

function referencesOf(refs: string | string[] | null): string[] {
  const list = Array.isArray(refs) ? refs : (refs ?? '').split(/\s+/);
  return list.map((r) => normaliseMessageId(r)).filter((r): r is string => r !== null);
}

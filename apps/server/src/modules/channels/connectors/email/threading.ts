/** `<id@host>` from a Message-ID, In-Reply-To or References entry (brackets added, spaces dropped); null: none. */
export function normaliseMessageId(id: string | null | undefined): string | null {
  const bare = (id ?? '').trim().replace(/^<|>$/g, '').trim();
  return bare && !/[\s<>]/.test(bare) ? `<${bare}>` : null;
}

/** The Message-ID of an agent's email: Sapa's message id at the account's domain. */
export const outboundMessageIdOf = (messageId: string, domain: string) => `<${messageId}@${domain}>`;

/** The ticket token put in the subject of every agent's email (`[#T-000042]`), so the customer can quote it. */
export const ticketTokenOf = (displayId: string) => `[#${displayId}]`;

const REPLY_PREFIX = /^\s*((re|aw|balas|fwd?)\s*(\[\d+\])?\s*:\s*)+/i;
const TOKEN = /\s*\[#[A-Z]+-\d+\]\s*/g;

/** A subject without its reply prefixes and ticket token: the thread's name. */
export function threadSubjectOf(subject: string): string {
  return subject.replace(REPLY_PREFIX, '').replace(TOKEN, ' ').trim();
}

/** The subject of a reply in a thread: `Re: <thread subject> [#T-…]`. */
export function replySubjectOf(threadSubject: string, displayId: string): string {
  const name = threadSubjectOf(threadSubject);
  return `${name ? `Re: ${name} ` : ''}${ticketTokenOf(displayId)}`;
}

/** The ticket display id a subject carries in its token, or null. */
export function ticketTokenIn(subject: string): string | null {
  return /\[#([A-Z]+-\d+)\]/.exec(subject)?.[1] ?? null;
}

/** The ticket number of a subject's token (`[#T-000042]` → 42), or null. */
export function ticketNumberIn(subject: string): number | null {
  const n = Number(/\[#T-(\d{1,15})\]/.exec(subject)?.[1] ?? Number.NaN);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The Message-IDs an email names, nearest first: In-Reply-To, then References newest first. */
export function namedMessageIds(inReplyTo: string | null, references: readonly string[]): string[] {
  const all = [...(inReplyTo ? [inReplyTo] : []), ...[...references].reverse()];
  return all.filter((id, i) => all.indexOf(id) === i);
}

/**
 * The References of a reply (RFC 5322 §3.6.4): the parent's References then the parent's Message-ID, the
 * oldest kept and the newest ones when the list grows long.
 */
export function referencesFor(parentReferences: readonly string[], parentId: string | null): string[] {
  const all = [...parentReferences, ...(parentId ? [parentId] : [])];
  const unique = all.filter((id, i) => all.indexOf(id) === i);
  return unique.length <= 20 ? unique : [unique[0]!, ...unique.slice(-19)];
}

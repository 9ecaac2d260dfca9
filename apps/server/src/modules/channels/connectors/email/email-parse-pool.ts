import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** What the intake keeps of a parsed email (`email-parse.worker.mjs` makes it with mailparser). */
export interface ParsedEmail {
  messageId: string | null;
  inReplyTo: string | null;
  references: string | string[] | null;
  subject: string | null;
  from: EmailAddress | null;
  to: EmailAddress[];
  cc: EmailAddress[];
  /** Epoch ms of the Date header; null when absent or unreadable. */
  date: number | null;
  text: string | null;
  html: string | null;
  /** The top-level Content-Type (a returned mail is `multipart/report; report-type=delivery-status`). */
  contentType: { value: string; params: Record<string, string> } | null;
  attachments: { filename: string | null; contentType: string; content: Buffer }[];
}

export interface EmailAddress {
  address: string | null;
  name: string | null;
}

type Pending = { resolve: (p: ParsedEmail) => void; reject: (e: Error) => void };

/**
 * Parsing is the intake's costliest step (mailparser: ~10 ms of CPU for 100 KB of text, ~100 ms for a 1 MB
 * base64 attachment), and on the main thread it holds up the SMTP sessions, the drain and the sockets alike.
 * So emails are parsed by worker threads (one less than the cores, at least one, at most two), each taking
 * the next email as it frees up. A worker that dies fails the emails it held (the sender is answered 451 and
 * tries again) and is replaced on the next email.
 */
class EmailParsePool {
  private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1));
  private readonly workers: { worker: Worker; busy: Map<number, Pending> }[] = [];
  private nextId = 1;

  parse(raw: Buffer): Promise<ParsedEmail> {
    const slot = this.slot();
    const id = this.nextId++;
    return new Promise<ParsedEmail>((resolve, reject) => {
      slot.busy.set(id, { resolve, reject });
      // Copied, not transferred: the caller keeps the raw bytes (they are stored as they came).
      slot.worker.postMessage({ id, raw: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength) });
    });
  }

  /** The least busy worker; a new one while the pool is not full and every worker has work. */
  private slot() {
    const idle = this.workers.find((w) => w.busy.size === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) return this.spawn();
    return this.workers.reduce((a, b) => (b.busy.size < a.busy.size ? b : a));
  }

  private spawn() {
    const worker = new Worker(new URL('./email-parse.worker.mjs', import.meta.url));
    worker.unref();
    const slot = { worker, busy: new Map<number, Pending>() };
    worker.on('message', (m: { id: number; parsed?: ParsedEmail; error?: string }) => {
      const pending = slot.busy.get(m.id);
      slot.busy.delete(m.id);
      if (!pending) return;
      if (m.parsed) {
        for (const a of m.parsed.attachments)
          a.content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
        pending.resolve(m.parsed);
      } else pending.reject(new Error(m.error ?? 'email parse failed'));
    });
    const fail = (err: Error) => {
      const i = this.workers.indexOf(slot);
      if (i >= 0) this.workers.splice(i, 1);
      for (const p of slot.busy.values()) p.reject(err);
      slot.busy.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`email parse worker exited (${code})`)));
    this.workers.push(slot);
    return slot;
  }
}

const pool = new EmailParsePool();

/** Parses a raw email on a worker thread (see `EmailParsePool`). */
export const parseEmail = (raw: Buffer) => pool.parse(raw);

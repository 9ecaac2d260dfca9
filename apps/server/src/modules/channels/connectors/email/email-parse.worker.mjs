// Parses raw emails off the main thread (`email-parse-pool.ts`). Plain JavaScript so that it runs as is under
// tsx, vitest and plain Node alike. Answers what the intake keeps of each email (`ParsedEmail`), never the
// whole ParsedMail (its header objects do not cross threads).
import { parentPort } from 'node:worker_threads';
import { simpleParser } from 'mailparser';

const addresses = (field) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((o) =>
    o.value.map((a) => ({ address: a.address ?? null, name: a.name || null })),
  );

parentPort.on('message', async ({ id, raw }) => {
  try {
    // Sapa keeps the text and the HTML as sent: no text-to-HTML conversion (nor its link scan) is needed.
    const p = await simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
    });
    const type = p.headers.get('content-type');
    parentPort.postMessage({
      id,
      parsed: {
        messageId: p.messageId ?? null,
        inReplyTo: p.inReplyTo ?? null,
        references: p.references ?? null,
        subject: p.subject ?? null,
        from: addresses(p.from)[0] ?? null,
        to: addresses(p.to),
        cc: addresses(p.cc),
        date: p.date && !Number.isNaN(p.date.getTime()) ? p.date.getTime() : null,
        text: p.text ?? null,
        html: typeof p.html === 'string' ? p.html : null,
        contentType:
          type && typeof type === 'object'
            ? { value: type.value ?? '', params: { ...(type.params ?? {}) } }
            : null,
        attachments: p.attachments.map((a) => ({
          filename: a.filename ?? null,
          contentType: a.contentType || 'application/octet-stream',
          content: a.content,
        })),
      },
    });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});

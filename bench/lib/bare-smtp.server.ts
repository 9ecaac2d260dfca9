/**
 * The email benchmark's baseline: a bare `smtp-server` that writes every message it gets to disk (one file per
 * message, in OUT_DIR) and answers 250 once the file is written — receiving mail and nothing else. The same
 * size limit as Sapa's listener; no STARTTLS offered (the sender does not use it on either side).
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
const outDir = process.env.OUT_DIR;
if (!port || !outDir) throw new Error('PORT and OUT_DIR are required');

let n = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  size: 40 * 1024 * 1024,
  logger: false,
  onData(stream, _session, callback) {
    pipeline(stream, createWriteStream(join(outDir, `${++n}.eml`)))
      .then(() => callback())
      .catch((err: Error) => callback(err));
  },
});
server.listen(port, host, () => console.log(`bare smtp ready on ${host}:${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

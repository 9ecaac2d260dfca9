import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

function capture() {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    }),
  });
  return { logger, text: () => lines.join('') };
}

describe('logger redaction', () => {
  it('hides secrets at the top level and two levels down', () => {
    const { logger, text } = capture();
    logger.info(
      { password: 'top-pass', refreshToken: 'top-refresh', code: '12345', secret: 'top-secret' },
      'a',
    );
    logger.info({ body: { newPassword: 'one-level', otp: '54321' } }, 'b');
    logger.info(
      { request: { body: { resetToken: 'two-levels' } }, headers: { authorization: 'Bearer abc.def' } },
      'c',
    );
    const out = text();
    for (const value of [
      'top-pass',
      'top-refresh',
      '12345',
      'top-secret',
      'one-level',
      '54321',
      'two-levels',
      'abc.def',
    ]) {
      expect(out).not.toContain(value);
    }
    expect(out.match(/\[redacted\]/g)?.length).toBe(8);
  });

  it('logs a request as method, path and id, without the query string', () => {
    const { logger, text } = capture();
    logger.info({ req: { method: 'GET', url: '/ws?token=secret-token', id: 'req-1' } }, 'r');
    expect(text()).toContain('"req":{"method":"GET","url":"/ws","id":"req-1"}');
    expect(text()).not.toContain('secret-token');
  });
});

describe('error serialiser', () => {
  it.each([
    [
      'a Drizzle failed query',
      Object.assign(new Error('Failed query: insert into t values ($1)\nparams: Siti,\nline two'), {
        query: 'insert into t values ($1)',
        params: ['Siti,\nline two'],
      }),
    ],
    [
      'a PostgreSQL error with a detail',
      Object.assign(new Error('duplicate key value violates unique constraint "k"'), {
        code: '23505',
        detail: 'Key (phone)=(Siti) already exists.',
        where: 'Siti',
      }),
    ],
    [
      'a quoted value',
      Object.assign(new Error('invalid input syntax for type uuid: "Siti"'), { code: '22P02' }),
    ],
    [
      'a cause with parameters (PGlite)',
      new Error('wrapped', { cause: Object.assign(new Error('boom'), { params: ['Siti'] }) }),
    ],
  ])('keeps the values of %s out of the log', (_label, err) => {
    const { logger, text } = capture();
    logger.error({ err }, 'failed');
    expect(text()).toContain('"msg":"failed"');
    expect(text()).not.toContain('Siti');
  });
});

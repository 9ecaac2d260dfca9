import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './serializer.js';

const compile = (schema: z.ZodType) =>
  contractSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

describe('contract serializer', () => {
  it('writes only the fields the contract names, so a hash or secret never leaks', () => {
    const out = compile(z.object({ id: z.string(), name: z.string() }))({
      id: 'u1',
      name: 'Ani',
      passwordHash: '$argon2id$…',
    });
    expect(JSON.parse(out)).toEqual({ id: 'u1', name: 'Ani' });
  });

  it('keeps nullable, nested and discriminated-union answers intact', () => {
    const schema = z.discriminatedUnion('status', [
      z.object({
        status: z.literal('ok'),
        tokens: z.object({ accessToken: z.string(), accessExpiresAt: z.number() }),
      }),
      z.object({ status: z.literal('mfa_required'), mfaToken: z.string() }),
    ]);
    const write = compile(schema);
    expect(JSON.parse(write({ status: 'mfa_required', mfaToken: 't' }))).toEqual({
      status: 'mfa_required',
      mfaToken: 't',
    });
    expect(JSON.parse(write({ status: 'ok', tokens: { accessToken: 'a', accessExpiresAt: 5 } }))).toEqual({
      status: 'ok',
      tokens: { accessToken: 'a', accessExpiresAt: 5 },
    });
    const nullable = compile(z.object({ phone: z.string().nullable(), tags: z.array(z.string()) }));
    expect(JSON.parse(nullable({ phone: null, tags: ['a'] }))).toEqual({ phone: null, tags: ['a'] });
  });
});

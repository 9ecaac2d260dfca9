import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage, createMemoryStorage } from './storage.js';

describe.each([
  ['local', () => createLocalStorage(mkdtempSync(join(tmpdir(), 'sapa-storage-')))],
  ['memory', () => createMemoryStorage()],
])('%s storage', (_name, make) => {
  it('stores and returns bytes with their type; unknown keys are null; refuses path tricks', async () => {
    const s = make();
    await s.put('c1/m1', Buffer.from('abc'), 'image/jpeg');
    expect(await s.get('c1/m1')).toEqual({ bytes: Buffer.from('abc'), mime: 'image/jpeg' });
    expect(await s.get('c1/none')).toBeNull();
    await expect(s.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow();
  });

  it('removes a file; removing a missing one is no error', async () => {
    const s = make();
    await s.put('c1/m2', Buffer.from('abc'), 'image/png');
    await s.remove('c1/m2');
    expect(await s.get('c1/m2')).toBeNull();
    await expect(s.remove('c1/m2')).resolves.toBeUndefined();
  });
});

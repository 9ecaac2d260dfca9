import { MESSAGES } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import id from './locales/id.json';

/** Every label is translated (architecture: "Every label is translated (id, en)"). */

function flatten(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else out.add(prefix);
  return out;
}

const idKeys = flatten(id);
const enKeys = flatten(en);
const sources = import.meta.glob('../../**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('locales', () => {
  it('id and en have the same keys', () => {
    expect([...idKeys].filter((key) => !enKeys.has(key))).toEqual([]);
    expect([...enKeys].filter((key) => !idKeys.has(key))).toEqual([]);
  });

  it('every literal t(key) of the source exists', () => {
    const known = (key: string) =>
      idKeys.has(key) || idKeys.has(`${key}_other`) || [...idKeys].some((k) => k.startsWith(`${key}.`));
    expect(Object.keys(sources).length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)) {
        const key = match[1] ?? '';
        if (!known(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('no translation is empty', () => {
    const empty = (data: unknown) =>
      [...flatten(data)].filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], data);
        return typeof value === 'string' && value.trim() === '';
      });
    expect(empty(id)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });
});

describe('Indonesian copy (issue 16 §9)', () => {
  const texts = (data: unknown): string[] =>
    data && typeof data === 'object'
      ? Object.values(data).flatMap(texts)
      : typeof data === 'string'
        ? [data]
        : [];
  const all = [...texts(id), ...Object.values(MESSAGES).map((m) => m.id)];
  it.each([
    ['"karakter" in lower case inside a sentence', /\S Karakter/],
    ['no English "Inbox"', /\bInbox\b/],
  ])('%s', (_, pattern) => {
    expect(all.filter((text) => pattern.test(text))).toEqual([]);
  });
});

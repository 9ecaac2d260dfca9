import { describe, expect, it } from 'vitest';
import {
  findUnstorableText,
  isUnstorable,
  replaceUnstorableText,
  storableJsonText,
  storableText,
} from './unstorable-text.js';

const HIGH = '\ud83d';
const LOW = '\ude00';
const EMOJI = `${HIGH}${LOW}`;

describe('unstorable text', () => {
  it.each([
    ['plain', 'Halo kak', false, 'Halo kak'],
    ['emoji (a surrogate pair)', `ok ${EMOJI}`, false, `ok ${EMOJI}`],
    ['NUL', 'a\0b', true, 'a\uFFFDb'],
    ['lone high surrogate', `a${HIGH}b`, true, 'a\uFFFDb'],
    ['lone low surrogate', `${LOW}x`, true, '\uFFFDx'],
    ['reversed pair', `${LOW}${HIGH}`, true, '\uFFFD\uFFFD'],
    ['U+FFFD itself', '\uFFFD', false, '\uFFFD'],
  ])('%s', (_label, text, unstorable, storable) => {
    expect(isUnstorable(text)).toBe(unstorable);
    expect(storableText(text)).toBe(storable);
  });

  it.each([
    ['a clean body', { name: 'Ada', tags: ['a', EMOJI], n: 1, ok: true, none: null }, null],
    ['a string body', 'x\0', '_'],
    ['a value', { name: 'A\0' }, 'name'],
    ['a nested value', { a: { b: [{ c: 'ok' }, { c: `x${HIGH}` }] } }, 'a.b.1.c'],
    ['a key', { 'k\0': 'v' }, 'k\0'],
    ['a Buffer (raw bytes are not text here)', Buffer.from([0, 0xed, 0xa0, 0x80]), null],
  ])('finds %s', (_label, value, path) => {
    expect(findUnstorableText(value)).toBe(path);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)+$/);
  });

  it('replaces in values and keys, in place', () => {
    const body = { text: `a\0${HIGH}`, list: [`${LOW}`, 'ok'], [`k${HIGH}`]: { deep: '\0' }, n: 3 };
    const out = replaceUnstorableText(body);
    expect(out).toBe(body);
    expect(out).toEqual({
      text: 'a\uFFFD\uFFFD',
      list: ['\uFFFD', 'ok'],
      'k\uFFFD': { deep: '\uFFFD' },
      n: 3,
    });
    expect(findUnstorableText(out)).toBeNull();
  });

  it.each([
    ['no escapes', '{"a":"b"}', '{"a":"b"}'],
    ['NUL', '{"a":"x\\u0000y"}', '{"a":"x\\ufffdy"}'],
    ['a pair stays', '{"a":"\\ud83d\\ude00"}', '{"a":"\\ud83d\\ude00"}'],
    ['a lone high', '{"a":"\\ud83dx"}', '{"a":"\\ufffdx"}'],
    ['a lone low', '{"a":"\\ude00"}', '{"a":"\\ufffd"}'],
    ['high then high', '{"a":"\\ud83d\\ud83d\\ude00"}', '{"a":"\\ufffd\\ud83d\\ude00"}'],
    ['an escaped backslash', '{"a":"\\\\u0000"}', '{"a":"\\\\u0000"}'],
    ['a NUL in a key', '{"\\u0000":1}', '{"\\ufffd":1}'],
    ['other escapes', '{"a":"\\n\\"\\u00e9\\u0000"}', '{"a":"\\n\\"\\u00e9\\ufffd"}'],
  ])('storable JSON text: %s', (_label, json, expected) => {
    expect(storableJsonText(json)).toBe(expected);
    expect(JSON.parse(expected)).toEqual(replaceUnstorableText(JSON.parse(json)));
  });
});

import { describe, expect, it } from 'vitest';
import { pgArray } from './array-literal.js';

describe('pgArray', () => {
  it('quotes every element, escapes quotes and backslashes, and writes null as NULL', () => {
    expect(pgArray([])).toBe('{}');
    expect(pgArray(['a', 'b c', null, 12.5])).toBe('{"a","b c",NULL,"12.5"}');
    expect(pgArray(['{"k":"v\\\\"}', 'NULL', ','])).toBe('{"{\\"k\\":\\"v\\\\\\\\\\"}","NULL",","}');
  });
});

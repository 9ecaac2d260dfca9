import { describe, expect, it } from 'vitest';
import { likeEscape, successor } from './contacts-list.repository.js';

describe('contact search helpers', () => {
  it.each([
    ['62812', '62813'],
    ['62899', '629'],
    ['6281', '6282'],
    ['999', ':'],
  ])('successor(%s) = %s: the first string after every number starting with it', (prefix, next) => {
    expect(successor(prefix)).toBe(next);
    expect(`${prefix}0000` < next && prefix < next).toBe(true);
  });

  it.each([
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['c\\d', 'c\\\\d'],
  ])('likeEscape(%s) = %s', (text, escaped) => {
    expect(likeEscape(text)).toBe(escaped);
  });
});

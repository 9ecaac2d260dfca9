import { describe, expect, it } from 'vitest';
import { matchQuickReplies, slashQuery } from './slash';

describe('the "/" quick-reply search', () => {
  it.each([
    ['/', ''],
    ['/ong', 'ong'],
    ['/salam pembuka', 'salam pembuka'],
    ['halo /ong', null],
    ['', null],
    ['/ong\nkir', null],
  ])('%j → %j', (text, expected) => {
    expect(slashQuery(text)).toBe(expected);
  });

  const entry = (title: string, content: string) => ({ id: title, title, content, updatedAt: 0 });
  const entries = [
    entry('Info ongkir', 'Ongkir ke Jawa 10 ribu'),
    entry('Ongkir gratis', 'Gratis'),
    entry('Salam', 'Halo kak, soal ongkir…'),
  ];
  it.each([
    ['ongkir', ['Ongkir gratis', 'Info ongkir', 'Salam']],
    ['SALAM', ['Salam']],
    ['', ['Info ongkir', 'Ongkir gratis', 'Salam']],
    ['retur', []],
  ])('%j matches %j in rank order', (query, titles) => {
    expect(matchQuickReplies(entries, query).map((e) => e.title)).toEqual(titles);
  });
});

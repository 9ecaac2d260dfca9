import { describe, expect, it } from 'vitest';
import {
  namedMessageIds,
  normaliseMessageId,
  referencesFor,
  replySubjectOf,
  threadSubjectOf,
  ticketNumberIn,
  ticketTokenIn,
} from './threading.js';

describe('email threading', () => {
  it.each([
    ['<a@b>', '<a@b>'],
    ['a@b', '<a@b>'],
    [' <a@b> ', '<a@b>'],
    ['', null],
    [undefined, null],
    ['<a b@c>', null],
  ])('Message-ID %j → %j', (id, expected) => {
    expect(normaliseMessageId(id)).toBe(expected);
  });

  it.each([
    ['Pesanan saya', 'Pesanan saya'],
    ['Re: Pesanan saya', 'Pesanan saya'],
    ['RE: Re: Fwd: Pesanan saya [#T-000042]', 'Pesanan saya'],
    ['Balas: Pesanan', 'Pesanan'],
  ])('thread subject of %j is %j', (subject, expected) => {
    expect(threadSubjectOf(subject)).toBe(expected);
  });

  it('a reply subject carries Re: and the ticket token once; the token is found again', () => {
    const s = replySubjectOf('Re: Pesanan saya [#T-000042]', 'T-000042');
    expect(s).toBe('Re: Pesanan saya [#T-000042]');
    expect(ticketTokenIn(s)).toBe('T-000042');
    expect(replySubjectOf('', 'T-000007')).toBe('[#T-000007]');
  });

  it('References: the parent’s then the parent, no repeats, long lists keep the first and the newest', () => {
    expect(referencesFor(['<1@x>'], '<2@x>')).toEqual(['<1@x>', '<2@x>']);
    expect(referencesFor(['<1@x>', '<2@x>'], '<2@x>')).toEqual(['<1@x>', '<2@x>']);
    const long = Array.from({ length: 30 }, (_, i) => `<${i}@x>`);
    const refs = referencesFor(long, '<new@x>');
    expect(refs).toHaveLength(20);
    expect(refs[0]).toBe('<0@x>');
    expect(refs.at(-1)).toBe('<new@x>');
  });

  it.each([
    ['Re: Pesanan [#T-000042]', 42],
    ['[#T-7] x', 7],
    ['Pesanan', null],
    ['[#T-000000]', null],
    ['[#X-000042]', null],
    ['[#T-9999999999999999]', null],
  ])('ticket number of %j is %j', (subject, expected) => {
    expect(ticketNumberIn(subject)).toBe(expected);
  });

  it('names In-Reply-To first, then References newest first, once each', () => {
    expect(namedMessageIds('<3@x>', ['<1@x>', '<2@x>', '<3@x>'])).toEqual(['<3@x>', '<2@x>', '<1@x>']);
    expect(namedMessageIds(null, [])).toEqual([]);
  });
});

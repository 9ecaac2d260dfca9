import { describe, expect, it } from 'vitest';
import {
  type MakerCheckerAccount,
  makerCheckerAccountInputSchema,
  makerCheckerRoleOf,
} from './maker-checker.js';

type Acc = Pick<MakerCheckerAccount, 'userId' | 'mediaType' | 'position' | 'active'>;
const acc = (position: Acc['position'], extra: Partial<Acc> = {}): Acc => ({
  userId: 'u1',
  mediaType: 'WHATSAPP',
  position,
  active: true,
  ...extra,
});

describe('makerCheckerRoleOf (001 §4, §6: only Makers send, Checkers approve)', () => {
  it.each<[string, boolean, Acc[], { isMaker: boolean; isChecker: boolean }]>([
    ['off: every writer makes, nobody checks', false, [], { isMaker: true, isChecker: false }],
    ['off ignores the list', false, [acc('CHECKER')], { isMaker: true, isChecker: false }],
    ['on without an account: neither', true, [], { isMaker: false, isChecker: false }],
    ['on, Maker', true, [acc('MAKER')], { isMaker: true, isChecker: false }],
    ['on, Checker', true, [acc('CHECKER')], { isMaker: false, isChecker: true }],
    ['on, Maker & Checker', true, [acc('MAKER_CHECKER')], { isMaker: true, isChecker: true }],
    ['on, inactive Maker', true, [acc('MAKER', { active: false })], { isMaker: false, isChecker: false }],
    [
      'on, another media type',
      true,
      [acc('MAKER', { mediaType: 'EMAIL' })],
      { isMaker: false, isChecker: false },
    ],
    ['on, another user', true, [acc('MAKER', { userId: 'u2' })], { isMaker: false, isChecker: false }],
    [
      'on, two accounts',
      true,
      [acc('MAKER'), acc('CHECKER', { mediaType: 'WHATSAPP' })],
      {
        isMaker: true,
        isChecker: true,
      },
    ],
  ])('%s', (_, enabled, accounts, expected) => {
    expect(makerCheckerRoleOf(enabled, accounts, 'u1')).toEqual({ enabled, ...expected });
  });
});

describe('maker/checker account input (001 §5)', () => {
  const ok = { email: 'a@b.co', name: 'Ab', mediaType: 'WHATSAPP', position: 'CHECKER' };
  it.each<[string, Record<string, unknown>, string | null]>([
    ['valid', ok, null],
    ['email required', { ...ok, email: '' }, 'validation.emailRequired'],
    ['email valid', { ...ok, email: 'ab' }, 'validation.email'],
    ['name at least 2', { ...ok, name: ' a ' }, 'makerChecker.nameMin2'],
    ['media type required', { ...ok, mediaType: undefined }, 'makerChecker.mediaTypeRequired'],
    ['position required', { ...ok, position: '' }, 'makerChecker.positionRequired'],
  ])('%s', (_, input, message) => {
    const result = makerCheckerAccountInputSchema.safeParse(input);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(message);
  });
});

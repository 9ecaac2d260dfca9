import { describe, expect, it } from 'vitest';
import {
  type AdvancedBroadcastSchedule,
  advancedBroadcastEditable,
  advancedBroadcastInputSchema,
  advancedBroadcastScheduleSchema,
  nextScheduledRun,
  type RecipientRule,
  recipientRulesProblems,
} from './advanced-broadcasts.js';

/** Epoch ms of a wall-clock time in Asia/Jakarta (UTC+7). */
const wib = (iso: string) => Date.parse(`${iso}+07:00`);
const schedule = (s: Partial<AdvancedBroadcastSchedule>) =>
  advancedBroadcastScheduleSchema.parse({ frequency: 'once', date: '2026-11-23', time: '09:00', ...s });

describe('recipient rules (001 §5: variable, rule and value required; a variable and rule pair never twice)', () => {
  const r = (variable: string, rule: string, value = 'x') => ({ variable, rule, value }) as RecipientRule;
  it.each<[string, RecipientRule[], (string | null)[]]>([
    ['one valid rule', [r('name', 'contains', 'Budi')], []],
    ['same variable, other rule', [r('name', 'contains'), r('name', 'starts_with')], []],
    ['same rule, other variable', [r('name', 'contains'), r('email', 'contains')], []],
    [
      'same variable and rule twice',
      [r('name', 'contains', 'a'), r('name', 'contains', 'b')],
      ['1:advancedBroadcast.ruleDuplicate'],
    ],
    ['rule not for the variable', [r('group', 'contains')], ['0:advancedBroadcast.ruleNotForVariable']],
    ['date value', [r('birthDate', 'before', '2000-02-30')], ['0:advancedBroadcast.valueDate']],
    ['date value ok', [r('createdAt', 'after', '2026-01-31')], []],
    ['days value', [r('createdAt', 'within_days', '7')], []],
    [
      'days value not a number',
      [r('createdAt', 'within_days', 'seminggu')],
      ['0:advancedBroadcast.valueNumber'],
    ],
    ['group is an id', [r('group', 'is', 'VIP')], ['0:validation.invalid']],
    ['tag by name', [r('tag', 'is_not', 'vip')], []],
  ])('%s', (_, rules, expected) => {
    expect(recipientRulesProblems(rules).map((p) => `${p.index}:${p.problem}`)).toEqual(expected);
  });

  it('the input refuses missing parts and duplicates with their messages', () => {
    const base = {
      name: 'Promo Bulanan',
      templateId: '0190a000-0000-7000-8000-000000000001',
      channelAccountId: '0190a000-0000-7000-8000-000000000002',
      schedule: { frequency: 'once', date: '2026-11-23', time: '09:00' },
    };
    const messages = (body: object) => {
      const res = advancedBroadcastInputSchema.safeParse(body);
      return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(messages({ ...base, rules: [r('name', 'contains', 'a')] })).toEqual([]);
    expect(messages({ ...base, rules: [] })).toEqual(['rules:advancedBroadcast.rulesRequired']);
    expect(messages({ ...base, rules: [{ variable: 'name', rule: 'contains', value: ' ' }] })).toEqual([
      'rules.0.value:validation.fieldRequired',
    ]);
    expect(messages({ ...base, rules: [{ rule: 'contains', value: 'a' }] })).toEqual([
      'rules.0.variable:validation.fieldRequired',
    ]);
    expect(messages({ ...base, name: 'x'.repeat(31), rules: [r('name', 'contains')] })).toEqual([
      'name:validation.max30',
    ]);
    expect(messages({ ...base, name: 'x'.repeat(30), rules: [r('name', 'contains')] })).toEqual([]);
    expect(messages({ ...base, rules: [r('tag', 'is'), r('tag', 'is')] })).toEqual([
      'rules.1.rule:advancedBroadcast.ruleDuplicate',
    ]);
  });
});

describe('schedule (001 §5: frequency, interval type, day and date required)', () => {
  it.each<[string, object, string[]]>([
    ['once', { frequency: 'once', date: '2026-11-23', time: '09:00' }, []],
    ['frequency required', { date: '2026-11-23', time: '09:00' }, ['frequency:validation.fieldRequired']],
    ['date required', { frequency: 'once', time: '09:00' }, ['date:validation.fieldRequired']],
    [
      'repeat needs an interval type',
      { frequency: 'repeat', date: '2026-11-23', time: '09:00' },
      ['intervalType:validation.fieldRequired'],
    ],
    [
      'weekly needs a day',
      { frequency: 'repeat', intervalType: 'weekly', date: '2026-11-23', time: '09:00' },
      ['days:validation.fieldRequired'],
    ],
    [
      'end before start',
      {
        frequency: 'repeat',
        intervalType: 'daily',
        date: '2026-11-23',
        time: '09:00',
        endDate: '2026-11-22',
      },
      ['endDate:validation.invalid'],
    ],
    [
      'time format',
      { frequency: 'once', date: '2026-11-23', time: '24:00' },
      ['time:validation.fieldRequired'],
    ],
  ])('%s', (_, input, expected) => {
    const res = advancedBroadcastScheduleSchema.safeParse(input);
    expect(res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(
      expected,
    );
  });
});

describe('nextScheduledRun (Asia/Jakarta wall clock)', () => {
  it.each<[string, Partial<AdvancedBroadcastSchedule>, string, string | null]>([
    ['once, ahead', {}, '2026-11-22T10:00', '2026-11-23T09:00'],
    ['once, passed', {}, '2026-11-23T09:00', null],
    [
      'daily from the start',
      { frequency: 'repeat', intervalType: 'daily' },
      '2026-11-20T00:00',
      '2026-11-23T09:00',
    ],
    [
      'daily, later the same day',
      { frequency: 'repeat', intervalType: 'daily' },
      '2026-11-25T09:30',
      '2026-11-26T09:00',
    ],
    [
      'every 3 days',
      { frequency: 'repeat', intervalType: 'daily', interval: 3 },
      '2026-11-23T09:00',
      '2026-11-26T09:00',
    ],
    [
      'daily, ended',
      { frequency: 'repeat', intervalType: 'daily', endDate: '2026-11-24' },
      '2026-11-24T09:00',
      null,
    ],
    // 2026-11-23 is a Monday.
    [
      'weekly Wed+Fri',
      { frequency: 'repeat', intervalType: 'weekly', days: [3, 5] },
      '2026-11-23T10:00',
      '2026-11-25T09:00',
    ],
    [
      'weekly after Fri',
      { frequency: 'repeat', intervalType: 'weekly', days: [3, 5] },
      '2026-11-27T09:00',
      '2026-12-02T09:00',
    ],
    [
      'every 2 weeks on Monday',
      { frequency: 'repeat', intervalType: 'weekly', days: [1], interval: 2 },
      '2026-11-23T09:00',
      '2026-12-07T09:00',
    ],
    ['monthly', { frequency: 'repeat', intervalType: 'monthly' }, '2026-11-23T09:00', '2026-12-23T09:00'],
    [
      'monthly on the 31st in a short month',
      { frequency: 'repeat', intervalType: 'monthly', date: '2027-01-31' },
      '2027-01-31T09:00',
      '2027-02-28T09:00',
    ],
    [
      'every 2 months',
      { frequency: 'repeat', intervalType: 'monthly', interval: 2 },
      '2026-11-23T09:00',
      '2027-01-23T09:00',
    ],
    [
      'midnight WIB is 17:00 UTC the day before',
      { time: '00:00', date: '2026-11-24' },
      '2026-11-23T10:00',
      '2026-11-24T00:00',
    ],
  ])('%s', (_, s, after, expected) => {
    const next = nextScheduledRun(schedule(s), wib(after));
    expect(next).toBe(expected === null ? null : wib(expected));
  });
});

describe('editable (001 §4: one-time broadcasts and expired or past schedules cannot be edited)', () => {
  const now = wib('2026-11-23T10:00');
  it.each<[string, Partial<AdvancedBroadcastSchedule>, number | null, boolean]>([
    ['one-time ahead, not sent', { date: '2026-11-24' }, null, true],
    ['one-time already sent', { date: '2026-11-24' }, now - 1000, false],
    ['one-time, time passed', { date: '2026-11-23' }, null, false],
    ['repeating, still running', { frequency: 'repeat', intervalType: 'daily' }, now - 1000, true],
    [
      'repeating, expired',
      { frequency: 'repeat', intervalType: 'daily', endDate: '2026-11-23' },
      null,
      false,
    ],
  ])('%s', (_, s, lastRunAt, expected) => {
    expect(advancedBroadcastEditable(schedule(s), { lastRunAt }, now)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { translate } from '../../messages.js';
import {
  BROADCAST_IMAGE_MAX_BYTES,
  broadcastCost,
  broadcastImageProblem,
  broadcastProgressRatio,
  checkRecipientNumbers,
  createBroadcastSchema,
  finishedBroadcastStatus,
  recipientMayMove,
  recipientNumberProblem,
  scheduleProblem,
  splitRecipientNumbers,
} from './broadcasts.js';

describe('001 §5 broadcast recipient number', () => {
  it.each([
    ['6281234567890', null],
    ['081234567890', null],
    ['+62 812-3456-7890', null],
    ['6281234567', null], // 10 digits
    ['6281234567890', null], // 13 digits
    ['628123456', 'broadcast.phoneLength'], // 9 digits: the broadcast list needs 10
    ['62812345678901', 'broadcast.phoneLength'], // 14 digits
    ['62812abc7890', 'broadcast.phoneDigits'],
    ['', 'broadcast.phoneDigits'],
    ['++6281234567890', 'broadcast.phoneDigits'],
  ])('%j → %s', (input, problem) => {
    expect(recipientNumberProblem(input)).toBe(problem);
  });

  it('normalises, drops and reports duplicates (08… and 628… are the same number)', () => {
    const r = checkRecipientNumbers([
      '081234567890',
      '6281234567890',
      '6281299990000',
      'abc',
      '6281299990000',
    ]);
    expect(r.numbers).toEqual(['6281234567890', '6281299990000']);
    expect(r.problems).toEqual([
      { index: 1, value: '6281234567890', problem: 'broadcast.phoneDuplicate' },
      { index: 3, value: 'abc', problem: 'broadcast.phoneDigits' },
      { index: 4, value: '6281299990000', problem: 'broadcast.phoneDuplicate' },
    ]);
  });

  it('splits pasted text by lines, commas and semicolons', () => {
    expect(splitRecipientNumbers('6281234567890\n 6281234567891 ,6281234567892;\r\n\n')).toEqual([
      '6281234567890',
      '6281234567891',
      '6281234567892',
    ]);
  });
});

describe('001 §5 schedule', () => {
  const now = Date.UTC(2026, 10, 22, 9, 0);
  it.each([
    [null, null],
    [undefined, null],
    [now + 60_000, null],
    [now, 'broadcast.timePassed'],
    [now - 1, 'broadcast.timePassed'],
  ])('%s → %s', (at, problem) => {
    expect(scheduleProblem(at, now)).toBe(problem);
  });

  it("says the spec's words", () => {
    expect(translate('broadcast.timePassed', 'en')).toBe('Selected time has passed current time.');
    expect(translate('broadcast.failedContacts', 'en', [3])).toBe(
      'Failed sent broadcast message to 3 contacts.',
    );
  });
});

describe('create broadcast request', () => {
  const base = {
    channelAccountId: '0190a0a0-0000-7000-8000-000000000001',
    templateId: '0190a0a0-0000-7000-8000-000000000002',
    clientRequestId: '0190a0a0-0000-7000-8000-000000000003',
  };
  const issues = (input: unknown) => {
    const r = createBroadcastSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts numbers, contacts and groups together', () => {
    expect(
      issues({
        ...base,
        recipients: { numbers: ['6281277270001'], groupIds: ['0190a0a0-0000-7000-8000-000000000009'] },
      }),
    ).toEqual([]);
  });

  it.each([
    [{ numbers: [] }, ['recipients:broadcast.recipientsRequired']],
    [{ numbers: ['6281277270001', '081277270001'] }, ['recipients.numbers.1:broadcast.phoneDuplicate']],
    [{ numbers: ['12345'] }, ['recipients.numbers.0:broadcast.phoneLength']],
  ])('recipients %j → %j', (recipients, expected) => {
    expect(issues({ ...base, recipients })).toEqual(expected);
  });

  it('refuses a past time and accepts a future one', () => {
    const recipients = { numbers: ['6281277270001'] };
    expect(issues({ ...base, recipients, scheduledAt: Date.now() - 1000 })).toEqual([
      'scheduledAt:broadcast.timePassed',
    ]);
    expect(issues({ ...base, recipients, scheduledAt: Date.now() + 3_600_000 })).toEqual([]);
  });

  it('needs a value for a manual variable', () => {
    expect(
      issues({
        ...base,
        recipients: { numbers: ['6281277270001'] },
        variables: [{ source: 'manual', value: ' ' }],
      }),
    ).toEqual(['variables.0.value:broadcast.variableRequired']);
  });
});

describe('001 §4 recipient status moves forward only', () => {
  it.each([
    ['queued', 'sending', true],
    ['sending', 'sent', true],
    ['queued', 'delivered', true],
    ['sent', 'read', true],
    ['read', 'delivered', false],
    ['delivered', 'sent', false],
    ['sent', 'sent', false],
    ['delivered', 'failed', true],
    ['read', 'failed', false],
    ['failed', 'sent', false],
    ['failed', 'failed', false],
  ] as const)('%s → %s: %s', (from, to, ok) => {
    expect(recipientMayMove(from, to)).toBe(ok);
  });
});

describe('001 §4 finished broadcast status', () => {
  it.each([
    [{ total: 3, sent: 0, delivered: 3, read: 0, failed: 0 }, 'delivered'],
    [{ total: 3, sent: 0, delivered: 0, read: 3, failed: 0 }, 'read'],
    [{ total: 3, sent: 1, delivered: 0, read: 1, failed: 1 }, 'partially_failed'],
    [{ total: 3, sent: 0, delivered: 0, read: 0, failed: 3 }, 'failed'],
  ] as const)('%j → %s', (counts, status) => {
    expect(finishedBroadcastStatus(counts)).toBe(status);
  });
});

describe('cost and progress', () => {
  it('prices per recipient by category', () => {
    expect(broadcastCost('MARKETING', 2)).toBe(1023);
    expect(broadcastCost('utility', 10)).toBe(3960.5);
    expect(broadcastCost('SOMETHING', 1)).toBe(511.5);
  });
  it('progress is attempted of total', () => {
    const totals = { recipients: 4, sent: 2, delivered: 0, read: 0, failed: 1, pending: 1 };
    expect(broadcastProgressRatio({ totals })).toBe(0.75);
    expect(broadcastProgressRatio({ totals: { ...totals, recipients: 0, pending: 0 } })).toBe(0);
  });
});

describe('001 §5, §9 broadcast image: jpeg or png, at most 2 MB and 500x500', () => {
  const MB2 = BROADCAST_IMAGE_MAX_BYTES;
  it.each([
    [{ mime: 'image/png', size: 1000 }, null],
    [{ mime: 'image/jpeg', size: MB2, width: 500, height: 500 }, null],
    [{ mime: 'image/gif', size: 1000 }, 'broadcast.imageFormat'],
    [{ mime: '', size: 1000 }, 'broadcast.imageFormat'],
    [{ mime: 'image/png', size: MB2 + 1 }, 'broadcast.imageTooLarge'],
    [{ mime: 'image/png', size: 1000, width: 501, height: 10 }, 'broadcast.imageTooLarge'],
    [{ mime: 'image/jpeg', size: 1000, width: 10, height: 501 }, 'broadcast.imageTooLarge'],
  ])('%j → %s', (file, problem) => {
    expect(broadcastImageProblem(file)).toBe(problem);
  });
});

import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/locales/en.json';
import id from '../../../shared/i18n/locales/id.json';
import { auditValueText } from './auditText';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: { id: { translation: id }, en: { translation: en } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
});

const agent = '0190a0c0-0000-7000-8000-000000000001';
const group = '0190a0c0-0000-7000-8000-000000000002';
const names = { [agent]: 'Sari', [group]: 'Retur' };

describe('audit values in words (000 §7 auditLogs web view)', () => {
  it.each([
    ['en', 'status', 'resolved', 'Resolved'],
    ['id', 'status', 'resolved', 'Selesai'],
    ['en', 'priority', 1, 'High'],
    ['en', 'priority', 3, 'Normal'],
    ['en', 'assigneeId', agent, 'Sari'],
    ['en', 'assigneeId', '0190a0c0-0000-7000-8000-0000000000ff', 'unknown'],
    ['en', 'assigneeId', null, '—'],
    ['en', 'groupId', group, 'Retur'],
    ['en', 'groupId', null, 'default group'],
    ['id', 'groupId', null, 'grup default'],
    ['en', 'assignedVia', 'play', 'Auto Assign'],
    ['en', 'tags', ['vip', 'retur'], 'vip, retur'],
    ['en', 'tags', [], '—'],
    ['en', 'remarks', 'kirim ulang', 'kirim ulang'],
    ['en', 'somethingNew', { a: 1 }, '{"a":1}'],
  ] as const)('%s %s %j → %s', async (lang, field, value, expected) => {
    await i18n.changeLanguage(lang);
    expect(auditValueText(i18n.t, field, value, names)).toBe(expected);
  });
});

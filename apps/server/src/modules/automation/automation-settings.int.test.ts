import { describe, expect, it } from 'vitest';
import {
  admin,
  agent,
  api,
  otherOwner,
  owner,
  settingsWith,
  useAutomationServer,
} from '../../../test/servers/automation.js';

useAutomationServer();

const profile = {
  name: 'Toko Sapa',
  address: 'Jl. Merdeka 1, Jakarta',
  businessFields: ['FASHION', 'FOOD_BEVERAGE'],
  businessType: 'COMPANY',
  service: 'PRODUCTS',
  mode: 'RESTAURANT',
  contactPhone: '6281234567890',
  contactEmail: 'halo@toko.example.com',
};

describe('business settings (001 §2 /setting/store, §3 business profile)', () => {
  it('the owner saves the profile; another business sees only its own', async () => {
    const saved = await api('PUT', '/api/settings/store/profile', owner, profile);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(profile);
    expect((await api('GET', '/api/settings/store/profile', owner)).json()).toEqual(profile);
    const theirs = (await api('GET', '/api/settings/store/profile', otherOwner)).json();
    expect(theirs.name).not.toBe(profile.name);
    expect(theirs.address).toBe('');
  });

  it('refuses a fourth business field and a bad phone, in the caller’s language', async () => {
    const fields = await api(
      'PUT',
      '/api/settings/store/profile',
      owner,
      { ...profile, businessFields: ['FASHION', 'FOOD_BEVERAGE', 'HOUSEHOLD', 'OTHER'] },
      'id',
    );
    expect(fields.statusCode).toBe(400);
    expect(fields.json().fields.businessFields).toBe('Pilih maksimal 3 bidang usaha.');
    const phone = await api('PUT', '/api/settings/store/profile', owner, {
      ...profile,
      contactPhone: '12ab',
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fields.contactPhone).toBe('Enter a phone number of 8 to 15 digits.');
  });

  it('an admin may change the settings; a customer-service agent may not', async () => {
    expect((await api('PUT', '/api/settings/store/profile', admin, profile)).statusCode).toBe(200);
    expect((await api('PUT', '/api/settings/store/profile', agent, profile)).statusCode).toBe(403);
    expect((await api('PUT', '/api/settings/store/auto-chat', agent, settingsWith({}))).statusCode).toBe(403);
  });
});

describe('automatic chat settings (001 §3 auto-chat settings per day)', () => {
  it('starts off with Monday–Friday hours and says whether auto close can run (no credits: not)', async () => {
    const state = (await api('GET', '/api/settings/store/auto-chat', otherOwner)).json();
    expect(state.settings.enabled).toBe(false);
    expect(state.settings.days.map((d: { mode: string }) => d.mode)).toEqual([
      'CLOSED',
      'HOURS',
      'HOURS',
      'HOURS',
      'HOURS',
      'HOURS',
      'CLOSED',
    ]);
    // A business without chat credits (001 §4): auto close is off until it tops up.
    expect(state).toMatchObject({ autoCloseAvailable: false, autoCloseBlockedBy: 'credits' });
  });

  it('"apply to all days" copies Monday to every day; another business keeps its own', async () => {
    const days = settingsWith({}).days.map((d) =>
      d.day === 1
        ? { ...d, mode: 'HOURS' as const, open: '07:00', close: '21:00', inHoursMessage: 'Halo' }
        : d,
    );
    const res = await api('PUT', '/api/settings/store/auto-chat', owner, {
      ...settingsWith({}),
      days,
      applyToAllDays: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().settings.days as { day: number; open: string; inHoursMessage: string }[];
    expect(saved.map((d) => [d.day, d.open, d.inHoursMessage])).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((day) => [day, '07:00', 'Halo']),
    );
    const theirs = (await api('GET', '/api/settings/store/auto-chat', otherOwner)).json();
    expect(theirs.settings.enabled).toBe(false);
  });

  it('refuses bad times, delays and a follow-up without its message', async () => {
    const base = settingsWith({});
    const cases: [unknown, string, string][] = [
      [
        { ...base, days: base.days.map((d) => ({ ...d, open: '25:00' })) },
        'days.0.open',
        'Use the time format HH:mm.',
      ],
      [
        { ...base, autoClose: { ...base.autoClose, delayMinutes: 0 } },
        'autoClose.delayMinutes',
        'The delay must be a whole number of minutes from 1 to 10080.',
      ],
      [
        { ...base, followUp: { enabled: true, message: '', delayMinutes: 5 } },
        'followUp.message',
        'This field is required',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('PUT', '/api/settings/store/auto-chat', owner, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toContain(message.replace(/\.$/, ''));
    }
  });
});

import { agentRoleOfPosition, csGroupInputSchema, deriveAgentRole, translate } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';

describe('agent role derivation (000 §4)', () => {
  it.each([
    { isSupervisor: true, csDeactivated: false, role: 'CS-SPV' },
    { isSupervisor: true, csDeactivated: true, role: 'SPV' },
    { isSupervisor: false, csDeactivated: false, role: 'CS' },
    { isSupervisor: false, csDeactivated: true, role: '' },
  ] as const)('supervisor $isSupervisor, deactivated $csDeactivated → "$role"', (row) => {
    expect(deriveAgentRole(row)).toBe(row.role);
  });

  it.each([
    ['SPV1', 'SPV'],
    ['SPV2', 'CS-SPV'],
    ['CS1', 'CS'],
    ['CS2', 'CS'],
    [null, ''],
  ] as const)('position %s derives %s', (position, role) => {
    expect(agentRoleOfPosition(position)).toBe(role);
  });
});

describe('group input (000 §5, §9)', () => {
  it.each([
    [{ name: '' }, 'validation.required'],
    [{ name: '   ' }, 'validation.required'],
    [{ name: 'x'.repeat(16) }, 'validation.max15'],
    [{ name: 'Grup', description: 'd'.repeat(301) }, 'validation.max300'],
    [{ name: 'Grup', operationalHours: [{ day: 7, open: true, from: '08:00', to: '17:00' }] }, null],
    [{ name: 'Grup', operationalHours: [{ day: 1, open: true, from: '8:00', to: '17:00' }] }, null],
  ])('%j → %s', (input, key) => {
    const result = csGroupInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (key) expect(result.error?.issues[0]?.message).toBe(key);
  });
  it('accepts 15 characters and the spec wording in both languages', () => {
    expect(csGroupInputSchema.safeParse({ name: 'x'.repeat(15) }).success).toBe(true);
    expect(translate('validation.max15', 'en')).toBe('Max 15 Characters');
    expect(translate('validation.required', 'id')).toBe('Nama wajib diisi');
    expect(translate('teams.saveFailed', 'en', ['reason'])).toBe('Failed Saving Group, reason');
  });
});

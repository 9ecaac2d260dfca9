import { describe, expect, it } from 'vitest';
import { managesRole, type Role } from './permissions.js';

describe('managesRole (000 §6 OWN > ADC > USC; SAD above all)', () => {
  it.each<[Role, Role, boolean]>([
    ['OWN', 'ADC', true],
    ['OWN', 'USC', true],
    ['OWN', 'OWN', false],
    ['ADC', 'USC', true],
    ['ADC', 'ADC', false],
    ['ADC', 'OWN', false],
    ['USC', 'USC', false],
    ['USC', 'ADC', false],
    ['SAD', 'OWN', true],
    ['OWN', 'SAD', false],
  ])('%s manages %s: %s', (actor, target, expected) => {
    expect(managesRole(actor, target)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { normalisePhone } from './password-reset.service.js';

describe('normalisePhone', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['+6281234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['+62 812 3456 7890', '6281234567890'],
  ])('stores %s as %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });
});

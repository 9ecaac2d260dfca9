import { type AccessSubject, ALL_FEATURES_STRING } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { hasPage } from '../builtPages';
import { navigationFor } from './navigation';

const leaves = (subject: AccessSubject) =>
  navigationFor(subject).flatMap((entry) =>
    entry.kind === 'leaf' ? [entry.path] : entry.items.map((i) => i.path),
  );

describe('the menu links only pages that work (issue 16)', () => {
  const owner: AccessSubject = {
    role: 'OWN',
    userFeatures: ALL_FEATURES_STRING,
    clientPlanFeatures: ALL_FEATURES_STRING,
    accountCountry: 'ID',
  };

  it('shows no route without a page, even to an owner who may read everything', () => {
    const paths = leaves(owner);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(hasPage(path), path).toBe(true);
  });

  it('still shows the built pages', () => {
    const paths = leaves(owner);
    for (const path of [
      '/dashboard',
      '/customer-service/inbox',
      '/contact',
      '/broadcast/whatsapp',
      '/setting/admin',
      '/wallet',
    ])
      expect(paths).toContain(path);
    expect(paths).not.toContain('/telesales');
  });
});

import { describe, expect, it } from 'vitest';
import { BUILT_PUBLIC_PATHS, BUILT_SHELL_PATHS, hasPage } from './builtPages';
import { PUBLIC_ROUTES, SHELL_ROUTES } from './routes';

describe('built pages (issue 16: a link leads only to a page that works)', () => {
  it('lists only routes of the route table, each in its own kind', () => {
    const publicPaths = new Set(PUBLIC_ROUTES.map((r) => r.path));
    const shellPaths = new Set(SHELL_ROUTES.map((r) => r.path));
    for (const path of BUILT_PUBLIC_PATHS) expect(publicPaths.has(path), path).toBe(true);
    for (const path of BUILT_SHELL_PATHS) expect(shellPaths.has(path), path).toBe(true);
  });

  it('says register, the sign-up steps and sign-up via Shopify are built (the sign-in page links to them)', () => {
    for (const path of ['/activate-mfa']) expect(hasPage(path), path).toBe(false);
    for (const path of [
      '/login',
      '/register',
      '/sign-up/account',
      '/sign-up/success',
      '/sign-up-shopify',
      '/forgot-password',
      '/pp.html',
    ])
      expect(hasPage(path), path).toBe(true);
  });
});

import { isPermission } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, REDIRECT_ROUTES, SHELL_ROUTES } from './routes';

describe('route table (000 §2)', () => {
  it('lists every public route of the spec', () => {
    const paths = PUBLIC_ROUTES.map((route) => route.path);
    for (const path of [
      '/login',
      '/register',
      '/about',
      '/forgot-password',
      '/activate-mfa',
      '/sign-up-shopify',
      '/pp.html',
      '/reset/phone',
      '/reset/otp-verification',
      '/reset/change-password',
      '/reset/successfully',
      '/sign-up/account',
      '/sign-up/otp',
      '/sign-up/store',
      '/sign-up/waba',
      '/sign-up/subscription',
      '/sign-up/success',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('applies the premium rule', () => {
    const notPremium = SHELL_ROUTES.filter((route) => !route.premium).map((route) => route.path);
    expect(notPremium.sort()).toEqual(
      [
        '/dashboard',
        '/category',
        '/product/list',
        '/product/whatsapp-catalogue',
        '/product/add-product',
        '/setting/admin',
        '/setting/store',
        '/setting/plan-and-pricing',
        '/setting/account',
        '/setting/self-change-password',
        '/setting/two-factor-verification-setup',
        '/setting/finance',
        '/setting/logs',
        '/maker-checker/setting',
        '/maker-checker/list',
      ].sort(),
    );
  });

  it('marks admin and store settings as not needing auth (the shell still does)', () => {
    const noAuth = SHELL_ROUTES.filter((route) => !route.requiresAuth).map((route) => route.path);
    expect(noAuth.sort()).toEqual(['/setting/admin', '/setting/store']);
  });

  it('guards with known permissions, and only the two spec routes have none', () => {
    for (const route of SHELL_ROUTES) if (route.permission) expect(isPermission(route.permission)).toBe(true);
    const open = SHELL_ROUTES.filter((route) => route.permission === null).map((route) => route.path);
    expect(open.sort()).toEqual(['/cs-performance', '/template/insight/:campaignId']);
  });

  it('has unique paths and the spec redirects', () => {
    const all = [...PUBLIC_ROUTES, ...SHELL_ROUTES, ...REDIRECT_ROUTES].map((route) => route.path);
    expect(new Set(all).size).toBe(all.length);
    expect(REDIRECT_ROUTES).toContainEqual({ kind: 'redirect', path: '/', to: '/dashboard' });
    expect(REDIRECT_ROUTES).toContainEqual({
      kind: 'redirect',
      path: '/broadcast',
      to: '/broadcast/whatsapp',
    });
    expect(REDIRECT_ROUTES).toContainEqual({ kind: 'redirect', path: '/template', to: '/template/whatsapp' });
  });
});

import { identityEndpoints } from '@sapa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { call, clearSession } from '../../shared/api';
import { dropPushSubscription } from '../../shared/push';

let signingOut = false;

/** True while a deliberate sign-out runs (so the app does not treat it as an expired session). */
export function isSigningOut(): boolean {
  return signingOut;
}

/**
 * 000 §4: logout revokes the token on the server, clears all state, then goes to /login (or to `to`,
 * e.g. the login page pre-filled to switch business).
 */
export async function signOut({
  queryClient,
  navigate,
  to = '/login',
}: {
  queryClient: QueryClient;
  navigate: (to: string, options: { replace: boolean }) => void | Promise<void>;
  to?: string;
}): Promise<void> {
  signingOut = true;
  try {
    // The device stops getting pushes (the server also forgets the session's subscription at logout).
    await dropPushSubscription().catch(() => undefined);
    await call(identityEndpoints.logout, { body: {} });
    await navigate(to, { replace: true });
    clearSession();
    queryClient.clear();
  } finally {
    signingOut = false;
  }
}

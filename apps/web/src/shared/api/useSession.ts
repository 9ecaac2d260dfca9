import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from './session';

/** The current session; re-renders on sign in, refresh and sign out (also from other tabs). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

import type { TokenPair } from '@sapa/contracts';

/** The signed-in session (000 §3 Auth state: isLoggedIn and the token pair), kept in localStorage. */
export interface Session extends TokenPair {
  /** The email the user signed in with (000 §3 loginEmail), used to switch business. */
  email: string;
}

const SESSION_KEY = 'sapa.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (typeof parsed.accessToken !== 'string' || typeof parsed.refreshToken !== 'string') return null;
    return {
      accessToken: parsed.accessToken,
      refreshToken: parsed.refreshToken,
      accessExpiresAt: Number(parsed.accessExpiresAt ?? 0),
      email: typeof parsed.email === 'string' ? parsed.email : '',
    };
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function setSession(session: Session): void {
  cached = session;
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage full or disabled: the session lives in memory for this page.
  }
  notify();
}

export function updateTokens(tokens: TokenPair): void {
  const current = getSession();
  setSession({ email: current?.email ?? '', ...tokens });
}

export function clearSession(): void {
  cached = null;
  try {
    localStorage.removeItem(SESSION_KEY);
  } catch {
    // ignore
  }
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signed in, refreshed or signed out: follow it.
window.addEventListener('storage', (event) => {
  if (event.key !== SESSION_KEY && event.key !== null) return;
  cached = read();
  notify();
});

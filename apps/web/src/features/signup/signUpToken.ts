/**
 * The sign-up token in this browser. The progress itself is kept by the server against it (so a reload, or
 * another tab, continues where the sign-up is); the browser only remembers which sign-up is its own.
 */
const KEY = 'sapa.signUp';

export function readSignUpToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function writeSignUpToken(token: string): void {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // ignore: the sign-up then starts over on reload
  }
}

export function clearSignUpToken(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}

/** The forgot-password flow's progress, kept for this tab across its pages (001 §2 Forgot password). */
export interface ResetState {
  channel: 'email' | 'phone';
  /** The email or phone number the code was sent to. */
  target: string;
  resetId: string;
  /** Epoch ms when "resend" becomes available. */
  resendAt: number;
  resetToken?: string;
}

const KEY = 'sapa.reset';

export function readResetState(): ResetState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ResetState) : null;
  } catch {
    return null;
  }
}

export function writeResetState(state: ResetState): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // ignore: the flow then restarts on reload
  }
}

export function clearResetState(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}

/** The recipient as the server stores it: emails lower-case, Indonesian numbers as 62… (demo outbox filter). */
export function outboxRecipient(state: Pick<ResetState, 'channel' | 'target'>): string {
  if (state.channel === 'email') return state.target.trim().toLowerCase();
  const digits = state.target.replace(/\D/g, '');
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
}

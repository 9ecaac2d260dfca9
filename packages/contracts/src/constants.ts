/** Spec constants that both the server and the web app use. Each names the section it comes from. */

/** 000 §9: consent reminder, 6 hours. */
export const CONSENT_REMINDER_MS = 21_600_000;
/** 000 §9: default time zone. */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';
/** 000 §9: home redirect. */
export const HOME_PATH = '/dashboard';
/** 001 §5 Accounts: password min 8. */
export const PASSWORD_MIN_LENGTH = 8;
/** How many earlier passwords count as "recently used" (001 §5; the number is not shown, Sapa uses 5). */
export const PASSWORD_HISTORY_DEPTH = 5;
/** 001 §9: reset OTP has 5 digits, 2FA code 6. */
export const RESET_OTP_LENGTH = 5;
export const MFA_CODE_LENGTH = 6;
/** Forgot-password OTP lifetime and resend countdown (001 §9 "resend countdown in seconds"; values are Sapa's). */
export const RESET_OTP_TTL_SECONDS = 300;
export const RESET_OTP_RESEND_SECONDS = 60;
export const RESET_OTP_MAX_ATTEMPTS = 5;
export const RESET_MAX_REQUESTS_PER_HOUR = 5;
/** 001 §9: access role name max 15. */
export const ACCESS_ROLE_NAME_MAX = 15;
/** 000 §9: snackbars auto-close after 5 s. */
export const SNACKBAR_AUTO_CLOSE_MS = 5_000;
/** 000 §9: priority. */
export const PRIORITY = { High: 1, Medium: 2, Normal: 3 } as const;
/** Header that carries the server version; a change makes open tabs hard-reload (000 §1). */
export const VERSION_HEADER = 'x-sapa-version';

/** 001 §9 Email subject: 60 characters. */
export const EMAIL_SUBJECT_MAX = 60;

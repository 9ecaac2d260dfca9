import {
  LIVECHAT_LIMITS,
  type LivechatAccount,
  type LivechatAccountBody,
  livechatAccountBody,
  type MessageKey,
  PRECHAT_CUSTOMIZED_DATA,
  type PreChatCustomizedData,
} from '@sapa/contracts';

/** The sections of the live-chat settings page (001 §2: basic, display, content, pre-chat form, install). */
const SECTIONS = ['basic', 'display', 'content', 'preChat', 'install'] as const;
export type Section = (typeof SECTIONS)[number];

export interface PreChatRow {
  /** A stable React key for the row (rows can be removed from the middle). */
  key: string;
  label: string;
  customizedData: PreChatCustomizedData | null;
}

export interface LivechatValues {
  name: string;
  domain: string;
  colour: string;
  logoUploadId: string | null;
  personaName: string;
  onlineTitle: string;
  onlineMessage: string;
  offlineTitle: string;
  offlineMessage: string;
  fields: PreChatRow[];
  consentText: string;
}

/** Field problems keyed by the full path (`preChatForm.fields.1.label`); values are message keys. */
export type LivechatErrors = Partial<Record<string, string>>;

export const DEFAULT_COLOUR = '#0CA678';

let rowSeq = 0;
export function newPreChatRow(values: Partial<Omit<PreChatRow, 'key'>> = {}): PreChatRow {
  rowSeq += 1;
  return { key: `row-${rowSeq}`, label: '', customizedData: null, ...values };
}

export function emptyValues(): LivechatValues {
  return {
    name: '',
    domain: '',
    colour: DEFAULT_COLOUR,
    logoUploadId: null,
    personaName: '',
    onlineTitle: '',
    onlineMessage: '',
    offlineTitle: '',
    offlineMessage: '',
    fields: [],
    consentText: '',
  };
}

function isCustomizedData(value: string): value is PreChatCustomizedData {
  return (PRECHAT_CUSTOMIZED_DATA as readonly string[]).includes(value);
}

export function valuesFromAccount(account: LivechatAccount): LivechatValues {
  return {
    name: account.name,
    domain: account.domain,
    colour: account.colour,
    logoUploadId: account.logoUploadId,
    personaName: account.personaName,
    onlineTitle: account.onlineTitle,
    onlineMessage: account.onlineMessage,
    offlineTitle: account.offlineTitle,
    offlineMessage: account.offlineMessage,
    fields: account.preChatForm.fields.map((field) =>
      newPreChatRow({
        label: field.label,
        customizedData: isCustomizedData(field.customizedData) ? field.customizedData : null,
      }),
    ),
    consentText: account.preChatForm.consentText ?? '',
  };
}

/** The request body; missing choices stay undefined so the contract reports them as required. */
function bodyOf(values: LivechatValues): LivechatAccountBody {
  return {
    name: values.name,
    domain: values.domain,
    colour: values.colour,
    logoUploadId: values.logoUploadId as string,
    personaName: values.personaName,
    onlineTitle: values.onlineTitle,
    onlineMessage: values.onlineMessage,
    offlineTitle: values.offlineTitle,
    offlineMessage: values.offlineMessage,
    preChatForm: {
      fields: values.fields.map((row) => ({
        label: row.label,
        customizedData: row.customizedData as PreChatCustomizedData,
      })),
      consentText: values.consentText,
    },
  };
}

export type LivechatValidation =
  | { success: true; body: LivechatAccountBody; errors: LivechatErrors }
  | { success: false; errors: LivechatErrors };

/** Checks the values with the contract's schema (the server's), keeping each problem's full path. */
export function validateLivechat(values: LivechatValues): LivechatValidation {
  const result = livechatAccountBody.safeParse(bodyOf(values));
  if (result.success) return { success: true, body: result.data, errors: {} };
  const errors: LivechatErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    errors[path] ??= issue.message;
  }
  return { success: false, errors };
}

/** The section a field path belongs to (to open the first section with a problem). */
function sectionOf(path: string): Section {
  if (path.startsWith('preChatForm')) return 'preChat';
  if (path === 'colour' || path === 'logoUploadId' || path === 'personaName' || path === 'file')
    return 'display';
  if (/^(online|offline)(Title|Message)$/.test(path)) return 'content';
  return 'basic';
}

/** Sections with at least one problem, in page order. */
export function sectionsWithErrors(errors: LivechatErrors): Section[] {
  const found = new Set(
    Object.entries(errors)
      .filter(([, message]) => message)
      .map(([path]) => sectionOf(path)),
  );
  return SECTIONS.filter((section) => found.has(section));
}

/** Customized-data options another row already uses (001 §5: the same one cannot be picked twice). */
export function takenCustomizedData(rows: readonly PreChatRow[], exceptKey: string): Set<string> {
  return new Set(
    rows
      .filter((row) => row.key !== exceptKey && row.customizedData !== null)
      .map((row) => row.customizedData as string),
  );
}

export interface LogoFileFacts {
  type: string;
  name: string;
  size: number;
  /** Pixel size, or null when the image could not be read. */
  width: number | null;
  height: number | null;
}

/**
 * The client-side logo checks, in the server's order (001 §5: png/jpg/jpeg, max 5 MB, max 320x320 px).
 * Returns the problem's message key, or null when the file may be uploaded.
 */
export function checkLogoFile(file: LogoFileFacts): MessageKey | null {
  if (file.size > LIVECHAT_LIMITS.logoMaxBytes) return 'livechat.logoSize';
  const extensionOk = /\.(png|jpe?g)$/i.test(file.name);
  if (!LIVECHAT_LIMITS.logoTypes.includes(file.type) || !extensionOk) return 'livechat.logoType';
  if (file.width === null || file.height === null) return 'livechat.logoType';
  if (file.width > LIVECHAT_LIMITS.logoMaxPx || file.height > LIVECHAT_LIMITS.logoMaxPx)
    return 'livechat.logoDimension';
  return null;
}

/** Server field problems of a failed save, keyed by full path like `validateLivechat`'s. */
export function serverFieldErrors(fields: Record<string, string> | undefined): LivechatErrors {
  const out: LivechatErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) out[path] ??= message;
  return out;
}

/**
 * White or near-black text on the widget colour: white while it keeps WCAG's 3:1 for the bold header text
 * (brand colours usually carry white), near-black on light colours.
 */
export function textColourOn(hex: string): '#FFFFFF' | '#1A1B1E' {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return '#FFFFFF';
  const value = Number.parseInt(match[1] as string, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return 1.05 / (luminance + 0.05) >= 3 ? '#FFFFFF' : '#1A1B1E';
}

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { emailSchema } from '../identity/identity.js';

/**
 * Maker/checker (001 §2 maker/checker settings and approval list, §3 maker/checker account, §4 active or
 * inactive, §5 validation, §6 "Only Maker users send broadcasts; Checkers approve", "Admins … configure the
 * maker/checker list"). Guarded by SETTING_LOGS like the spec's /maker-checker/setting route.
 */

/** 001 §3 position: Maker, Checker, Maker & Checker. */
export const MAKER_CHECKER_POSITIONS = ['MAKER', 'CHECKER', 'MAKER_CHECKER'] as const;
export type MakerCheckerPosition = (typeof MAKER_CHECKER_POSITIONS)[number];

/** 001 §3 media type: the broadcast channel the account makes or checks (001 §1 broadcast channels). */
export const MAKER_CHECKER_MEDIA_TYPES = ['WHATSAPP', 'EMAIL', 'SMS', 'VIBER', 'VOICE'] as const;
export type MakerCheckerMediaType = (typeof MAKER_CHECKER_MEDIA_TYPES)[number];

/** 001 §5 "name at least 2 characters". */
export const MAKER_CHECKER_NAME_MIN = 2;
export const MAKER_CHECKER_NAME_MAX = 100;

export const makerCheckerAccountSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  mediaType: z.enum(MAKER_CHECKER_MEDIA_TYPES),
  position: z.enum(MAKER_CHECKER_POSITIONS),
  active: z.boolean(),
  updatedAt: z.number(),
});
export type MakerCheckerAccount = z.infer<typeof makerCheckerAccountSchema>;

/** 001 §5: email required and valid, name at least 2 characters, media type and position required. */
export const makerCheckerAccountInputSchema = z.object({
  email: emailSchema,
  name: z
    .string({ error: 'validation.fieldRequired' })
    .trim()
    .min(MAKER_CHECKER_NAME_MIN, 'makerChecker.nameMin2')
    .max(MAKER_CHECKER_NAME_MAX, 'contacts.max100'),
  mediaType: z.enum(MAKER_CHECKER_MEDIA_TYPES, { error: 'makerChecker.mediaTypeRequired' }),
  position: z.enum(MAKER_CHECKER_POSITIONS, { error: 'makerChecker.positionRequired' }),
  active: z.boolean().default(true),
});
export type MakerCheckerAccountInput = z.input<typeof makerCheckerAccountInputSchema>;

export const makerCheckerSettingsSchema = z.object({ enabled: z.boolean() });
export type MakerCheckerSettings = z.infer<typeof makerCheckerSettingsSchema>;

/** What the signed-in user is for broadcasts of one media type (the broadcast pages ask it). */
export const makerCheckerRoleSchema = z.object({
  enabled: z.boolean(),
  isMaker: z.boolean(),
  isChecker: z.boolean(),
});
export type MakerCheckerRole = z.infer<typeof makerCheckerRoleSchema>;

/** Whether a position makes, checks or both. */
export const positionMakes = (p: MakerCheckerPosition) => p === 'MAKER' || p === 'MAKER_CHECKER';
export const positionChecks = (p: MakerCheckerPosition) => p === 'CHECKER' || p === 'MAKER_CHECKER';

/**
 * The rule of 001 §4/§6 for one user: with maker/checker off every broadcast writer is a maker and nobody
 * needs to check; with it on only an active Maker (or Maker & Checker) account of the media type makes and
 * only an active Checker (or Maker & Checker) account checks.
 */
export function makerCheckerRoleOf(
  enabled: boolean,
  accounts: readonly Pick<MakerCheckerAccount, 'userId' | 'mediaType' | 'position' | 'active'>[],
  userId: string,
  mediaType: MakerCheckerMediaType = 'WHATSAPP',
): MakerCheckerRole {
  if (!enabled) return { enabled: false, isMaker: true, isChecker: false };
  const mine = accounts.filter((a) => a.active && a.userId === userId && a.mediaType === mediaType);
  return {
    enabled: true,
    isMaker: mine.some((a) => positionMakes(a.position)),
    isChecker: mine.some((a) => positionChecks(a.position)),
  };
}

export const makerCheckerEndpoints = {
  getSettings: defineEndpoint({
    method: 'GET',
    path: '/api/maker-checker/settings',
    response: makerCheckerSettingsSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/maker-checker/settings',
    body: makerCheckerSettingsSchema,
    response: makerCheckerSettingsSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/maker-checker/accounts',
    query: z.object({
      search: z.string().max(100).optional(),
      mediaType: z.enum(MAKER_CHECKER_MEDIA_TYPES).optional(),
    }),
    response: z.object({ items: z.array(makerCheckerAccountSchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/maker-checker/accounts',
    body: makerCheckerAccountInputSchema,
    response: makerCheckerAccountSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/maker-checker/accounts/:id',
    body: makerCheckerAccountInputSchema,
    response: makerCheckerAccountSchema,
  }),
  setActive: defineEndpoint({
    method: 'PATCH',
    path: '/api/maker-checker/accounts/:id/active',
    body: z.object({ active: z.boolean() }),
    response: makerCheckerAccountSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/maker-checker/accounts/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The caller's own maker/checker role for a media type (broadcast pages: send or approve). */
  me: defineEndpoint({
    method: 'GET',
    path: '/api/maker-checker/me',
    query: z.object({ mediaType: z.enum(MAKER_CHECKER_MEDIA_TYPES).default('WHATSAPP') }),
    response: makerCheckerRoleSchema,
  }),
} as const;

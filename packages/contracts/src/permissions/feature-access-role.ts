/**
 * Feature-access (custom access) roles: spec 000 §3 "Feature-access role: name, isDeleted"; 001 §3
 * "Access role: name (max 15), description, menu access list with an all-menu toggle"; 001 §5
 * "Access role name required, max 15"; 000 §6 / 001 §6 "Feature-access roles can be listed, read,
 * created, updated and deleted". The stored role and the endpoints are in ../api/access-roles.ts. Error messages are i18n keys (see docs/permissions.md).
 */
import { z } from 'zod';
// 001 §3 / §5 / §9: access role name max 15 ('Max 15 Characters'); the constant lives with the others.
import { ACCESS_ROLE_NAME_MAX } from '../constants.js';
import {
  ACCESS_ROLE_MENU_KEYS,
  type AccessRoleMenuKey,
  ALL_FEATURES_STRING,
  featureStringFromMenus,
} from './feature-string.js';

/** Sapa: access role description max 300 (the spec gives no limit). */
export const ACCESS_ROLE_DESCRIPTION_MAX = 300;

/** i18n keys used as zod error messages by the access-role schemas. */
export const ACCESS_ROLE_MESSAGES = {
  /** 001 §5 "Access role name required" (en 'Name is Required', id 'Nama wajib diisi'). */
  required: 'validation.required',
  /** 001 §5 "max 15" (en 'Max 15 Characters'). */
  max15: 'validation.max15',
  /** Sapa: description longer than ACCESS_ROLE_DESCRIPTION_MAX. */
  max300: 'validation.max300',
  /** Sapa: a menu key that is not in ACCESS_ROLE_MENUS. */
  invalidMenu: 'validation.invalidMenu',
  /** Sapa: the same menu listed twice. */
  duplicateMenu: 'validation.duplicateMenu',
  /** Sapa: no menu chosen and the all-menu toggle off. */
  menuRequired: 'validation.menuRequired',
  /** Sapa: a feature string with characters other than 0 and 1. */
  featureString: 'validation.featureString',
} as const;

/** Spec 001 §3: one entry of the access role's menu list. */
export const accessRoleMenuKeySchema = z.enum(ACCESS_ROLE_MENU_KEYS, {
  error: ACCESS_ROLE_MESSAGES.invalidMenu,
});

/** Spec 001 §3 / §5: what the access-role form sends (create and update). */
export const accessRoleInputSchema = z
  .object({
    name: z
      .string({ error: ACCESS_ROLE_MESSAGES.required })
      .trim()
      .min(1, ACCESS_ROLE_MESSAGES.required)
      .max(ACCESS_ROLE_NAME_MAX, ACCESS_ROLE_MESSAGES.max15),
    description: z.string().trim().max(ACCESS_ROLE_DESCRIPTION_MAX, ACCESS_ROLE_MESSAGES.max300).optional(),
    menus: z
      .array(accessRoleMenuKeySchema)
      .refine((menus) => new Set(menus).size === menus.length, ACCESS_ROLE_MESSAGES.duplicateMenu)
      .default([]),
    allMenu: z.boolean().default(false),
  })
  .refine((input) => input.allMenu || input.menus.length > 0, {
    message: ACCESS_ROLE_MESSAGES.menuRequired,
    path: ['menus'],
  });
export type AccessRoleInput = z.input<typeof accessRoleInputSchema>;
export type AccessRoleValues = z.output<typeof accessRoleInputSchema>;

/**
 * The user feature-access string stored for a role: the all-menu toggle grants every user index
 * (ALL_FEATURES_STRING, so features added later are included); otherwise the chosen menus' bits.
 */
export function featureStringForAccessRole(values: {
  allMenu: boolean;
  menus: readonly AccessRoleMenuKey[];
}): string {
  return values.allMenu ? ALL_FEATURES_STRING : featureStringFromMenus(values.menus);
}

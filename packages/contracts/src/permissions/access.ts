/**
 * The access decision of spec 000 §6 "Roles and permissions", shared by the server (service-level
 * checks) and the web app (route guard, menus). Decisions the spec leaves open are Sapa's and are
 * written down in docs/permissions.md.
 */
import { hasFeatureBit } from './feature-string.js';
import {
  ACTIONS,
  type Action,
  ADMIN_DENIED_ACTIONS,
  CUSTOMER_SERVICE_DEFAULT_PERMISSIONS,
  DEFAULT_COUNTRY,
  PERMISSION_NAMES,
  PERMISSIONS,
  type Permission,
  type PermissionDefinition,
  type Role,
} from './permissions.js';

/** Spec 000 §3 "User record": role, accountCountry, featuresAccessPermissions, featuresPermissions. */
export interface AccessSubject {
  role: Role;
  /** The user's feature-access string (0/1 per user index); null or '' = no feature-access string. */
  userFeatures: string | null;
  /** The client's plan string (0/1 per client index). */
  clientPlanFeatures: string | null;
  /** The account country; null or '' = DEFAULT_COUNTRY ('ID'). */
  accountCountry: string | null;
}

/** Spec 000 §6 "the country defaults to ID"; compared upper-case. */
export function normaliseCountry(country: string | null | undefined): string {
  const trimmed = country?.trim().toUpperCase() ?? '';
  return trimmed === '' ? DEFAULT_COUNTRY : trimmed;
}

/** Spec 000 §6 "the account country is in the permission's allowed countries". */
export function isAllowedInCountry(permission: Permission, country: string | null | undefined): boolean {
  const countries = PERMISSIONS[permission]?.countries;
  return countries === undefined || countries.includes(normaliseCountry(country));
}

/** Spec 000 §6: whether the user has a feature-access string (an empty string counts as none). */
export function hasFeatureAccessString(subject: Pick<AccessSubject, 'userFeatures'>): boolean {
  return subject.userFeatures != null && subject.userFeatures !== '';
}

/** Spec 000 §6 "When the user has no feature-access string". */
function allowedByRole(role: Role, permission: Permission, action: Action): boolean {
  switch (role) {
    // "The owner gets all permissions." SAD without a string: Sapa grants all (super admin).
    case 'OWN':
    case 'SAD':
      return true;
    // "The admin gets all except the negatives."
    case 'ADC':
      return !(ADMIN_DENIED_ACTIONS[permission]?.includes(action) ?? false);
    // "The customer-service role gets a fixed list."
    case 'USC':
      return CUSTOMER_SERVICE_DEFAULT_PERMISSIONS.includes(permission);
    default:
      return false;
  }
}

/** Spec 000 §6 "When a feature-access string exists": the plan, user and country conditions. */
function allowedByFeatureStrings(subject: AccessSubject, definition: PermissionDefinition): boolean {
  // Sapa: a permission without a client index is not gated by the plan string.
  const planAllows =
    definition.clientIndex === undefined || hasFeatureBit(subject.clientPlanFeatures, definition.clientIndex);
  // A missing user index or character counts as '0'.
  const userAllows = hasFeatureBit(subject.userFeatures, definition.userIndex);
  return planAllows && userAllows;
}

/**
 * Spec 000 §6: may `subject` perform `action` on `permission`?
 *
 * - Common access is allowed for everyone, with or without a feature-access string.
 * - With a feature-access string: plan bit at the client index (when there is one) AND user bit at
 *   the user index AND country allowed. The strings grant every action alike.
 * - Without one: the role rule (owner/super admin all, admin all but the negatives, CS the fixed
 *   list) AND country allowed.
 */
export function can(subject: AccessSubject, permission: Permission, action: Action = 'READ'): boolean {
  const definition: PermissionDefinition | undefined = PERMISSIONS[permission];
  if (definition === undefined) return false;
  if (definition.common === true) return true;
  if (!isAllowedInCountry(permission, subject.accountCountry)) return false;
  if (hasFeatureAccessString(subject)) return allowedByFeatureStrings(subject, definition);
  return allowedByRole(subject.role, permission, action);
}

/** The actions `subject` may perform on `permission`, in ACTIONS order. */
export function permittedActions(subject: AccessSubject, permission: Permission): Action[] {
  return ACTIONS.filter((action) => can(subject, permission, action));
}

/** The permissions `subject` may READ, in catalogue order (what the web app shows as menus). */
export function listAllowed(subject: AccessSubject): Permission[] {
  return PERMISSION_NAMES.filter((permission) => can(subject, permission, 'READ'));
}

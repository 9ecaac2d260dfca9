import { z } from 'zod';
import { LANGUAGES } from '../../messages.js';
import { defineEndpoint } from '../endpoint.js';
import {
  clientChoiceSchema,
  csPositionSchema,
  mfaCodeSchema,
  newPasswordSchema,
  roleSchema,
} from './identity.js';

/** GET users/me (000 §7): who is signed in, in which business, with what access (000 §3 User record, Account). */
export const meResponse = z.object({
  user: z.object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    /** The UI language the user chose, kept on the user (issue 16 §9); null until they choose one. */
    language: z.enum(LANGUAGES).nullable(),
  }),
  client: z.object({
    id: z.string().uuid(),
    name: z.string(),
    countryDefault: z.string(),
    billingType: z.string(),
    accountStatus: z.string(),
    subscriptionPackage: z.string().nullable(),
  }),
  role: roleSchema,
  csPosition: csPositionSchema.nullable(),
  accountCountry: z.string().nullable(),
  /** featuresAccessPermissions: the user string, null when the role fallback applies. */
  featureAccess: z.string().nullable(),
  /** featuresPermissions: the client plan string. */
  planFeatures: z.string(),
  mfaEnabled: z.boolean(),
  consent: z.object({ agreed: z.boolean(), consentAt: z.number().nullable() }),
  /** userLoginList: every business this user can sign in to (enableMultiClient when more than one). */
  clients: z.array(clientChoiceSchema),
});
export type Me = z.infer<typeof meResponse>;

export const accountEndpoints = {
  me: defineEndpoint({ method: 'GET', path: '/api/users/me', response: meResponse }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/password',
    body: z
      .object({
        currentPassword: z.string({ error: 'password.required' }).min(1, 'password.required'),
        newPassword: newPasswordSchema,
        confirmPassword: z.string({ error: 'password.required' }).min(1, 'password.required'),
      })
      .refine((b) => b.newPassword === b.confirmPassword, {
        message: 'password.mismatch',
        path: ['confirmPassword'],
      }),
    response: z.object({ ok: z.literal(true) }),
  }),
  mfaStatus: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/mfa',
    response: z.object({ enabled: z.boolean() }),
  }),
  mfaSetup: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/mfa/setup',
    body: z.object({}).optional(),
    response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }),
  }),
  mfaActivate: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/mfa/activate',
    body: z.object({ code: mfaCodeSchema }),
    response: z.object({ enabled: z.boolean() }),
  }),
  mfaDeactivate: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/mfa/deactivate',
    body: z.object({ code: mfaCodeSchema }),
    response: z.object({ enabled: z.boolean() }),
  }),
  /** The signed-in user's UI language (000 §1: id, en), applied by the web on sign-in on any browser. */
  language: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/language',
    body: z.object({ language: z.enum(LANGUAGES, 'validation.invalid') }),
    response: z.object({ language: z.enum(LANGUAGES) }),
  }),
} as const;

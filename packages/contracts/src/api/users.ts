import { z } from 'zod';
import {
  clientChoiceSchema,
  csPositionSchema,
  emailSchema,
  mfaCodeSchema,
  newPasswordSchema,
  roleSchema,
} from './auth.js';
import { defineEndpoint } from './endpoint.js';

/** GET users/me (000 §7): who is signed in, in which business, with what access (000 §3 User record, Account). */
export const meResponse = z.object({
  user: z.object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
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

export const CONSENT_PAGE_NAME = 'user-consent';

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
  consent: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me/consent',
    body: z.object({ agreed: z.boolean() }),
    response: z.object({ agreed: z.boolean(), consentAt: z.number() }),
  }),
  pageVisit: defineEndpoint({
    method: 'POST',
    path: '/api/tracker/page-visitation',
    body: z.object({
      pageName: z.string().min(1).max(200),
      additionalData: z
        .object({
          data_1: z.string().max(500).optional(),
          data_2: z.string().max(500).optional(),
          data_3: z.string().max(500).optional(),
          data_4: z.string().max(500).optional(),
          data_5: z.string().max(500).optional(),
        })
        .strict()
        .default({}),
    }),
    response: z.object({ ok: z.literal(true) }),
  }),
  chatCreditBalance: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/chat-credit',
    response: z.object({ balance: z.number(), balanceBonus: z.number() }),
  }),
} as const;

/** Settings › Admin (001 §2 Admin settings; §3 Users and access; §5 User). */
export const adminUserSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  csPosition: csPositionSchema.nullable(),
  accessRoleId: z.string().uuid().nullable(),
  accessRoleName: z.string().nullable(),
  csTags: z.array(z.string()),
  createdAt: z.number(),
  lastSignedInAt: z.number().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const userFields = {
  name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(150),
  /** Admin or customer service; the owner is created with the business. */
  role: z.enum(['ADC', 'USC'], { error: 'validation.fieldRequired' }),
  accessRoleId: z.string().uuid().nullable().default(null),
  csPosition: csPositionSchema.nullable().default(null),
  csTags: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
};

export const adminUserCreateBody = z.object({
  ...userFields,
  email: emailSchema,
  password: newPasswordSchema,
});
export const adminUserUpdateBody = z.object({ ...userFields, password: newPasswordSchema.optional() });

export const adminUserEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    query: z.object({
      search: z.string().max(100).optional(),
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({ items: z.array(adminUserSchema), nextCursor: z.string().nullable() }),
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/admin/users/:id', response: adminUserSchema }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users',
    body: adminUserCreateBody,
    response: adminUserSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/users/:id',
    body: adminUserUpdateBody,
    response: adminUserSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;

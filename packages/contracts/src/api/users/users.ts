import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { csPositionSchema, emailSchema, newPasswordSchema, roleSchema } from '../identity/identity.js';

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

import { z } from 'zod';
import { accessRoleInputSchema } from '../../permissions/index.js';
import { defineEndpoint } from '../endpoint.js';

/** Feature-access roles (000 §3, §7 feature-access calls; 001 §3 Access role). */
export const accessRoleSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  menus: z.array(z.string()),
  allMenu: z.boolean(),
  featureAccess: z.string(),
  isDeleted: z.boolean(),
  userCount: z.number().int(),
});
export type AccessRole = z.infer<typeof accessRoleSchema>;

export const accessRoleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/feature-access/list',
    query: z.object({ isDeleted: z.enum(['true', 'false']).default('false') }),
    response: z.object({ items: z.array(accessRoleSchema) }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/feature-access/detail',
    query: z.object({ name: z.string().min(1).max(100) }),
    response: accessRoleSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/feature-access',
    body: accessRoleInputSchema,
    response: accessRoleSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/feature-access/:id',
    body: accessRoleInputSchema,
    response: accessRoleSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/feature-access/:id',
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;

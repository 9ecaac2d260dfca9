import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** A credit mutation row (001 §3: time, description, status, amount, balance). A charge is negative. */
export const creditMutationSchema = z.object({
  id: z.string().uuid(),
  createdAt: z.number(),
  description: z.string(),
  /** charge, top_up, bonus, refund. */
  kind: z.string(),
  /** success, or post_paid for usage billed later (a POST_PAID business's balance is not deducted). */
  status: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
});
export type CreditMutation = z.infer<typeof creditMutationSchema>;

export const chatCreditEndpoints = {
  /** 001 §7 GET chat-credit/list: the business's credit mutations, newest first, keyset-paged. */
  mutations: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/chat-credit/mutations',
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(30),
    }),
    response: z.object({ items: z.array(creditMutationSchema), nextCursor: z.string().nullable() }),
  }),
} as const;

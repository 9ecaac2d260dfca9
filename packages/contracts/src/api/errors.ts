import { z } from 'zod';

/**
 * Every error answer of the API (000 §7 Response handling: statusCode, error, message). `message` is already
 * translated to the caller's language; `code` is the stable message key; `fields` maps a body path to its
 * translated problem for form validation.
 */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

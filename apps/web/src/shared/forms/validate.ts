import type { z } from 'zod';

/** Field problems keyed by the first path segment; values are message keys (or server texts). */
export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> =
  | { success: true; data: T; errors: FieldErrors }
  | { success: false; errors: FieldErrors };

/**
 * Validates form values with a contract schema (the same one the server uses). The messages are
 * keys of the contracts' MESSAGES or of the web catalogue; translate them when rendering.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return { success: false, errors };
}

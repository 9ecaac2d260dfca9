import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP call of Sapa's API: the server registers it with these schemas, the web app calls it with the
 * same types. `path` uses Fastify's `:param` syntax.
 */
export interface Endpoint<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  body?: TBody;
  query?: TQuery;
  response: TResponse;
  /**
   * Text PostgreSQL cannot store (NUL, lone UTF-16 surrogates) is refused with a 400 on every endpoint;
   * `replace` stores it with U+FFFD instead, for a customer's own words that must never be lost.
   */
  unstorableText?: 'replace';
}

export function defineEndpoint<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
>(e: Endpoint<TBody, TQuery, TResponse>): Endpoint<TBody, TQuery, TResponse> {
  return e;
}

export type BodyOf<E> =
  E extends Endpoint<infer B, infer _Q, infer _R> ? (B extends z.ZodType ? z.input<B> : never) : never;
export type QueryOf<E> =
  E extends Endpoint<infer _B, infer Q, infer _R> ? (Q extends z.ZodType ? z.input<Q> : never) : never;
export type ResponseOf<E> = E extends Endpoint<infer _B, infer _Q, infer R> ? z.output<R> : never;

/** Fills `:param` segments of a path. */
export function pathWith(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

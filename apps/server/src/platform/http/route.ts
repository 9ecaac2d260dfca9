import type { Endpoint } from '@sapa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../auth/route-access.js';

export type RouteRegistrar = FastifyInstance;

type Out<T> = [T] extends [undefined] ? undefined : z.output<NonNullable<T> & z.ZodType>;

export interface RouteContext<E extends Endpoint> {
  body: Out<E['body']>;
  query: Out<E['query']>;
  params: Record<string, string>;
  request: FastifyRequest;
  reply: FastifyReply;
}

const uuidParam = z.string().uuid();

/**
 * Registers one contract endpoint with its declared access. Body, query and response are validated by the
 * endpoint's zod schemas; `:id`-style params must be UUIDs, so a malformed id is a 404 like any unknown one.
 */
export function route<E extends Endpoint>(
  app: RouteRegistrar,
  endpoint: E,
  access: RouteAccess,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']>>,
): void {
  const paramNames = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access, ...(endpoint.unstorableText ? { unstorableText: endpoint.unstorableText } : {}) },
    schema: {
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(paramNames.length
        ? { params: z.object(Object.fromEntries(paramNames.map((n) => [n, z.string()]))) }
        : {}),
      response: { 200: endpoint.response },
    },
    handler: async (request, reply) => {
      const params = (request.params ?? {}) as Record<string, string>;
      for (const name of paramNames) {
        if (name.toLowerCase().endsWith('id') && !uuidParam.safeParse(params[name]).success) {
          return reply.callNotFound();
        }
      }
      return handler({
        body: request.body as Out<E['body']>,
        query: request.query as Out<E['query']>,
        params,
        request,
        reply,
      });
    },
  });
}

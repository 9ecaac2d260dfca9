import type { FastifyReply, FastifyRequest } from 'fastify';
import { graphError } from './wire.js';

/** A Graph API error: HTTP status and the `{ error }` body Meta returns. */
export class GraphFailure extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: { error: Record<string, unknown> },
  ) {
    super(String(body.error.message));
  }
}

export const invalidParam = (message: string, details?: string) =>
  new GraphFailure(400, graphError(100, message, details));
export const badToken = () =>
  new GraphFailure(401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
export const unknownObject = (id: string, method: 'get' | 'post' | 'delete') =>
  new GraphFailure(
    400,
    graphError(
      100,
      `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      undefined,
      'GraphMethodException',
    ),
  );

/** Fastify error handler: GraphFailure as is, anything else as a Graph-shaped error. */
export function graphErrorHandler(
  err: Error & { statusCode?: number },
  _req: FastifyRequest,
  reply: FastifyReply,
) {
  if (err instanceof GraphFailure) return reply.code(err.httpStatus).send(err.body);
  const status = err.statusCode ?? 500;
  return reply
    .code(status >= 400 && status < 600 ? status : 500)
    .send(graphError(status < 500 ? 100 : 1, `(#${status < 500 ? 100 : 1}) ${err.message}`));
}

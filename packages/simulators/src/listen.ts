import type { FastifyInstance } from 'fastify';

/**
 * Starts a simulator's server (port 0: any free one) and answers the origin it advertises: `publicUrl` when
 * given (the demo's public host), else `http://<host>:<port>` with a wildcard host read as 127.0.0.1.
 */
export async function listenAdvertised(
  app: FastifyInstance,
  options: { port?: number; host?: string; publicUrl?: string },
): Promise<string> {
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return (options.publicUrl ?? `http://${urlHost}:${port}`).replace(/\/$/, '');
}

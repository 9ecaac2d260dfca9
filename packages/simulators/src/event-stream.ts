import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers a customer page's live feed as server-sent events: takes the response over, `subscribe` attaches
 * it to the feed (and returns the detach), a comment every 25 s keeps proxies from closing it, and the
 * page going away detaches it.
 */
export function serveEventStream(
  req: FastifyRequest,
  reply: FastifyReply,
  subscribe: (res: ServerResponse) => () => void,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  const unsubscribe = subscribe(res);
  const heartbeat = setInterval(() => res.write(': ping\n\n'), 25_000);
  heartbeat.unref();
  req.raw.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

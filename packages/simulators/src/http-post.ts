import http from 'node:http';
import https from 'node:https';

/**
 * Keep-alive agents for a simulator's webhook deliveries. `fetch` costs several times the CPU of a plain
 * request per call (web streams, abort signals, a new connection when its pool runs dry): at 1,000 messages a
 * second a WhatsApp simulator posts 2,000 status webhooks a second and spent most of its time in it. Each
 * simulator has its own agents and destroys them when it closes, so no kept-alive socket outlives it.
 *
 * Requests on their way are kept in a set and destroyed by `destroy`, rather than each listening to one shared
 * `AbortSignal`: thousands of listeners on one signal made every request's `addEventListener` cost a scan.
 */
export function createPoster() {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  const open = new Set<http.ClientRequest>();
  let destroyed = false;
  return {
    /** POSTs `body` and answers the HTTP status (the response body is dropped); rejects on a network error. */
    post(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number }) {
      if (destroyed) return Promise.reject(new Error('poster destroyed'));
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const agent = agents[target.protocol as keyof typeof agents];
      return new Promise<number>((resolve, reject) => {
        const req = client.request(
          target,
          {
            method: 'POST',
            agent,
            headers: { ...headers, 'content-length': Buffer.byteLength(body) },
            timeout: options.timeoutMs,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        open.add(req);
        req.on('close', () => open.delete(req));
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', reject);
        req.end(body);
      });
    },
    /** Ends every request on its way and closes every socket, idle or busy; later posts are refused. */
    destroy() {
      destroyed = true;
      for (const req of open) req.destroy(new Error('poster destroyed'));
      open.clear();
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

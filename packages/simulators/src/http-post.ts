import http from 'node:http';
import https from 'node:https';

/**
 * Keep-alive agents for a simulator's webhook deliveries. `fetch` costs several times the CPU of a plain
 * request per call (web streams, abort signals, a new connection when its pool runs dry): at 1,000 messages a
 * second a WhatsApp simulator posts 2,000 status webhooks a second and spent most of its time in it. Each
 * simulator has its own agents and destroys them when it closes, so no kept-alive socket outlives it.
 */
export function createPoster() {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  return {
    /** POSTs `body` and answers the HTTP status (the response body is dropped); rejects on a network error. */
    post(
      url: string,
      body: string,
      headers: Record<string, string>,
      options: { timeoutMs: number; signal?: AbortSignal },
    ) {
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
            ...(options.signal ? { signal: options.signal } : {}),
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', reject);
        req.end(body);
      });
    },
    /** Closes every socket, idle or busy. */
    destroy() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

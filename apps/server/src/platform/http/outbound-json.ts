import http from 'node:http';
import https from 'node:https';

/**
 * Keep-alive agents for provider API calls. `fetch` costs several times the CPU of a plain request (web
 * streams, abort signals): at 1,000 messages a second it was the largest single cost of Sapa's process.
 * Sockets per provider host are bounded so a burst queues instead of opening thousands of connections.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

export interface OutboundResponse {
  status: number;
  text: string;
}

/**
 * POSTs a JSON body over a kept-alive connection and answers the status and the body's text; rejects on a
 * network error or when no answer came within `timeoutMs`.
 */
export function postJson(
  url: string,
  payload: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<OutboundResponse> {
  const target = new URL(url);
  const agent = agents[target.protocol as keyof typeof agents];
  if (!agent) return Promise.reject(new Error(`unsupported protocol ${target.protocol}`));
  const body = JSON.stringify(payload);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      },
    );
    // The whole exchange, not only idle time on the socket, is bounded (as AbortSignal.timeout did).
    const timer = setTimeout(
      () => req.destroy(new Error('The operation was aborted due to timeout')),
      timeoutMs,
    );
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}

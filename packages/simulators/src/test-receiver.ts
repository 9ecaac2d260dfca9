import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For simulator tests: a webhook receiver answering the given statuses in turn (then 200), keeping what it got
 * (headers and raw body), at `url` (`path` on a free local port). `close` stops it.
 */
export async function startReceiver(statuses: number[] = [], path = '/hook') {
  const got: { headers: IncomingHttpHeaders; raw: string }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, raw });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    got,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPoster } from './http-post.js';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A local server: `/ok` answers 202 with the body it got echoed in a header; `/hang` never answers. */
async function server() {
  const bodies: string[] = [];
  const open = new Set<import('node:net').Socket>();
  const s = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      bodies.push(body);
      if (req.url === '/ok') res.writeHead(202).end('fine');
    });
  });
  s.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  servers.push(s);
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, bodies, open };
}

describe('createPoster', () => {
  it('answers the HTTP status and sends the body as given', async () => {
    const srv = await server();
    const poster = createPoster();
    const status = await poster.post(
      `${srv.url}/ok`,
      '{"a":1}',
      { 'content-type': 'application/json' },
      {
        timeoutMs: 5_000,
      },
    );
    expect(status).toBe(202);
    expect(srv.bodies).toEqual(['{"a":1}']);
    poster.destroy();
  });

  it('ends requests on their way when destroyed, closes their connections and refuses later posts', async () => {
    const srv = await server();
    const poster = createPoster();
    const pending = [1, 2, 3].map((n) =>
      poster.post(`${srv.url}/hang`, String(n), {}, { timeoutMs: 60_000 }).then(
        () => 'answered',
        () => 'rejected',
      ),
    );
    await expect.poll(() => srv.bodies.length).toBe(3);
    poster.destroy();
    expect(await Promise.all(pending)).toEqual(['rejected', 'rejected', 'rejected']);
    await expect.poll(() => srv.open.size).toBe(0);
    await expect(poster.post(`${srv.url}/ok`, 'x', {}, { timeoutMs: 1_000 })).rejects.toThrow(/destroyed/);
  });

  it('gives up on a request that takes longer than its timeout', async () => {
    const srv = await server();
    const poster = createPoster();
    await expect(poster.post(`${srv.url}/hang`, 'slow', {}, { timeoutMs: 200 })).rejects.toThrow(/timeout/);
    poster.destroy();
  });
});

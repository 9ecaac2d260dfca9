import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './outbound-json.js';

let server: Server;
let base: string;
const seen: { headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      if (req.url === '/slow') return; // never answers
      res.writeHead(req.url === '/refuse' ? 400 : 200, { 'content-type': 'application/json' });
      res.end(req.url === '/refuse' ? '{"error":{"code":131026}}' : `{"echo":${body}}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('postJson', () => {
  it('sends the JSON body with its headers and answers the status and the text', async () => {
    const res = await postJson(
      `${base}/ok`,
      { to: '628', text: 'Halo ✓' },
      { authorization: 'Bearer t' },
      5_000,
    );
    expect(res).toEqual({ status: 200, text: '{"echo":{"to":"628","text":"Halo ✓"}}' });
    const last = seen.at(-1)!;
    expect(last.headers).toMatchObject({ authorization: 'Bearer t', 'content-type': 'application/json' });
    expect(Number(last.headers['content-length'])).toBe(Buffer.byteLength(last.body));
  });

  it('answers an error status with its body rather than throwing', async () => {
    expect(await postJson(`${base}/refuse`, {}, {}, 5_000)).toEqual({
      status: 400,
      text: '{"error":{"code":131026}}',
    });
  });

  it('rejects when no answer comes in time, and on a refused connection', async () => {
    await expect(postJson(`${base}/slow`, {}, {}, 200)).rejects.toThrow(/timeout/);
    await expect(postJson('http://127.0.0.1:1/x', {}, {}, 5_000)).rejects.toThrow();
  });
});

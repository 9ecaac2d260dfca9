import type { TokenPair } from '@sapa/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from './auth-helpers.js';
import { bearer, makeBusiness } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let tokens: TokenPair;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Masukan');
  tokens = await signInFresh(server.app, biz.owner.email);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const UNKNOWN_ID = '018f0000-0000-7000-8000-000000000000';
const fill = (url: string, id = UNKNOWN_ID) => url.replace(/:[A-Za-z0-9_]+/g, id).replace('/*', '/x');

/** A 4xx in the contract's error shape, never a 500. */
function expectClientError(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(body.statusCode, label).toBe(res.statusCode);
    expect(typeof body.error, label).toBe('string');
    expect(typeof body.message, label).toBe('string');
    expect(body.message.length, label).toBeGreaterThan(0);
    expect(res.body, label).not.toMatch(/stack|at \w+ \(|node_modules|Failed query/);
  }
}

/** Signs in again when a request (sign-out, password change) has ended the session. */
async function freshTokensIfNeeded() {
  const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(tokens) });
  if (me.statusCode === 401) tokens = await signInFresh(server.app, biz.owner.email);
}

describe('bad input never gives a 500', () => {
  it('survives {}, "garbage", broken JSON, [], null and a wrong content type on every non-GET route', async () => {
    // Sign-out last: it ends the session the other calls use.
    const routes = server.routes
      .filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .sort((a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'));
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const bodies: { label: string; payload: string; type: string }[] = [
      { label: '{}', payload: '{}', type: 'application/json' },
      { label: '"garbage"', payload: '"garbage"', type: 'application/json' },
      { label: 'broken JSON', payload: '{"email": "a@b.c", "password": ', type: 'application/json' },
      { label: 'not JSON at all', payload: 'garbage', type: 'application/json' },
      { label: '[]', payload: '[]', type: 'application/json' },
      { label: 'null', payload: 'null', type: 'application/json' },
      {
        label: 'nested junk',
        payload: '{"name":{"$gt":""},"email":["x"],"password":12345678,"menus":"all"}',
        type: 'application/json',
      },
      { label: 'text/plain', payload: 'hello', type: 'text/plain' },
      { label: 'form', payload: 'email=a%40b.c&password=x', type: 'application/x-www-form-urlencoded' },
      { label: 'xml', payload: '<a>1</a>', type: 'application/xml' },
    ];
    let calls = 0;
    for (const route of routes) {
      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        if (id !== UNKNOWN_ID && !route.url.includes(':')) continue;
        for (const body of bodies) {
          await freshTokensIfNeeded();
          for (const auth of [true, false]) {
            const res = await server.app.inject({
              method: route.method as Method,
              url: fill(route.url, id),
              headers: { 'content-type': body.type, ...(auth ? bearer(tokens) : {}) },
              payload: body.payload,
            });
            expectClientError(res, `${route.method} ${route.url} ${id} ${body.label} auth=${auth}`);
            calls++;
          }
        }
        // No body at all.
        await freshTokensIfNeeded();
        const empty = await server.app.inject({
          method: route.method as Method,
          url: fill(route.url, id),
          headers: bearer(tokens),
        });
        expectClientError(empty, `${route.method} ${route.url} without body`);
      }
    }
    expect(calls).toBeGreaterThan(200);
    // Its work grows with every route added (about 20 requests per route): a time limit for the walk, not per call.
  }, 180_000);

  it('answers GET routes with junk queries and ids with a 4xx or a 200, never a 500', async () => {
    const routes = server.routes.filter(
      (r) => r.method === 'GET' && !r.url.startsWith('/api/docs') && r.url !== '/*',
    );
    for (const route of routes) {
      for (const query of [
        '',
        '?limit=abc',
        '?limit=-1&cursor=%00%ff',
        `?search=${'x'.repeat(5000)}`,
        '?name=',
        '?isDeleted=maybe',
        '?a[b]=c&a=d',
      ]) {
        for (const id of [UNKNOWN_ID, 'not-a-uuid', '%00', "1'or'1'='1"]) {
          const url = `${fill(route.url, encodeURIComponent(id))}${query}`;
          const res = await server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
          expectClientError(res, `GET ${url.slice(0, 120)}`);
        }
      }
    }
  }, 180_000);

  it('refuses NUL and lone surrogates in a body value, a body key and a query with 400 and the translated message', async () => {
    const post = (payload: string, lang = 'en') =>
      server.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: { ...bearer(tokens), 'content-type': 'application/json', 'accept-language': lang },
        payload,
      });
    const cases: [string, string, string][] = [
      ['NUL in a value', '{"name":"Ada\\u0000","phone":"6281234500001"}', 'name'],
      ['a lone high surrogate', '{"name":"Ada\\ud83d","phone":"6281234500002"}', 'name'],
      ['a lone low surrogate', '{"name":"\\ude00Ada","phone":"6281234500003"}', 'name'],
      [
        'NUL in a key',
        '{"name":"Ada","phone":"6281234500004","customValues":{"k\\u0000":null}}',
        'customValues.k\0',
      ],
    ];
    for (const [label, payload, field] of cases) {
      const res = await post(payload);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json(), label).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The request is invalid',
        code: 'validation.invalid',
        fields: { [field]: 'The request is invalid' },
      });
    }
    const indonesian = await post(cases[0]![1], 'id');
    expect(indonesian.json().message).toBe('Permintaan tidak valid');
    // An emoji (a well-formed pair) is text like any other.
    const emoji = await post('{"name":"Ada \\ud83d\\ude00","phone":"6281234500009"}');
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json().name).toBe('Ada \u{1F600}');
    const query = await server.app.inject({
      method: 'GET',
      url: '/api/contacts?search=a%00b',
      headers: { ...bearer(tokens), 'accept-language': 'en' },
    });
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json()).toMatchObject({
      message: 'The request is invalid',
      fields: { search: 'The request is invalid' },
    });
  });

  it('gives the expected status for each kind of bad request', async () => {
    const login = (payload: string | undefined, type = 'application/json') =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type, 'accept-language': 'en' },
        ...(payload === undefined ? {} : { payload }),
      });
    const broken = await login('{"email":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request is invalid',
    });
    const missing = await login(undefined);
    expect(missing.statusCode).toBe(400);
    // Fastify reads text/plain as a string: the schema refuses it. A type with no parser is a 415.
    const plain = await login('email=a', 'text/plain');
    expect(plain.statusCode).toBe(400);
    const wrongType = await login('<login><email>a</email></login>', 'application/xml');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    const notObject = await login('"garbage"');
    expect(notObject.statusCode).toBe(400);

    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) });
    const tooLarge = await login(big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request is too large',
    });
    const bigAuthed = await server.app.inject({
      method: 'POST',
      url: '/api/feature-access',
      headers: { ...bearer(tokens), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Besar', menus: ['dashboard'], description: 'y'.repeat(1_200_000) }),
    });
    expect(bigAuthed.statusCode).toBe(413);

    // Non-uuid ids are simply not found.
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await server.app.inject({ method, url: '/api/admin/users/123', headers: bearer(tokens) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const put = await server.app.inject({
      method: 'PUT',
      url: '/api/feature-access/123',
      headers: bearer(tokens),
      payload: { name: 'Ada', menus: ['dashboard'] },
    });
    expect(put.statusCode).toBe(404);
    // Unknown routes too.
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: bearer(tokens),
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

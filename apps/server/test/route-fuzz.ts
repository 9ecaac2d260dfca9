import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@sapa/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRooms, callSessions } from '../src/modules/calls/index.js';
import { signInFresh } from './auth-helpers.js';
import { bearer, makeBusiness } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';
import { openWhatsappTicket } from './ticket-fixtures.js';
import { connectWhatsapp, type FakeGraph, startFakeGraph } from './whatsapp.js';

/**
 * The standing route fuzz: every operation of the OpenAPI document the app serves (so a route is covered the
 * day it is added) gets, in each path parameter, query parameter and body field, text PostgreSQL cannot store
 * (NUL, a lone surrogate), a 1 MB string, a value of the wrong type, `__proto__`/`constructor` keys, and
 * another business's ids (a second business with real rows). It fails on any 500 and on any success that reads
 * or changes the other business's data. The operations are dealt into `files` test files (each with its own
 * server and businesses, so they run side by side) and, inside a file, into `PARTS` tests of their own.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  nullable?: boolean;
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema?: Schema;
}
interface Operation {
  method: Method;
  /** Fastify form: `/api/tickets/:id`. */
  url: string;
  params: Parameter[];
  body: Schema | undefined;
  isPublic: boolean;
}
interface Probe {
  label: string;
  url: string;
  payload?: string;
  /** Another business's ids this request carries (a success must not show or change that business's data). */
  foreign: string[];
}

const PARTS = 4;
const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const LONE_SURROGATE = '\ud83d';
const CONCURRENCY = 8;
/** Words in the other business's rows: an answer that shows one has read that business's data. */
const FOREIGN_MARK = 'Lainbiz';
const OWN_MARK = 'Fuzzbiz';

let server: TestServer;
let graph: FakeGraph;
let own: Awaited<ReturnType<typeof makeBusiness>>;
let foreign: Awaited<ReturnType<typeof makeBusiness>>;
let ownTokens: TokenPair;
let operations: Operation[];
/** One id per table of the other business (table → id), and all of its ids. */
let foreignIds: Map<string, string>;
let allForeignIds: Set<string>;

/** An example value of `schema`: valid where the schema is simple, near-valid where it is not. */
function example(schema: Schema | undefined, mark: string, depth = 0): unknown {
  if (!schema || depth > 6) return mark;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== '') ?? schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return example(choice.find((s) => s.type !== 'null') ?? choice[0], mark, depth + 1);
  if (schema.allOf?.length) return example(schema.allOf[0], mark, depth + 1);
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `${mark.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2030-01-15';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/a';
      let text = `${mark} ${randomUUID().slice(0, 6)}`;
      if (schema.minLength && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
      if (schema.maxLength !== undefined) text = text.slice(0, schema.maxLength);
      return text;
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return schema.exclusiveMinimum === true ? min + 1 : Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return true;
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, schema.maxItems === 0 ? 0 : 1);
      return Array.from({ length: n }, () => example(schema.items, mark, depth + 1));
    }
    case 'object':
    case undefined: {
      if (!schema.properties) return schema.type === 'object' ? {} : mark;
      return Object.fromEntries(
        Object.entries(schema.properties).map(([k, s]) => [k, example(s, mark, depth + 1)]),
      );
    }
    default:
      return null;
  }
}

type Path = (string | number)[];
/** Every field of a body: its path and schema (objects' properties, an array's first item). */
function fieldsOf(schema: Schema | undefined, path: Path = [], depth = 0): { path: Path; schema: Schema }[] {
  if (!schema || depth > 4) return [];
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice?.length) return fieldsOf(choice.find((s) => s.type !== 'null') ?? choice[0], path, depth);
  const out = path.length ? [{ path, schema }] : [];
  if (schema.properties)
    for (const [k, s] of Object.entries(schema.properties)) out.push(...fieldsOf(s, [...path, k], depth + 1));
  if (schema.type === 'array' && schema.items && schema.maxItems !== 0)
    out.push(...fieldsOf(schema.items, [...path, 0], depth + 1));
  return out;
}

function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setAt(list[head], rest, leaf);
    return list;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  (object as Record<string, unknown>)[head!] = setAt((object as Record<string, unknown>)[head!], rest, leaf);
  return object;
}

const wrongTypeFor = (schema: Schema): unknown =>
  schema.type === 'string' ? { $gt: '' } : schema.type === 'array' ? { '0': 'x' } : 'not-the-type';
const isIdField = (path: Path, schema: Schema) =>
  schema.format === 'uuid' || /(^id|Id|Ids)$/.test(String(path.filter((p) => typeof p === 'string').at(-1)));

/** The operations of the served OpenAPI document, with their declared access from the app's routes. */
async function readOperations(): Promise<Operation[]> {
  const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }
      >
    >;
  };
  const access = new Map(server.routes.map((r) => [`${r.method} ${r.url}`, r.access]));
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    // The docs themselves, the web app's catch-all and sockets are not API operations.
    if (path.startsWith('/api/docs') || path.includes('{*}') || path === '/*' || path.startsWith('/ws'))
      continue;
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      const declared = access.get(`${method} ${url}`);
      out.push({
        method,
        url,
        params: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema,
        isPublic: !!declared && 'public' in declared,
      });
    }
  }
  return out;
}

/** URL-encoded; a lone surrogate (which has no UTF-8) as the bytes a careless client would send for it. */
const encode = (text: string) => text.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%BD');
const fillPath = (url: string, values: Record<string, string>) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encode(values[name] ?? randomUUID()));
const queryOf = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');

/** The requests one operation gets. */
function probesOf(op: Operation): Probe[] {
  const pathNames = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  const queries = op.params.filter((p) => p.in === 'query');
  const ownPath = Object.fromEntries(pathNames.map((n) => [n, randomUUID()]));
  const baseUrl = fillPath(op.url, ownPath);
  const baseQuery = Object.fromEntries(
    queries.filter((q) => q.schema?.enum || q.schema?.type === 'string').map((q) => [q.name, ''] as const),
  );
  const base = op.body ? example(op.body, OWN_MARK) : undefined;
  const json = (value: unknown) => (op.body ? JSON.stringify(value) : undefined);
  const probes: Probe[] = [{ label: 'example', url: baseUrl, payload: json(base), foreign: [] }];
  const bad: [string, string][] = [
    ['NUL', 'a\0b'],
    ['lone surrogate', `a${LONE_SURROGATE}b`],
    ['1 MB', MEGABYTE_STRING],
  ];
  for (const name of pathNames) {
    for (const [label, text] of [...bad.slice(0, 2), ['long', 'x'.repeat(5000)]] as [string, string][])
      probes.push({
        label: `path ${name} ${label}`,
        url: fillPath(op.url, { ...ownPath, [name]: text }),
        payload: json(base),
        foreign: [],
      });
  }
  // Another business's ids in every path parameter.
  if (pathNames.length) {
    for (const id of foreignIds.values()) {
      const all = Object.fromEntries(pathNames.map((n) => [n, id]));
      probes.push({
        label: `path ids ${id}`,
        url: fillPath(op.url, all),
        payload: json(base),
        foreign: [id],
      });
    }
  }
  for (const q of queries) {
    const values: [string, string][] = [
      ...bad.map(([l, t]) => [l, t] as [string, string]),
      ['wrong type', q.schema?.type === 'string' ? '[object Object]' : 'not-a-number'],
      ['array', ''],
    ];
    for (const [label, text] of values) {
      const search = queryOf({ ...baseQuery, [q.name]: text });
      const url =
        label === 'array' ? `${baseUrl}?${q.name}=a&${q.name}=b&${q.name}[x]=c` : `${baseUrl}?${search}`;
      probes.push({ label: `query ${q.name} ${label}`, url, payload: json(base), foreign: [] });
    }
    if (q.schema && isIdField([q.name], q.schema)) {
      for (const id of foreignIds.values()) {
        const search = queryOf({ [q.name]: id });
        probes.push({
          label: `query ${q.name} id`,
          url: `${baseUrl}?${search}`,
          payload: json(base),
          foreign: [id],
        });
      }
    }
  }
  if (op.body) {
    for (const field of fieldsOf(op.body)) {
      const at = field.path.join('.');
      for (const [label, text] of bad)
        probes.push({
          label: `body ${at} ${label}`,
          url: baseUrl,
          payload: json(setAt(base, field.path, text)),
          foreign: [],
        });
      probes.push({
        label: `body ${at} wrong type`,
        url: baseUrl,
        payload: json(setAt(base, field.path, wrongTypeFor(field.schema))),
        foreign: [],
      });
      if (isIdField(field.path, field.schema)) {
        for (const id of foreignIds.values()) {
          const value = field.schema.type === 'array' ? [id] : id;
          probes.push({
            label: `body ${at} id`,
            url: baseUrl,
            payload: json(setAt(base, field.path, value)),
            foreign: [id],
          });
        }
      }
    }
    // Prototype keys, at the top and one level down, as raw JSON (an object literal cannot carry them).
    const text = JSON.stringify(base ?? {});
    const inner = '"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}}';
    const withKeys = (t: string) =>
      t.startsWith('{') ? `{${inner}${t.length > 2 ? `,${t.slice(1)}` : '}'}` : t;
    probes.push({ label: 'body __proto__', url: baseUrl, payload: withKeys(text), foreign: [] });
    probes.push({
      label: 'body nested __proto__',
      url: baseUrl,
      payload: `{"a":{${inner}},"b":[{${inner}}]}`,
      foreign: [],
    });
    probes.push({
      label: 'body NUL key',
      url: baseUrl,
      payload: `{"k\\u0000":1,"${LONE_SURROGATE}":2}`,
      foreign: [],
    });
  }
  return probes;
}

/** A fingerprint of every row of the other business (every table with a client_id). */
async function foreignFingerprint(tables: string[]): Promise<string> {
  const parts = tables.map(
    (t) => `select '${t}' as t, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as h
            from "${t}" x where client_id = $1`,
  );
  const { rows } = await server.deps.database.sql.query<{ t: string; h: string }>(parts.join(' union all '), [
    foreign.clientId,
  ]);
  return rows.map((r) => `${r.t}:${r.h}`).join('|');
}

async function tablesWithClientId(): Promise<{ all: string[]; withId: string[] }> {
  const { rows } = await server.deps.database.sql.query<{ table_name: string; columns: string[] }>(
    `select table_name, array_agg(column_name::text) as columns from information_schema.columns
     where table_schema = 'public' group by table_name`,
  );
  const all = rows.filter((r) => r.columns.includes('client_id')).map((r) => r.table_name);
  const withId = rows.filter((r) => r.columns.includes('client_id') && r.columns.includes('id'));
  return { all: all.sort(), withId: withId.map((r) => r.table_name).sort() };
}

/** The other business, filled through the API by its owner: an example body for every create operation. */
async function fillForeignBusiness() {
  const tokens = await signInFresh(server.app, foreign.owner.email);
  const account = await connectWhatsapp(server.app, tokens, graph.url);
  for (let i = 0; i < 2; i++) {
    const { ticketId } = await openWhatsappTicket(server.deps.db, {
      clientId: foreign.clientId,
      channelAccountId: account.id,
      name: `${FOREIGN_MARK} Pelanggan ${i}`,
    });
    await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages`,
      headers: bearer(tokens),
      payload: { text: `${FOREIGN_MARK} pesan`, clientMessageId: randomUUID(), internal: true },
    });
    // A ringing WhatsApp call in the chat (calls have no create route: they come from Meta's webhook).
    const roomId = randomUUID();
    await server.deps.db.insert(callRooms).values({
      clientId: foreign.clientId,
      id: roomId,
      ticketId,
      channelAccountId: account.id,
      roomType: 'WAC',
      code: 'QUE',
    });
    await server.deps.db.insert(callSessions).values({
      clientId: foreign.clientId,
      id: randomUUID(),
      roomId,
      channelAccountId: account.id,
      remoteId: `wacid.${FOREIGN_MARK}${i}`,
      callerId: `62812000000${i}`,
      direction: 'inbound',
      status: 'RIN',
      sdpOffer: `${FOREIGN_MARK} sdp`,
    });
  }
  for (const op of operations) {
    if (op.method !== 'POST' || op.isPublic || op.url.includes(':') || !op.body) continue;
    if (/logout|password|mfa|consent|bulk|export|broadcast|upload|play/.test(op.url)) continue;
    await server.app.inject({
      method: 'POST',
      url: op.url,
      headers: { ...bearer(tokens), 'content-type': 'application/json' },
      payload: JSON.stringify(example(op.body, FOREIGN_MARK)),
    });
  }
  // A bank account (its number has a pattern the generic example does not meet).
  await server.app.inject({
    method: 'POST',
    url: '/api/settings/bank-accounts',
    headers: bearer(tokens),
    payload: { bank: 'BCA', accountNo: '1234567890', accountHolder: `${FOREIGN_MARK} Pemilik` },
  });
}

async function freshTokensIfNeeded() {
  const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(ownTokens) });
  if (me.statusCode === 401) ownTokens = await signInFresh(server.app, own.owner.email);
}

/** Whether a success shows the other business's data: its words, or an id of its that the request did not carry. */
function showsForeignData(res: LightMyRequestResponse, probe: Probe): boolean {
  if (res.body.includes(FOREIGN_MARK)) return true;
  for (const id of allForeignIds) if (!probe.foreign.includes(id) && res.body.includes(id)) return true;
  return false;
}

/**
 * Registers the fuzz of every `files`-th operation, starting at `file`: one server, the two businesses, and
 * `PARTS` tests over the share.
 */
export function describeRouteFuzz(file: number, files: number) {
  beforeAll(async () => {
    server = await startTestServer({ work: false });
    graph = await startFakeGraph();
    own = await makeBusiness(server.deps.db, OWN_MARK);
    foreign = await makeBusiness(server.deps.db, FOREIGN_MARK);
    ownTokens = await signInFresh(server.app, own.owner.email);
    operations = await readOperations();
    await fillForeignBusiness();
    const { withId } = await tablesWithClientId();
    foreignIds = new Map();
    // Its members (users are not rows of a business table) and the business itself.
    foreignIds.set('users', foreign.userIds[foreign.agent.email]!);
    foreignIds.set('clients', foreign.clientId);
    allForeignIds = new Set([foreign.clientId, ...Object.values(foreign.userIds)]);
    for (const table of withId) {
      const { rows } = await server.deps.database.sql.query<{ id: string }>(
        `select id::text as id from "${table}" where client_id = $1 order by id limit 20`,
        [foreign.clientId],
      );
      if (rows[0]) foreignIds.set(table, rows[0].id);
      for (const r of rows) allForeignIds.add(r.id);
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await graph?.close();
  });

  describe(`route fuzz (file ${file + 1} of ${files})`, () => {
    const parts = Array.from({ length: PARTS }, (_, part) => part);
    it.each(parts)(
      'part %i: no 500 and nothing of another business on its share of the OpenAPI operations',
      async (part) => {
        expect(operations.length).toBeGreaterThan(150);
        // The other business really has rows of many kinds to aim at.
        expect(foreignIds.size).toBeGreaterThan(15);
        const { all } = await tablesWithClientId();
        const problems: string[] = [];
        let requests = 0;
        // Sign-out last: it ends the session the other calls use.
        const ordered = [...operations]
          .sort((a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'))
          .filter((_, index) => index % (files * PARTS) === file * PARTS + part);
        let before = await foreignFingerprint(all);
        for (const op of ordered) {
          await freshTokensIfNeeded();
          const probes = probesOf(op);
          for (let i = 0; i < probes.length; i += CONCURRENCY) {
            await Promise.all(
              probes.slice(i, i + CONCURRENCY).map(async (probe) => {
                const res = await server.app.inject({
                  method: op.method,
                  url: probe.url,
                  headers: {
                    ...(op.isPublic ? {} : bearer(ownTokens)),
                    ...(probe.payload === undefined ? {} : { 'content-type': 'application/json' }),
                  },
                  ...(probe.payload === undefined ? {} : { payload: probe.payload }),
                });
                requests++;
                const where = `${op.method} ${op.url} [${probe.label}]`;
                if (res.statusCode >= 500)
                  problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
                if (!op.isPublic && res.statusCode < 300 && showsForeignData(res, probe))
                  problems.push(`${where}: ${res.statusCode} shows another business's data`);
              }),
            );
          }
          const after = await foreignFingerprint(all);
          // A public operation (sign-in, the widget) may touch any business by design.
          if (after !== before && !op.isPublic)
            problems.push(`${op.method} ${op.url}: changed another business's data`);
          before = after;
        }
        expect(problems).toEqual([]);
        expect(requests).toBeGreaterThan(300);
      },
      240_000,
    );
  });
}

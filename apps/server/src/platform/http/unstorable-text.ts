import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Text PostgreSQL cannot store: NUL (U+0000) is refused in `text` and `jsonb`, and a lone UTF-16 surrogate
 * (half of an emoji, say) is not valid Unicode. Every request's body, query and path parameters are checked
 * before validation (`installUnstorableTextGuard`): such text is a 400 with the translated invalid-input
 * message, except on the endpoints whose contract says `unstorableText: 'replace'` (a customer's own words,
 * never lost), where each such character becomes U+FFFD.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `replace`: NUL and lone surrogates in the request become U+FFFD instead of a 400. */
    unstorableText?: 'replace';
  }
}

const REPLACEMENT_CHARACTER = '\uFFFD';

/** NUL, or a surrogate that is not half of a pair (the `u` flag reads a pair as one code point). */
const UNSTORABLE = /[\0\p{Cs}]/u;
const UNSTORABLE_ALL = /[\0\p{Cs}]/gu;

/** True when `s` has a NUL or a lone surrogate. */
export function isUnstorable(s: string): boolean {
  return UNSTORABLE.test(s);
}

/** `s` with every NUL and lone surrogate replaced by U+FFFD. */
export function storableText(s: string): string {
  return isUnstorable(s) ? s.replace(UNSTORABLE_ALL, REPLACEMENT_CHARACTER) : s;
}

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container =>
  typeof v === 'object' && v !== null && !Buffer.isBuffer(v) && !ArrayBuffer.isView(v);

/**
 * The dotted path of the first string (value or key) in `value` that cannot be stored, `_` for `value`
 * itself, or null. Walks with its own stack: a deeply nested body cannot overflow the call stack.
 */
export function findUnstorableText(value: unknown): string | null {
  if (typeof value === 'string') return isUnstorable(value) ? '_' : null;
  if (!isContainer(value)) return null;
  const stack: { node: Container; path: string }[] = [{ node: value, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    for (const key of Object.keys(node)) {
      const at = path ? `${path}.${key}` : key;
      if (isUnstorable(key)) return at;
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (isUnstorable(child)) return at;
      } else if (isContainer(child)) stack.push({ node: child, path: at });
    }
  }
  return null;
}

/** `value` with every string (value or key) made storable, in place where it is an object or array. */
export function replaceUnstorableText<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (!isContainer(value)) return value;
  const stack: Container[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()! as Record<string, unknown>;
    for (const key of Object.keys(node)) {
      const child = node[key];
      const fixed = typeof child === 'string' ? storableText(child) : child;
      const name = storableText(key);
      if (name !== key) delete node[key];
      if (name !== key || fixed !== child) node[name] = fixed;
      if (isContainer(fixed)) stack.push(fixed);
    }
  }
  return value;
}

const HEX4 = /^[0-9a-fA-F]{4}$/;
const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * JSON text whose `\u0000` escapes and lone-surrogate escapes (`\ud83d` without its low half) are replaced
 * by `\ufffd`, everything else byte for byte as it was: what a provider's webhook stores (as jsonb) after its
 * signature was checked over the raw bytes. A text without such escapes is returned as it is.
 */
export function storableJsonText(json: string): string {
  if (!/\\u(?:0000|[dD][89a-fA-F])/.test(json)) return json;
  let out = '';
  let from = 0;
  const unitAt = (i: number) => {
    if (json[i] !== '\\' || json[i + 1] !== 'u') return -1;
    const hex = json.slice(i + 2, i + 6);
    return HEX4.test(hex) ? Number.parseInt(hex, 16) : -1;
  };
  for (let i = json.indexOf('\\'); i !== -1 && i < json.length; i = json.indexOf('\\', i)) {
    const unit = unitAt(i);
    if (unit === -1) {
      i += 2; // any other escape (\\, \", \n …): its two characters
      continue;
    }
    if (isHigh(unit) && isLow(unitAt(i + 6))) {
      i += 12; // a well-formed pair
      continue;
    }
    if (unit === 0 || isHigh(unit) || isLow(unit)) {
      out += `${json.slice(from, i)}\\ufffd`;
      from = i + 6;
    }
    i += 6;
  }
  return out + json.slice(from);
}

function check(request: FastifyRequest, part: 'body' | 'query' | 'params', replace: boolean) {
  const value = request[part];
  if (replace) {
    request[part] = replaceUnstorableText(value);
    return;
  }
  const path = findUnstorableText(value);
  if (path !== null)
    throw new AppError(400, 'validation.invalid', { fields: { [path]: 'validation.invalid' } });
}

/**
 * Checks every request's body, query and path parameters for unstorable text before the route's schema
 * does (so every current and future route is covered): a 400, or U+FFFD where the route's contract asks.
 * A raw body (a webhook's bytes, an upload) is not text here: its route handles it.
 */
export function installUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const replace = request.routeOptions.config?.unstorableText === 'replace';
    check(request, 'params', false);
    check(request, 'query', replace);
    check(request, 'body', replace);
  });
}

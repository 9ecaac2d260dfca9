import {
  accountEndpoints,
  adminUserEndpoints,
  billingEndpoints,
  contactUploadEndpoints,
  livechatEndpoints,
  VERSION_HEADER,
} from '@sapa/contracts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The API client's contract (000 §7): one shared refresh for concurrent 401s, one retry, logout on a
 * failed refresh, never-throwing failures, and the version hard reload (000 §1). Runs in Node with
 * the few browser globals the client touches.
 */

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  clear() {
    this.data.clear();
  }
}

const reload = vi.fn();
const globals = globalThis as Record<string, unknown>;
globals.localStorage = new MemoryStorage();
globals.sessionStorage = new MemoryStorage();
globals.window = { addEventListener: () => undefined, location: { reload, assign: vi.fn() } };
globals.document = { documentElement: { lang: '' } };

type Client = typeof import('./client');
type SessionModule = typeof import('./session');
let client: Client;
let session: SessionModule;

beforeAll(async () => {
  client = await import('./client');
  session = await import('./session');
});

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const ME = { balance: 5, balanceBonus: 1 };

beforeEach(() => {
  vi.restoreAllMocks();
  reload.mockReset();
  (globals.localStorage as MemoryStorage).clear();
  (globals.sessionStorage as MemoryStorage).clear();
  session.setSession({ accessToken: 'old', refreshToken: 'r1', accessExpiresAt: 0, email: 'a@b.id' });
});

describe('call', () => {
  it('refreshes once for concurrent 401s and retries each request once', async () => {
    let refreshes = 0;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { accessToken: 'new', refreshToken: 'r2', accessExpiresAt: 1 });
      }
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer new'
        ? json(200, ME)
        : json(401, { statusCode: 401, error: 'Unauthorized', message: 'x' });
    });
    const results = await Promise.all([
      client.call(billingEndpoints.chatCreditBalance),
      client.call(billingEndpoints.chatCreditBalance),
      client.call(billingEndpoints.chatCreditBalance),
    ]);
    expect(refreshes).toBe(1);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(session.getSession()?.accessToken).toBe('new');
    expect(session.getSession()?.refreshToken).toBe('r2');
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it('ends the session once when the refresh fails', async () => {
    const expired = vi.fn();
    client.setSessionExpiredHandler(expired);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input) === '/api/auth/refresh'
        ? json(401, { statusCode: 401, error: 'Unauthorized', message: 'Your session has expired.' })
        : json(401, { statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.' }),
    );
    const [a, b] = await Promise.all([
      client.call(billingEndpoints.chatCreditBalance),
      client.call(accountEndpoints.me),
    ]);
    expect(a.ok).toBe(false);
    expect(b.ok).toBe(false);
    expect(session.getSession()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('resolves to the server error body, with its field problems', async () => {
    const body = {
      statusCode: 409,
      error: 'Conflict',
      message: 'taken',
      code: 'user.emailTaken',
      fields: { email: 'x' },
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(409, body));
    const result = await client.call(adminUserEndpoints.remove, { params: { id: '1' } });
    expect(result).toEqual({ ok: false, status: 409, error: body });
  });

  it('resolves a network failure to statusCode 500, error "error" and "Fail to send request"', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network'));
    const { i18n } = await import('../i18n');
    await i18n.changeLanguage('en');
    const result = await client.call(accountEndpoints.me);
    expect(result).toEqual({
      ok: false,
      status: 500,
      error: { statusCode: 500, error: 'error', message: 'Fail to send request' },
    });
  });

  it('sends the bearer token, Accept-Language and fills path parameters', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { ok: true }));
    await client.call(adminUserEndpoints.remove, { params: { id: 'a b' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/users/a%20b');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer old');
    expect(headers.get('Accept-Language')).toMatch(/^(id|en)$/);
  });

  it('uploads a file as the raw body with its own Content-Type and the name in the query', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json(200, { uploadId: 'u', url: '/x', width: 1, height: 1 }));
    const file = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    await client.upload(livechatEndpoints.uploadLogo, file, { query: { name: 'logo.png' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/livechat/logo?name=logo.png');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('image/png');
    expect(init?.body).toBe(file);
  });

  it('hard-reloads once when the server version changes', async () => {
    client.setLoadedVersion('1.0.0');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(200, ME, { [VERSION_HEADER]: '1.0.1' }),
    );
    await client.call(billingEndpoints.chatCreditBalance);
    await client.call(billingEndpoints.chatCreditBalance);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload while the version is unchanged', async () => {
    client.setLoadedVersion('2.0.0');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(200, ME, { [VERSION_HEADER]: '2.0.0' }),
    );
    await client.call(billingEndpoints.chatCreditBalance);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('endpointUrl', () => {
  it.each([
    [
      'a path without parameters',
      () => client.endpointUrl(contactUploadEndpoints.template),
      '/api/contact-uploads/template',
    ],
    [
      'a path parameter and a query',
      () =>
        client.endpointUrl(contactUploadEndpoints.failedRows, {
          params: { id: 'a b' },
          query: { lang: 'en' },
        }),
      '/api/contact-uploads/a%20b/failed-rows?lang=en',
    ],
    [
      'empty query values left out',
      () => client.endpointUrl(contactUploadEndpoints.failedRows, { params: { id: 'x' }, query: {} }),
      '/api/contact-uploads/x/failed-rows',
    ],
  ])('%s', (_name, url, expected) => {
    expect(url()).toBe(expected);
  });
});

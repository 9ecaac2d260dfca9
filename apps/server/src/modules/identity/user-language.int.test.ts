import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import { makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;

beforeAll(async () => {
  server = await startTestServer({ work: false });
  biz = await makeBusiness(server.deps.db, 'Bahasa');
});
afterAll(() => server.close());

const api = apiClient(() => server.app);

/** Issue 16 §9: the chosen language is kept on the user, so a new browser opens in it after sign-in. */
describe('the user language', () => {
  it('is null until chosen, kept on the user, and returned by me on every later sign-in', async () => {
    const agent = await signInFresh(server.app, biz.agent.email);
    expect((await api('GET', '/api/users/me', agent)).json().user.language).toBeNull();

    const saved = await api('PUT', '/api/users/me/language', agent, { language: 'en' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ language: 'en' });
    // The next `me` of this session (served from a cache) and of a new sign-in ("another browser") say so.
    expect((await api('GET', '/api/users/me', agent)).json().user.language).toBe('en');
    const elsewhere = await signInFresh(server.app, biz.agent.email);
    expect((await api('GET', '/api/users/me', elsewhere)).json().user.language).toBe('en');

    // It is the user's own: another user of the business keeps theirs.
    const owner = await signInFresh(server.app, biz.owner.email);
    expect((await api('GET', '/api/users/me', owner)).json().user.language).toBeNull();

    await api('PUT', '/api/users/me/language', elsewhere, { language: 'id' });
    expect((await api('GET', '/api/users/me', agent)).json().user.language).toBe('id');
  });

  it('refuses a language Sapa does not speak, in the caller language, and a caller not signed in', async () => {
    const agent = await signInFresh(server.app, biz.agent.email);
    const unknown = await api('PUT', '/api/users/me/language', agent, { language: 'fr' }, 'id');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ language: 'Permintaan tidak valid' });
    const anonymous = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/language',
      payload: { language: 'en' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

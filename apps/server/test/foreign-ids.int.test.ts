import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.js';
import { signInFresh } from './auth-helpers.js';
import { makeBusiness } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Ids in a body that name nothing of the caller's business (another business's, or unknown) are refused
 * with 400, the field and a translated message; nothing is stored (they used to be dropped silently).
 * Broadcast recipients are covered in broadcasts.image-approval-access.int.test.ts.
 */
let server: TestServer;
let owner: TokenPair;
let ours: { tag: string; group: string; csGroup: string; userId: string };
let theirs: { tag: string; group: string; csGroup: string; userId: string };
const api = apiClient(() => server.app);

async function setUp(tokens: TokenPair, userId: string) {
  const made = async (url: string, body: object) => {
    const res = await api('POST', url, tokens, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  return {
    tag: await made('/api/contact-tags', { name: `Tag ${randomUUID().slice(0, 6)}` }),
    group: await made('/api/contact-groups', {
      name: `Grup ${randomUUID().slice(0, 6)}`,
      description: 'Pelanggan',
    }),
    csGroup: await made('/api/cs/groups', { name: `Regu ${randomUUID().slice(0, 4)}` }),
    userId,
  };
}

beforeAll(async () => {
  server = await startTestServer({ work: false });
  const biz = await makeBusiness(server.deps.db, 'Milik');
  const other = await makeBusiness(server.deps.db, 'Asing');
  owner = await signInFresh(server.app, biz.owner.email);
  const otherOwner = await signInFresh(server.app, other.owner.email);
  ours = await setUp(owner, biz.userIds[biz.agent.email]!);
  theirs = await setUp(otherOwner, other.userIds[other.agent.email]!);
});
afterAll(() => server.close());

const EN = { tag: 'This tag no longer exists.', group: 'This group no longer exists.' };

describe('contacts: tags and groups of another business', () => {
  const cases = () =>
    [
      [
        'a tag of another business',
        { tagIds: [ours.tag, theirs.tag] },
        'tagIds',
        'contacts.tagNotFound',
        EN.tag,
      ],
      ['an unknown tag', { tagIds: [randomUUID()] }, 'tagIds', 'contacts.tagNotFound', EN.tag],
      [
        'a group of another business',
        { groupIds: [theirs.group] },
        'groupIds',
        'contacts.groupNotFound',
        EN.group,
      ],
      [
        'an unknown group',
        { groupIds: [ours.group, randomUUID()] },
        'groupIds',
        'contacts.groupNotFound',
        EN.group,
      ],
    ] as const;

  it('refuses them on create (nothing stored) and on save', async () => {
    const existing = await api('POST', '/api/contacts', owner, { name: 'Sari', tagIds: [ours.tag] });
    expect(existing.statusCode, existing.body).toBe(200);
    for (const [what, ids, field, code, message] of cases()) {
      const name = `Kontak ${randomUUID().slice(0, 6)}`;
      const created = await api('POST', '/api/contacts', owner, { name, ...ids });
      expect(created.statusCode, `${what}: ${created.body}`).toBe(400);
      expect(created.json()).toMatchObject({ code, message, fields: { [field]: message } });
      const listed = await api('GET', `/api/contacts?search=${encodeURIComponent(name)}`, owner);
      expect(listed.json().items, what).toEqual([]);

      const saved = await api('PUT', `/api/contacts/${existing.json().id}/profile`, owner, {
        name: 'Sari',
        ...ids,
      });
      expect(saved.statusCode, `${what}: ${saved.body}`).toBe(400);
      expect(saved.json()).toMatchObject({ code, fields: { [field]: message } });
    }
    const profile = await api('GET', `/api/contacts/${existing.json().id}/profile`, owner);
    expect(profile.json().tags.map((t: { id: string }) => t.id)).toEqual([ours.tag]);
  });

  it('takes its own tags and groups', async () => {
    const res = await api('POST', '/api/contacts', owner, {
      name: 'Joko',
      tagIds: [ours.tag],
      groupIds: [ours.group],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ tags: [{ id: ours.tag }], groups: [{ id: ours.group }] });
  });
});

describe('views: CS groups and users of another business', () => {
  const filters = (f: object) => ({ name: `Tampilan ${randomUUID().slice(0, 6)}`, filters: f });

  it('refuses them on create and update; takes its own', async () => {
    const own = await api(
      'POST',
      '/api/views',
      owner,
      filters({ groupIds: [ours.csGroup], assignee: ours.userId }),
    );
    expect(own.statusCode, own.body).toBe(200);
    for (const [what, f, field, code] of [
      [
        'a CS group of another business',
        { groupIds: [theirs.csGroup] },
        'filters.groupIds',
        'teams.groupInvalid',
      ],
      [
        'an unknown CS group',
        { groupIds: [ours.csGroup, randomUUID()] },
        'filters.groupIds',
        'teams.groupInvalid',
      ],
      [
        'a user of another business',
        { assignee: theirs.userId },
        'filters.assignee',
        'inbox.assigneeInvalid',
      ],
      ['an unknown user', { assignee: randomUUID() }, 'filters.assignee', 'inbox.assigneeInvalid'],
    ] as const) {
      for (const [method, url] of [
        ['POST', '/api/views'],
        ['PUT', `/api/views/${own.json().id}`],
      ] as const) {
        const res = await api(method, url, owner, filters(f));
        expect(res.statusCode, `${what} ${method}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code, fields: { [field]: expect.any(String) } });
      }
    }
    const views = (await api('GET', '/api/views', owner)).json().items;
    expect(views).toHaveLength(1);
    expect(views[0].filters).toMatchObject({ groupIds: [ours.csGroup], assignee: ours.userId });
  });
});

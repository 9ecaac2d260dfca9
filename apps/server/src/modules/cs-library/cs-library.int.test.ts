import { randomUUID } from 'node:crypto';
import type { LibraryKind, TokenPair } from '@sapa/contracts';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.js';
import { signInFresh } from '../../../test/auth-helpers.js';
import type { makeBusiness } from '../../../test/fixtures.js';
import { type TestServer, waitFor } from '../../../test/harness.js';
import { openWhatsappTicket } from '../../../test/ticket-fixtures.js';
import { customerWritesIn, startSimulatedBusiness } from '../../../test/whatsapp-simulator.js';
import { defineJobs } from '../../app.js';
import { authContextOf } from '../../platform/auth/route-access.js';
import { messages } from '../conversations/index.js';
import { applyMacro } from './macros.service.js';

/** Quick replies, remarks, chat tags (001 §3, §8) and macros (000 §2, §3, §7 GET csplatform/macros). */
let server: TestServer;
let sim: WhatsappCloudSimulator;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let admin: TokenPair;
let agent: TokenPair;
let contactOnly: TokenPair;
let otherOwner: TokenPair;
let accountId: string;
const number = {
  phoneNumberId: '106540352247701',
  wabaId: '102290129347701',
  displayPhoneNumber: '6281100007701',
  accessToken: 'sim-access-token-macro',
  appSecret: 'sim-app-secret-macro',
};

beforeAll(async () => {
  ({ server, sim, biz, owner, contactOnly, otherOwner, accountId } = await startSimulatedBusiness(
    'Makro',
    'Makro Lain',
    number,
  ));
  admin = await signInFresh(server.app, biz.admin.email);
  agent = await signInFresh(server.app, biz.agent.email);
});
afterAll(async () => {
  await sim?.close();
  await server?.close();
});

const api = apiClient(() => server.app);

let customers = 0;
/** A customer writes in: an open WhatsApp chat inside its 24-hour window. */
const openChat = (name = 'Rina') =>
  customerWritesIn(
    { server, sim, clientId: biz.clientId, phoneNumberId: number.phoneNumberId },
    { waId: `62813770${String(++customers).padStart(4, '0')}`, name, text: 'Halo, pesanan saya di mana?' },
  );

const kinds: { kind: LibraryKind; body: (title: string) => Record<string, string> }[] = [
  { kind: 'quick-replies', body: (title) => ({ title, content: `Halo {{name}}, ${title}` }) },
  { kind: 'remarks', body: (title) => ({ title, content: `Catatan ${title}` }) },
  { kind: 'chat-tags', body: (title) => ({ title }) },
];

describe.each(kinds)('library: $kind', ({ kind, body }) => {
  it('is created by an admin, listed and searched by agents, edited and deleted', async () => {
    const created = await api('POST', `/api/${kind}`, admin, body('  Salam Pembuka  '));
    expect(created.statusCode, created.body).toBe(200);
    const entry = created.json();
    expect(entry).toMatchObject({ title: 'Salam Pembuka' });
    if (kind === 'chat-tags') expect(entry.content).toBeNull();
    else expect(entry.content).toContain('Salam Pembuka');

    const list = await api('GET', `/api/${kind}`, agent);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((e: { id: string }) => e.id)).toContain(entry.id);
    const searched = await api('GET', `/api/${kind}?search=pembuka`, agent);
    expect(searched.json().items.map((e: { title: string }) => e.title)).toEqual(['Salam Pembuka']);
    const none = await api('GET', `/api/${kind}?search=tidak-ada`, agent);
    expect(none.json().items).toEqual([]);

    const updated = await api('PUT', `/api/${kind}/${entry.id}`, owner, body('Salam Akhir'));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: entry.id, title: 'Salam Akhir' });
    // Keeping its own title (in another case) is not a duplicate.
    expect((await api('PUT', `/api/${kind}/${entry.id}`, owner, body('SALAM AKHIR'))).statusCode).toBe(200);

    const removed = await api('DELETE', `/api/${kind}/${entry.id}`, owner);
    expect(removed.json()).toEqual({ ok: true });
    const after = await api('GET', `/api/${kind}`, agent);
    expect(after.json().items.map((e: { id: string }) => e.id)).not.toContain(entry.id);
    expect((await api('DELETE', `/api/${kind}/${entry.id}`, owner)).statusCode).toBe(404);
  });

  it('refuses a duplicate title in any case with "Duplicate titles" (409, id and en)', async () => {
    const first = await api('POST', `/api/${kind}`, owner, body('Ongkir'));
    expect(first.statusCode).toBe(200);
    const en = await api('POST', `/api/${kind}`, owner, body('ONGKIR'));
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({
      code: 'library.titleTaken',
      message: 'Duplicate titles: another entry already has this title.',
      fields: { title: 'Duplicate titles: another entry already has this title.' },
    });
    const id = await api('POST', `/api/${kind}`, owner, body(' ongkir '), 'id');
    expect(id.json().message).toBe('Judul duplikat: entri lain sudah memakai judul ini.');
    const second = await api('POST', `/api/${kind}`, owner, body('Retur'));
    const renamed = await api('PUT', `/api/${kind}/${second.json().id}`, owner, body('Ongkir'));
    expect(renamed.statusCode).toBe(409);
    // Another business may use the same title.
    expect((await api('POST', `/api/${kind}`, otherOwner, body('Ongkir'))).statusCode).toBe(200);
  });

  it('refuses an empty or too long title (400), agents managing (403), another business (404)', async () => {
    const empty = await api('POST', `/api/${kind}`, owner, body('   '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('This field is required');
    const long = await api('POST', `/api/${kind}`, owner, body('x'.repeat(51)));
    expect(long.json()).toMatchObject({ statusCode: 400, message: 'Max 50 Characters' });

    const mine = (await api('POST', `/api/${kind}`, owner, body('Milik Makro'))).json();
    for (const res of [
      await api('POST', `/api/${kind}`, agent, body('Agen')),
      await api('PUT', `/api/${kind}/${mine.id}`, agent, body('Agen')),
      await api('DELETE', `/api/${kind}/${mine.id}`, agent),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You have no permission to access this menu.');
    }
    expect((await api('GET', `/api/${kind}`, contactOnly)).statusCode).toBe(403);

    expect((await api('PUT', `/api/${kind}/${mine.id}`, otherOwner, body('Diretas'))).statusCode).toBe(404);
    expect((await api('DELETE', `/api/${kind}/${mine.id}`, otherOwner)).statusCode).toBe(404);
    const theirs = await api('GET', `/api/${kind}`, otherOwner);
    expect(theirs.json().items.map((e: { id: string }) => e.id)).not.toContain(mine.id);
    const still = await api('GET', `/api/${kind}?search=Milik`, owner);
    expect(still.json().items).toHaveLength(1);
  });
});

const fullMacro = {
  title: 'Selesai kirim',
  description: 'Balas, tandai, selesaikan',
  // Written in another order than they run: the resolve comes last whatever its place.
  actions: [
    { type: 'status', status: 'resolved' },
    { type: 'message', visibility: 'public', text: 'Terima kasih {{name}}, tiket {{ticket}} kami tutup.' },
    { type: 'addTags', tags: ['selesai', 'vip'] },
    { type: 'removeTags', tags: ['Baru'] },
    { type: 'priority', priority: 1 },
    { type: 'message', visibility: 'internal', text: 'Ditutup oleh {{agent}}' },
  ],
};

describe('macros', () => {
  it('are created, searched page by page, read, edited and deleted by admins; agents only read', async () => {
    const created = await api('POST', '/api/macros', admin, fullMacro);
    expect(created.statusCode, created.body).toBe(200);
    const macro = created.json();
    expect(macro).toMatchObject({ title: 'Selesai kirim', description: 'Balas, tandai, selesaikan' });
    expect(macro.actions).toHaveLength(6);
    for (const title of ['Alpha makro', 'Beta makro', 'Gamma makro'])
      expect((await api('POST', '/api/macros', owner, { ...fullMacro, title })).statusCode).toBe(200);

    const page = await api('GET', '/api/macros?search=makro&pageNumber=2&pageSize=2', agent);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ pageNumber: 2, pageSize: 2, totalRecord: 3, totalPages: 2 });
    expect(page.json().contents.map((m: { title: string }) => m.title)).toEqual(['Gamma makro']);
    const detail = await api('GET', `/api/macros/${macro.id}`, agent);
    expect(detail.json()).toEqual(macro);

    const edited = await api('PUT', `/api/macros/${macro.id}`, owner, {
      title: 'Selesai kirim',
      description: '',
      actions: [{ type: 'priority', priority: 2 }],
    });
    expect(edited.json()).toMatchObject({ description: null, actions: [{ type: 'priority', priority: 2 }] });
    expect((await api('POST', '/api/macros', agent, fullMacro)).statusCode).toBe(403);
    expect((await api('PUT', `/api/macros/${macro.id}`, agent, fullMacro)).statusCode).toBe(403);
    expect((await api('DELETE', `/api/macros/${macro.id}`, agent)).statusCode).toBe(403);
    expect((await api('GET', `/api/macros/${macro.id}`, otherOwner)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/macros/${macro.id}`, owner)).json()).toEqual({ ok: true });
    expect((await api('GET', `/api/macros/${macro.id}`, owner)).statusCode).toBe(404);
  });

  it('refuses a duplicate title (409), no actions, a bad action or a priority set twice (400)', async () => {
    expect((await api('POST', '/api/macros', owner, { ...fullMacro, title: 'Unik' })).statusCode).toBe(200);
    const dup = await api('POST', '/api/macros', owner, { ...fullMacro, title: 'UNIK' });
    expect(dup.json()).toMatchObject({ statusCode: 409, code: 'library.titleTaken' });
    const noActions = await api('POST', '/api/macros', owner, { title: 'Kosong', actions: [] });
    expect(noActions.json()).toMatchObject({ statusCode: 400, message: 'Add at least one action' });
    const bad = await api('POST', '/api/macros', owner, {
      title: 'Buruk',
      actions: [{ type: 'status', status: 'assigned' }],
    });
    expect(bad.statusCode).toBe(400);
    const twice = await api('POST', '/api/macros', owner, {
      title: 'Dua kali',
      actions: [
        { type: 'priority', priority: 1 },
        { type: 'priority', priority: 2 },
      ],
    });
    expect(twice.json()).toMatchObject({
      statusCode: 400,
      message: 'Priority and status can each be set once per macro',
    });
  });

  it('applied in a chat: priority and tags set, the reply sent through the outbound job, then resolved', async () => {
    const macro = (await api('POST', '/api/macros', owner, { ...fullMacro, title: 'Terapkan' })).json();
    const { waId, ticketId } = await openChat('Rina');
    expect(
      (await api('PATCH', `/api/tickets/${ticketId}`, agent, { tags: ['Baru', 'lama'] })).statusCode,
    ).toBe(200);
    const applicationId = randomUUID();
    const res = await api('POST', `/api/tickets/${ticketId}/macros/${macro.id}/apply`, agent, {
      applicationId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const applied = res.json();
    expect(applied.results.map((r: { type: string; ok: boolean }) => [r.type, r.ok])).toEqual([
      ['priority', true],
      ['removeTags', true],
      ['addTags', true],
      ['message', true],
      ['message', true],
      ['status', true],
    ]);
    expect(applied.ticket).toMatchObject({
      status: 'resolved',
      priority: 1,
      tags: ['lama', 'selesai', 'vip'],
    });

    const displayId = applied.ticket.displayId as string;
    const sent = await waitFor(async () => {
      const out = sim.conversation(number.phoneNumberId, waId);
      return out.length > 0 ? out : false;
    });
    expect(sent.map((m) => m.text)).toEqual([`Terima kasih Rina, tiket ${displayId} kami tutup.`]);
    const rows = await server.deps.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.clientId, biz.clientId),
          eq(messages.ticketId, ticketId),
          eq(messages.direction, 'out'),
        ),
      );
    expect(rows.map((m) => [m.visibility, m.text]).sort()).toEqual([
      ['internal', 'Ditutup oleh Agent'],
      ['public', `Terima kasih Rina, tiket ${displayId} kami tutup.`],
    ]);
    await waitFor(async () => {
      const [m] = await server.deps.db
        .select({ status: messages.status })
        .from(messages)
        .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, applied.results[3].messageId)));
      return m?.status === 'delivered' || m?.status === 'read';
    });

    // The same application again sends nothing twice.
    const again = await api('POST', `/api/tickets/${ticketId}/macros/${macro.id}/apply`, agent, {
      applicationId,
    });
    expect(again.json().results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect(again.json().results[3].messageId).toBe(applied.results[3].messageId);
    const count = await server.deps.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.clientId, biz.clientId),
          eq(messages.ticketId, ticketId),
          eq(messages.direction, 'out'),
        ),
      );
    expect(count).toHaveLength(2);
  });

  it('reports a failed action and still runs the rest (a reply outside the 24-hour window)', async () => {
    const macro = (await api('POST', '/api/macros', owner, { ...fullMacro, title: 'Kedaluwarsa' })).json();
    const { ticketId } = await openWhatsappTicket(server.deps.db, {
      clientId: biz.clientId,
      channelAccountId: accountId,
    });
    const res = await api('POST', `/api/tickets/${ticketId}/macros/${macro.id}/apply`, agent, {
      applicationId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const failed = res.json().results.filter((r: { ok: boolean }) => !r.ok);
    expect(failed).toEqual([
      {
        type: 'message',
        ok: false,
        messageId: null,
        error: { code: 'inbox.expiredWhatsapp', message: expect.any(String) },
      },
    ]);
    expect(res.json().ticket).toMatchObject({ status: 'resolved', priority: 1 });
  });

  it('is refused to users without inbox update (403) and across businesses (404)', async () => {
    const macro = (await api('POST', '/api/macros', owner, { ...fullMacro, title: 'Terlarang' })).json();
    const theirMacro = (
      await api('POST', '/api/macros', otherOwner, { ...fullMacro, title: 'Milik lain' })
    ).json();
    const { ticketId } = await openWhatsappTicket(server.deps.db, {
      clientId: biz.clientId,
      channelAccountId: accountId,
    });
    const body = { applicationId: randomUUID() };
    expect(
      (await api('POST', `/api/tickets/${ticketId}/macros/${macro.id}/apply`, contactOnly, body)).statusCode,
    ).toBe(403);
    expect(
      (await api('POST', `/api/tickets/${ticketId}/macros/${macro.id}/apply`, otherOwner, body)).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `/api/tickets/${ticketId}/macros/${theirMacro.id}/apply`, agent, body)).statusCode,
    ).toBe(404);
    const ticket = await api('GET', `/api/tickets/${ticketId}`, owner);
    expect(ticket.json()).toMatchObject({ status: 'unassigned', priority: 3 });
  });

  it('applyMacro is callable by other modules (bulk actions) with the same result', async () => {
    const macro = (
      await api('POST', '/api/macros', owner, {
        title: 'Untuk massal',
        actions: [
          { type: 'addTags', tags: ['massal'] },
          { type: 'priority', priority: 2 },
        ],
      })
    ).json();
    const { ticketId } = await openWhatsappTicket(server.deps.db, {
      clientId: biz.clientId,
      channelAccountId: accountId,
    });
    const auth = authContextOf(await server.deps.tokens.verifyAccess(agent.accessToken));
    const applied = await applyMacro(
      { server: server.deps, jobs: defineJobs(server.deps) },
      auth,
      ticketId,
      macro.id,
    );
    expect(applied.results.map((r) => [r.type, r.ok])).toEqual([
      ['priority', true],
      ['addTags', true],
    ]);
    expect(applied.ticket).toMatchObject({ tags: ['massal'], priority: 2 });
    await expect(
      applyMacro({ server: server.deps, jobs: defineJobs(server.deps) }, auth, randomUUID(), macro.id),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

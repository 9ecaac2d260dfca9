import { writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type ExportHistoryItem, HIDE_PHONE_BIT, TICKET_LIST_COLUMN_KEYS } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/harness.js';
import {
  api,
  biz,
  broken,
  brokenOwner,
  contactOnly,
  cs2,
  DAY,
  dataDir,
  download,
  finished,
  grid,
  historyAgent,
  other,
  otherOwner,
  owner,
  ownerId,
  request,
  server,
  ticketList,
  useExportsServer,
} from '../../../test/servers/exports.js';
import { csConfigurations } from '../teams/index.js';
import { createExportLinkSigner } from './exports.links.js';

/**
 * Downloads (000 §2 chat list download, §3 export history request, §7 export-history, §8, §9 31 days), on
 * the seeded chats of test/servers/exports.ts.
 */
useExportsServer();

describe('export history requests', () => {
  it('exports the day’s chats as xlsx, one row per chat in list order, read back with every column', async () => {
    const item = await request(ticketList({ columns: [...TICKET_LIST_COLUMN_KEYS] }));
    expect(item).toMatchObject({
      requestStartDate: DAY,
      requestEndDate: DAY,
      type: 'chats',
      roomType: 'ticketList',
      format: 'xlsx',
      fileName: `chat-data_${DAY}_${DAY}.xlsx`,
      requestedBy: { id: ownerId, name: 'Owner' },
    });
    const done = await finished(item.id);
    expect(done).toMatchObject({ status: 'done', rowCount: 3, error: null });
    expect(done.size).toBeGreaterThan(0);
    const { bytes, headers } = await download(item.id);
    expect(headers['content-type']).toContain('spreadsheetml');
    expect(bytes.length).toBe(done.size);
    const rows = grid(bytes);
    expect(rows[0]).toEqual([
      'Ticket ID',
      'Group',
      'Created at',
      'Customer',
      'Phone / username',
      'CS agent',
      'Closed at',
      'Remarks',
      'Subject',
      'Channel',
      'Closed by',
      'Resolve note',
      'Rating',
      'Rating comment',
      'Survey remarks',
      'CS tags',
      'Priority',
      'Tags',
      'Created by',
      'Status',
    ]);
    expect(rows).toHaveLength(4);
    // Newest created first, as the list shows it; dates in Jakarta time.
    expect(rows.slice(1).map((r) => r[3])).toEqual([
      'Budi "Bud" Hartono',
      'Budi "Bud" Hartono',
      'Ani Lestari',
    ]);
    const ani = rows[3]!;
    expect(ani[0]).toMatch(/^T-\d{6}$/);
    expect((ani[2] as Date).toISOString()).toBe('2026-05-10T08:00:00.000Z');
    expect(ani.slice(3, 6)).toEqual(['Ani Lestari', '628111220001', 'Owner']);
    expect((ani[6] as Date).toISOString()).toBe('2026-05-10T10:00:00.000Z');
    expect(ani.slice(7)).toEqual([
      'Refund, pesanan #77',
      null,
      'WhatsApp',
      'Owner',
      'Dana dikembalikan ke rekening',
      null,
      null,
      null,
      null,
      'Normal',
      'vip, refund',
      'Customer',
      'Resolved',
    ]);
    // An open WhatsApp chat past its 24-hour window shows as expired (000 §4), as in the list.
    expect(rows[1]![19]).toBe('Expired');
  });

  it('exports messages as csv in Indonesian: one row per message, the chat’s columns repeated', async () => {
    const item = await request(
      ticketList({ type: 'messages', format: 'csv', columns: ['id', 'customer', 'status'] }),
      owner,
      'id',
    );
    expect(item.fileName).toBe(`chat-messages_${DAY}_${DAY}.csv`);
    const done = await finished(item.id);
    expect(done).toMatchObject({ status: 'done', rowCount: 5 });
    const { bytes, headers } = await download(item.id);
    expect(headers['content-type']).toContain('text/csv');
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = bytes.toString('utf8');
    // A customer's formula-looking text is written as text.
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    const rows = grid(bytes, 'string').map((r) => r.map((c) => (c === null ? '' : String(c))));
    expect(rows[0]).toEqual([
      'ID Tiket',
      'Pelanggan',
      'Nomor / nama pengguna',
      'Status',
      'Waktu pesan',
      'Pengirim',
      'Jenis pesan',
      'Pesan',
      'Catatan internal',
    ]);
    const ani = rows.filter((r) => r[1] === 'Ani Lestari');
    expect(ani.map((r) => [r[3], r[4], r[5], r[7], r[8]])).toEqual([
      ['Selesai', '2026-05-10 08:00:00', 'Ani Lestari', 'Halo, barang saya rusak', ''],
      ['Selesai', '2026-05-10 08:01:00', 'Owner', 'Maaf, kami bantu refund', ''],
      ['Selesai', '2026-05-10 08:02:00', 'Owner', 'cek stok dulu', 'Ya'],
    ]);
    expect(rows).toHaveLength(6);
  });

  it('exports chat history as the viewer sees it: a Customer Service 2 only their chats, phones masked', async () => {
    await server.deps.db
      .insert(csConfigurations)
      .values({ clientId: biz.clientId, featureCs: HIDE_PHONE_BIT, featureManager: 0 })
      .onConflictDoUpdate({ target: csConfigurations.clientId, set: { featureCs: HIDE_PHONE_BIT } });
    const item = await request(
      { roomType: 'chatHistory', type: 'chats', format: 'xlsx', filter: { dateFrom: DAY, dateTo: DAY } },
      cs2,
    );
    const done = await finished(item.id, cs2);
    expect(done.rowCount).toBe(1);
    const rows = grid((await download(item.id, cs2)).bytes);
    expect(rows[0]).toEqual([
      'Customer',
      'Phone / username',
      'Channel',
      'CS agent',
      'Closed by',
      'Resolve note',
      'Rating',
      'Rating comment',
      'Survey remarks',
      'CS tags',
      'Closed at',
      'Remarks',
      'Ticket ID',
      'Tags',
    ]);
    expect(rows[1]!.slice(0, 2)).toEqual(['Budi "Bud" Hartono', '•••••••••002']);
    // The agent's history lists their own downloads only; the owner sees the whole business's.
    const mine = (await api('GET', '/api/export-history/list', cs2)).json().items as ExportHistoryItem[];
    expect(mine.map((i) => i.id)).toEqual([item.id]);
    const all = (await api('GET', '/api/export-history/list', owner)).json().items as ExportHistoryItem[];
    expect(all.map((i) => i.id)).toContain(item.id);
    expect(all[0]!.id).toBe(item.id); // newest first
    // Someone else's download is not the agent's to sign.
    const ownersExport = all.find((i) => i.requestedBy.id === ownerId)!;
    expect(
      (await api('GET', `/api/export-history/report/signed?id=${ownersExport.id}`, cs2)).statusCode,
    ).toBe(404);
  });

  it('pages the history newest first with a cursor', async () => {
    const first = await api('GET', '/api/export-history/list?limit=1', owner);
    const page1 = first.json() as { items: ExportHistoryItem[]; nextCursor: string | null };
    expect(page1.items).toHaveLength(1);
    expect(page1.nextCursor).not.toBeNull();
    const second = await api(
      'GET',
      `/api/export-history/list?limit=1&cursor=${encodeURIComponent(page1.nextCursor!)}`,
      owner,
    );
    const page2 = second.json() as { items: ExportHistoryItem[] };
    expect(page2.items[0]!.createdAt).toBeLessThanOrEqual(page1.items[0]!.createdAt);
    expect(page2.items[0]!.id).not.toBe(page1.items[0]!.id);
    expect((await api('GET', '/api/export-history/list?cursor=nonsense', owner)).statusCode).toBe(400);
  });
});

describe('rules and refusals', () => {
  it('refuses a range over 31 days with the spec’s message, in English and Indonesian', async () => {
    const body = ticketList({ filter: { createdFrom: '2026-04-01', createdTo: '2026-05-02' } });
    const en = await api('POST', '/api/export-history/request', owner, body, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      message: 'Chat history download range is at most 31 days',
      fields: { filter: 'Chat history download range is at most 31 days' },
    });
    const id = await api('POST', '/api/export-history/request', owner, body, 'id');
    expect(id.statusCode).toBe(400);
    expect(id.json().message).toBe('Rentang unduhan riwayat chat maksimal 31 hari');
    const open = await api('POST', '/api/export-history/request', owner, ticketList({ filter: {} }));
    expect(open.statusCode).toBe(400);
    expect(open.json().message).toBe('Choose the start and end date of the chats to download.');
    const ok = await api(
      'POST',
      '/api/export-history/request',
      owner,
      ticketList({ filter: { createdFrom: '2026-04-10', createdTo: '2026-05-10' } }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('needs chat history READ; the ticket list’s filter also needs ADVANCE_SEARCH', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/export-history/request', ticketList()],
      ['GET', '/api/export-history/list', undefined],
      ['GET', `/api/export-history/report/signed?id=${uuidv7()}`, undefined],
    ] as const) {
      const res = await api(method, url, contactOnly, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('You have no permission to access this menu.');
    }
    const noAdvance = await api('POST', '/api/export-history/request', historyAgent, ticketList());
    expect(noAdvance.statusCode).toBe(403);
    const history = await api('POST', '/api/export-history/request', historyAgent, {
      roomType: 'chatHistory',
      type: 'chats',
      filter: { dateFrom: DAY, dateTo: DAY },
    });
    expect(history.statusCode, history.body).toBe(200);
    const unsigned = await server.app.inject({ method: 'GET', url: '/api/export-history/list' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('answers 409 for a link to an export still in progress, 404 for an unknown one', async () => {
    const item = await request(ticketList());
    const early = await api('GET', `/api/export-history/report/signed?id=${item.id}`, owner);
    // The job may already have finished on a fast machine; otherwise the file is not ready yet.
    if (early.statusCode !== 200) {
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('The file is not ready yet.');
    }
    await finished(item.id);
    expect((await api('GET', `/api/export-history/report/signed?id=${uuidv7()}`, owner)).statusCode).toBe(
      404,
    );
  });
});

describe('signed links', () => {
  let item: ExportHistoryItem;
  let url: URL;
  beforeAll(async () => {
    item = await request(ticketList({ format: 'csv' }));
    await finished(item.id);
    const res = await api('GET', `/api/export-history/report/signed?id=${item.id}`, owner);
    url = new URL(res.json().url, 'http://sapa.test');
  });
  const fetchWith = (change: (q: URLSearchParams) => void) => {
    const q = new URLSearchParams(url.search);
    change(q);
    return server.app.inject({
      method: 'GET',
      url: `${url.pathname}?${q}`,
      headers: { 'accept-language': 'en' },
    });
  };

  it('refuses a changed signature, a changed expiry, another export and another business', async () => {
    expect((await fetchWith(() => {})).statusCode).toBe(200);
    const cases: [string, (q: URLSearchParams) => void][] = [
      // The first character carries six whole bits of the MAC (the last one has unused bits, so replacing it
      // can decode to the same bytes).
      ['signature', (q) => q.set('s', `${q.get('s')!.startsWith('A') ? 'B' : 'A'}${q.get('s')!.slice(1)}`)],
      ['expiry pushed later', (q) => q.set('e', String(Number(q.get('e')) + 3600))],
      ['another export', (q) => q.set('id', uuidv7())],
      ['another business', (q) => q.set('c', other.clientId)],
      ['no signature', (q) => q.delete('s')],
    ];
    for (const [name, change] of cases) {
      const res = await fetchWith(change);
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      if (name !== 'no signature') {
        expect(res.statusCode, name).toBe(403);
        expect(res.json().message).toBe('This download link is invalid or has expired.');
      }
    }
  });

  it('refuses an expired link', async () => {
    const signer = createExportLinkSigner(server.deps.config.jwtSecret);
    const old = signer.sign({ clientId: biz.clientId, id: item.id }, new Date(Date.now() - 3600_000));
    const res = await server.app.inject({ method: 'GET', url: old.url });
    expect(res.statusCode).toBe(403);
    const fresh = signer.sign({ clientId: biz.clientId, id: item.id });
    expect((await server.app.inject({ method: 'GET', url: fresh.url })).statusCode).toBe(200);
    // A key other than the server's own signs nothing.
    const forged = createExportLinkSigner('x'.repeat(40)).sign({ clientId: biz.clientId, id: item.id });
    expect((await server.app.inject({ method: 'GET', url: forged.url })).statusCode).toBe(403);
  });
});

describe('tenant isolation', () => {
  it('another business neither lists, signs nor downloads this business’s exports, nor exports its chats', async () => {
    const mine = (await api('GET', '/api/export-history/list', owner)).json().items as ExportHistoryItem[];
    const done = mine.find((i) => i.status === 'done')!;
    const theirs = await api('GET', '/api/export-history/list', otherOwner);
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json().items as ExportHistoryItem[]).map((i) => i.id)).not.toContain(done.id);
    const sign = await api('GET', `/api/export-history/report/signed?id=${done.id}`, otherOwner);
    expect(sign.statusCode).toBe(404);
    // Their own export of the same day holds their chat only.
    const item = await request(ticketList({ format: 'csv' }), otherOwner);
    await finished(item.id, otherOwner);
    const rows = grid((await download(item.id, otherOwner)).bytes, 'string');
    // Without chosen columns: the list's default visible ones (000 §3: no subject, priority, submitter).
    expect(rows[0]).toEqual([
      'Ticket ID',
      'Group',
      'Created at',
      'Customer',
      'Phone / username',
      'CS agent',
      'Closed at',
      'Remarks',
      'Channel',
      'Closed by',
      'Resolve note',
      'Rating',
      'Rating comment',
      'Survey remarks',
      'CS tags',
      'Tags',
      'Status',
    ]);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['Rahasia Lain']);
    // Their signed link names their business: swapping in this business's id is refused.
    const link = (await api('GET', `/api/export-history/report/signed?id=${item.id}`, otherOwner)).json();
    const swapped = new URL(link.url, 'http://sapa.test');
    swapped.searchParams.set('c', biz.clientId);
    swapped.searchParams.set('id', done.id);
    expect(
      (await server.app.inject({ method: 'GET', url: `${swapped.pathname}${swapped.search}` })).statusCode,
    ).toBe(403);
  });
});

describe('failures', () => {
  it('marks an export failed with the spec’s message when its file cannot be written', {
    timeout: 60_000,
  }, async () => {
    // The business's export folder is a file: every attempt fails to write.
    await mkdir(join(dataDir, 'exports'), { recursive: true });
    writeFileSync(join(dataDir, 'exports', broken.clientId), 'not a folder');
    const item = await request(ticketList({ type: 'messages' }), brokenOwner);
    const failed = await finished(item.id, brokenOwner, 120_000);
    expect(failed).toMatchObject({ status: 'failed', error: 'Failed to export all chat history' });
    const other = await request(ticketList(), brokenOwner, 'id');
    const failedToo = await waitFor(async () => {
      const res = await api('GET', '/api/export-history/list', brokenOwner, undefined, 'id');
      const found = (res.json().items as ExportHistoryItem[]).find((i) => i.id === other.id);
      return found && found.status !== 'inProgress' ? found : false;
    }, 180_000);
    expect(failedToo).toMatchObject({ status: 'failed', error: 'Gagal mengekspor riwayat chat' });
    expect(
      (await api('GET', `/api/export-history/report/signed?id=${item.id}`, brokenOwner)).statusCode,
    ).toBe(409);
  });
});

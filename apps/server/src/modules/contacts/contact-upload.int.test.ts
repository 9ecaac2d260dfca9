import * as XLSX from '@e965/xlsx';
import { CONTACT_UPLOAD_COLUMNS, featureStringFrom, type TokenPair } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';

/** Bulk upload of contacts (001 §3 upload history, §4 contact upload, §5, §8 contacts and upload). */
let server: TestServer;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
let other: Awaited<ReturnType<typeof makeBusiness>>;
let owner: TokenPair;
let noContact: TokenPair;
let otherOwner: TokenPair;

beforeAll(async () => {
  server = await startTestServer();
  biz = await makeBusiness(server.deps.db, 'Unggah', [
    { featureAccess: featureStringFrom(['CUSTOMER_SERVICE_INBOX']), csPosition: 'CS2' },
  ]);
  other = await makeBusiness(server.deps.db, 'Unggah Lain');
  owner = await signInFresh(server.app, biz.owner.email);
  noContact = await signInFresh(server.app, biz.members[3]!.email);
  otherOwner = await signInFresh(server.app, other.owner.email);
}, 180_000);
afterAll(() => server?.close());

function book(rows: unknown[][], type: 'xlsx' | 'xls' | 'csv' = 'xlsx'): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Kontak');
  return XLSX.write(workbook, { type: 'buffer', bookType: type === 'xls' ? 'biff8' : type }) as Buffer;
}

function upload(bytes: Buffer, name: string, tokens = owner, lang = 'en') {
  return server.app.inject({
    method: 'POST',
    url: `/api/contact-uploads?name=${encodeURIComponent(name)}`,
    headers: { ...bearer(tokens), 'content-type': 'application/octet-stream', 'accept-language': lang },
    payload: bytes,
  });
}

async function finished(id: string, tokens = owner) {
  return waitFor(async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/contact-uploads/${id}`,
      headers: bearer(tokens),
    });
    const body = res.json();
    return body.status !== 'processing' ? body : false;
  }, 180_000);
}

function readBook(bytes: Buffer): string[][] {
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[workbook.SheetNames[0]!]!, {
    header: 1,
    raw: false,
    defval: '',
  });
}

const header = [...CONTACT_UPLOAD_COLUMNS];

describe('contact upload', () => {
  it('serves the template: an xlsx with the template columns', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/contact-uploads/template',
      headers: bearer(owner),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('template-kontak.xlsx');
    const sheet = readBook(res.rawPayload);
    expect(sheet[0]).toEqual([...header, 'Tag']);
    // The rows below the header are blank, the phone column formatted as text ('@') so Excel keeps 6281….
    expect(sheet.slice(1).every((r) => r.every((cell) => cell === ''))).toBe(true);
    const cell = XLSX.read(res.rawPayload, { type: 'buffer', cellNF: true }).Sheets.Kontak?.B2;
    expect(cell?.z).toBe('@');
  });

  it('saves the good rows, lists the bad ones with their reason, and the history shows partial', async () => {
    const group = await server.app.inject({
      method: 'POST',
      url: '/api/contact-groups',
      headers: bearer(owner),
      payload: { name: 'Reseller', description: 'Mitra' },
    });
    const existing = await server.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: bearer(owner),
      payload: { name: 'Sudah Ada', phone: '6281100000009' },
    });
    expect(existing.statusCode).toBe(200);
    const rows = [
      header,
      ['Ani', 6281100000001, 'Ani@Toko.id', 'reseller', '1991-02-03', 'S1'],
      ['Budi', '+62 811-0000-0002', '', '', new Date(Date.UTC(1985, 6, 9)), ''],
      ['', '6281100000003', '', '', '', ''],
      ['Citra', '0811', '', '', '', ''],
      ['Dodi', '6281100000001', '', '', '', ''],
      ['Eka', '6281100000009', '', '', '', ''],
      ['Fajar', '6281100000010', 'bukan', '', '', ''],
      ['Gita', '6281100000011', '', 'Tidak Ada', '', ''],
      ['', '0811', 'bukan', 'Tidak Ada', '', ''],
      ['Hadi', '0811-0000-0012', '', '', '', ''],
      [],
    ];
    const res = await upload(book(rows), 'kontak.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fileName: 'kontak.xlsx', status: 'processing' });
    const done = await finished(res.json().id);
    expect(done).toMatchObject({ status: 'partial', savedCount: 3, failedCount: 7, reason: null });

    const list = await server.app.inject({
      method: 'GET',
      url: '/api/contacts?search=62811000000',
      headers: bearer(owner),
    });
    const saved = list.json().items.map((c: { name: string; phone: string }) => [c.name, c.phone]);
    expect(saved).toEqual(
      expect.arrayContaining([
        ['Ani', '6281100000001'],
        ['Budi', '6281100000002'],
        ['Hadi', '6281100000012'],
      ]),
    );
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/contact-groups/${group.json().id}`,
          headers: bearer(owner),
        })
      ).json().memberCount,
    ).toBe(1);

    const failed = await server.app.inject({
      method: 'GET',
      url: `/api/contact-uploads/${done.id}/failed-rows`,
      headers: { ...bearer(owner), 'accept-language': 'en' },
    });
    expect(failed.statusCode).toBe(200);
    const sheet = readBook(failed.rawPayload).filter((r) => r.some((c) => c !== ''));
    expect(sheet[0]).toEqual([...header, 'Row', 'Reason']);
    expect(sheet.slice(1).map((r) => [r[6], r[7]])).toEqual([
      ['4', 'Name is Required'],
      ['5', 'Phone number must be 9-13 digits.'],
      ['6', 'This number is already in an earlier row of the file'],
      ['7', 'Duplicate contact: delete the existing one to update'],
      ['8', 'Email format is invalid'],
      ['9', 'Unknown group: Tidak Ada'],
      // Every problem of a row, not only the first (issue 16).
      [
        '10',
        'Name is Required; Phone number must be 9-13 digits.; Email format is invalid; Unknown group: Tidak Ada',
      ],
    ]);

    const history = await server.app.inject({
      method: 'GET',
      url: '/api/contact-uploads',
      headers: bearer(owner),
    });
    expect(history.json().items[0]).toMatchObject({
      id: done.id,
      status: 'partial',
      savedCount: 3,
      failedCount: 7,
    });
  });

  it('reads csv and xls too; all rows saved is success', async () => {
    const csv = await upload(Buffer.from(`${header.join(',')}\nHana,6281100000021,,,,\n`), 'kontak.csv');
    expect(await finished(csv.json().id)).toMatchObject({ status: 'success', savedCount: 1, failedCount: 0 });
    const xls = await upload(book([header, ['Indra', '6281100000022', '', '', '', '']], 'xls'), 'kontak.xls');
    expect(await finished(xls.json().id)).toMatchObject({ status: 'success', savedCount: 1 });
  });

  it('fails the whole file for a changed template, an empty file and more than 2000 rows', async () => {
    const changed = await upload(
      book([
        ['Nama', 'Telepon'],
        ['A', '6281100000031'],
      ]),
      'ubah.xlsx',
    );
    expect(await finished(changed.json().id)).toMatchObject({
      status: 'failed',
      reason: 'contacts.upload.templateMismatch',
    });
    const empty = await upload(book([header]), 'kosong.xlsx');
    expect(await finished(empty.json().id)).toMatchObject({ status: 'failed', reason: 'attachment.empty' });
    const many = [
      header,
      ...Array.from({ length: 2001 }, (_, i) => [`K${i}`, `62812${String(i).padStart(8, '0')}`]),
    ];
    const tooMany = await upload(book(many), 'banyak.xlsx');
    expect(await finished(tooMany.json().id)).toMatchObject({
      status: 'failed',
      reason: 'contacts.upload.tooManyRows',
    });
  });

  it.each([
    ['an empty body', Buffer.alloc(0), 'a.xlsx', 'Please upload file to continue'],
    ['a wrong extension', Buffer.from('x'), 'a.pdf', 'Invalid file format'],
    ['content that is not xlsx', Buffer.from('hello'), 'a.xlsx', 'Invalid file format'],
    [
      'a file over 5 MB',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5 * 1024 * 1024)]),
      'a.xlsx',
      'File too large (max 5 MB)',
    ],
  ])('refuses %s at once', async (_case, bytes, name, message) => {
    const res = await upload(bytes, name);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('needs CONTACT, and keeps uploads to their business', async () => {
    expect((await upload(book([header]), 'a.xlsx', noContact)).statusCode).toBe(403);
    const history = await server.app.inject({
      method: 'GET',
      url: '/api/contact-uploads',
      headers: bearer(noContact),
    });
    expect(history.statusCode).toBe(403);
    const mine = await upload(book([header, ['Rahasia', '6281100000041']]), 'rahasia.xlsx');
    await finished(mine.json().id);
    for (const url of [
      `/api/contact-uploads/${mine.json().id}`,
      `/api/contact-uploads/${mine.json().id}/failed-rows`,
    ]) {
      expect((await server.app.inject({ method: 'GET', url, headers: bearer(otherOwner) })).statusCode).toBe(
        404,
      );
    }
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/contact-uploads',
      headers: bearer(otherOwner),
    });
    expect(theirs.json().items).toEqual([]);
  });
});

describe('contact upload with tags and custom fields (issue 6)', () => {
  let shop: Awaited<ReturnType<typeof makeBusiness>>;
  let tokens: TokenPair;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, as = tokens) =>
    server.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    shop = await makeBusiness(server.deps.db, 'Unggah Kolom');
    tokens = await signInFresh(server.app, shop.owner.email);
    for (const field of [
      { title: 'Kota', type: 'text', validation: 'optional' },
      { title: 'Tingkat', type: 'singleChoice', options: ['Gold', 'Silver'], validation: 'optional' },
      { title: 'Kunjungan', type: 'number', validation: 'required' },
    ])
      expect((await call('POST', '/api/contact-fields', field)).statusCode).toBe(200);
    expect((await call('POST', '/api/contact-tags', { name: 'VIP' })).statusCode).toBe(200);
  }, 120_000);

  it("puts the business's columns in its template, and not in another business's", async () => {
    const mine = readBook((await call('GET', '/api/contact-uploads/template')).rawPayload);
    expect(mine[0]).toEqual([...header, 'Tag', 'Kota', 'Tingkat', 'Kunjungan']);
    const theirs = readBook(
      (await call('GET', '/api/contact-uploads/template', undefined, otherOwner)).rawPayload,
    );
    expect(theirs[0]).toEqual([...header, 'Tag']);
  });

  it('saves tags (new names become tags) and custom values; refuses bad values with their column', async () => {
    const long = 'x'.repeat(51);
    const rows = [
      [...header, 'Kunjungan', 'Tag', 'Tingkat', 'Kota'],
      ['Ani', '6281200000001', '', '', '', '', 3, 'vip, Baru', 'Gold', 'Bandung'],
      ['Budi', '6281200000002', '', '', '', '', 1, '', 'Bronze', ''],
      ['Citra', '6281200000003', '', '', '', '', '', '', '', ''],
      ['Dodi', '6281200000004', '', '', '', '', 2, long, '', ''],
      ['Eka', '6281200000005', '', '', '', '', 'dua', '', '', ''],
    ];
    const res = await upload(book(rows), 'kolom.xlsx', tokens);
    expect(res.statusCode, res.body).toBe(200);
    expect(await finished(res.json().id, tokens)).toMatchObject({
      status: 'partial',
      savedCount: 1,
      failedCount: 4,
    });
    const list = await call('GET', '/api/contacts?search=Ani');
    const ani = list.json().items[0];
    expect(ani.tags.map((t: { name: string }) => t.name).sort()).toEqual(['Baru', 'VIP']);
    const profile = (await call('GET', `/api/contacts/${ani.id}/profile`)).json();
    const fields = (await call('GET', '/api/contact-fields')).json().items as { id: string; title: string }[];
    const idOf = (title: string) => fields.find((f) => f.title === title)!.id;
    expect(profile.customValues).toEqual({
      [idOf('Kota')]: 'Bandung',
      [idOf('Tingkat')]: 'Gold',
      [idOf('Kunjungan')]: 3,
    });
    const tags = (await call('GET', '/api/contact-tags')).json().items.map((t: { name: string }) => t.name);
    expect(tags.sort()).toEqual(['Baru', 'VIP']);
    // The new tag is the business's own.
    const otherTags = (await call('GET', '/api/contact-tags', undefined, otherOwner)).json().items;
    expect(otherTags.map((t: { name: string }) => t.name)).not.toContain('Baru');

    const failed = await server.app.inject({
      method: 'GET',
      url: `/api/contact-uploads/${res.json().id}/failed-rows?lang=id`,
      headers: bearer(tokens),
    });
    const sheet = readBook(failed.rawPayload).filter((r) => r.some((c) => c !== ''));
    expect(sheet[0]).toEqual([...rows[0]!, 'Baris', 'Alasan']);
    expect(sheet.slice(1).map((r) => [r[0], r[11]])).toEqual([
      ['Budi', 'Tingkat: Pilih salah satu opsi'],
      ['Citra', 'Kunjungan: Kolom ini wajib diisi'],
      ['Dodi', 'Tag: Maksimal 50 karakter'],
      ['Eka', 'Kunjungan: Masukkan angka'],
    ]);
  });

  it("refuses a column of another business's custom field as a template mismatch", async () => {
    const res = await upload(
      book([
        [...header, 'Kota'],
        ['Fajar', '6281200000006'],
      ]),
      'lain.xlsx',
    );
    expect(await finished(res.json().id)).toMatchObject({
      status: 'failed',
      reason: 'contacts.upload.templateMismatch',
    });
  });
});

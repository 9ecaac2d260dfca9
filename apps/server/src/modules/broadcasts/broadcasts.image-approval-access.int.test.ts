import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Broadcast } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import {
  accountId,
  admin,
  agent,
  api,
  biz,
  create,
  groupId,
  number,
  other,
  otherOwner,
  owner,
  P,
  sariId,
  server,
  sim,
  T,
  until,
  useBroadcastsServer,
} from '../../../test/servers/broadcasts.js';
import { contactGroups } from '../contacts/contact-groups.schema.js';
import { contacts } from '../contacts/contacts.schema.js';
import { insertTemplates } from '../templates/templates.repository.js';

/**
 * WhatsApp broadcasts (001 §2, §4-§6): the header image, foreign recipients refused, maker/checker,
 * permissions and tenant isolation, and the broadcast history of a contact.
 */
useBroadcastsServer();

/** A real PNG of `width` x `height` (grey pixels). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('broadcast image (001 §5: at most 2 MB and 500x500)', () => {
  const post = (payload: Buffer, type = 'image/png') =>
    server.app.inject({
      method: 'POST',
      url: '/api/broadcasts/images?name=promo.png',
      headers: {
        authorization: `Bearer ${owner.accessToken}`,
        'content-type': type,
        'accept-language': 'en',
      },
      payload,
    });

  it('takes a small png and sends it as the template image header', async () => {
    const up = await post(png(10, 20));
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ mime: 'image/png', width: 10, height: 20 });
    const res = await create(owner, {
      templateId: T.plain,
      variables: [],
      imageId: up.json().id,
      recipients: { numbers: [P(40)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hasImage).toBe(true);
    await until(res.json().id, owner, (b) => b.totals.sent === 1);
    const sent = sim.conversation(number.phoneNumberId, P(40))[0]!.request as {
      template: { components: { type: string; parameters: { type: string; image?: { id: string } }[] }[] };
    };
    expect(sent.template.components[0]).toMatchObject({
      type: 'header',
      parameters: [{ type: 'image', image: { id: expect.any(String) } }],
    });
  });

  it.each([
    [png(501, 10), 'image/png', 'Image must be at most 2 MB and 500x500.'],
    [Buffer.from('%PDF-1.4 not an image'), 'application/pdf', 'Invalid file format'],
  ])('refuses %#', async (bytes, type, message) => {
    const res = await post(bytes, type);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("sends a media-header template without an upload with the template's sample, and refuses one with no sample", async () => {
    const withSample = uuidv7();
    const withoutSample = uuidv7();
    const base = {
      clientId: biz.clientId,
      language: 'id',
      category: 'MARKETING',
      body: 'Promo baru!',
      status: 'approved' as const,
      headerType: 'image' as const,
    };
    await insertTemplates(server.deps.db, [
      { ...base, id: withSample, name: 'promo_bergambar', headerMediaUrl: 'https://contoh.id/promo.png' },
      { ...base, id: withoutSample, name: 'promo_tanpa_contoh', headerMediaUrl: null },
    ]);
    const refused = await create(owner, {
      templateId: withoutSample,
      variables: [],
      recipients: { numbers: [P(43)] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This template has a media header: upload an image to continue.');
    const res = await create(owner, {
      templateId: withSample,
      variables: [],
      recipients: { numbers: [P(42)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(res.json().id, owner, (b) => b.totals.sent === 1);
    const sent = sim.conversation(number.phoneNumberId, P(42))[0]!.request as {
      template: { components: { type: string; parameters: unknown[] }[] };
    };
    expect(sent.template.components[0]).toEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { link: 'https://contoh.id/promo.png' } }],
    });
  });

  it('refuses an image id that is not one of the business', async () => {
    const res = await create(owner, { imageId: randomUUID(), recipients: { numbers: [P(41)] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('broadcast.imageNotFound');
  });
});

describe('recipients of another business (foreign ids are refused, never dropped)', () => {
  it('refuses contacts and groups that are not of the business, with the field and a translated message', async () => {
    const db = server.deps.db;
    const theirs = { contact: uuidv7(), group: uuidv7() };
    await db
      .insert(contacts)
      .values({ clientId: other.clientId, id: theirs.contact, name: 'Asing', phone: P(51) });
    await db
      .insert(contactGroups)
      .values({ clientId: other.clientId, id: theirs.group, name: 'Grup Asing', description: '' });
    for (const [recipients, field, code, message] of [
      [
        { numbers: [P(52)], contactIds: [theirs.contact] },
        'recipients.contactIds',
        'contacts.contactNotFound',
        'A chosen contact no longer exists.',
      ],
      [
        { numbers: [P(52)], contactIds: [randomUUID()] },
        'recipients.contactIds',
        'contacts.contactNotFound',
        'A chosen contact no longer exists.',
      ],
      [
        { groupIds: [groupId, theirs.group] },
        'recipients.groupIds',
        'contacts.groupNotFound',
        'This group no longer exists.',
      ],
    ] as const) {
      for (const url of ['/api/broadcasts', '/api/broadcasts/estimate']) {
        const res =
          url === '/api/broadcasts'
            ? await create(owner, { recipients })
            : await api('POST', url, owner, { channelAccountId: accountId, templateId: T.promo, recipients });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code, fields: { [field]: message } });
      }
    }
  });
});

describe('maker/checker (001 §4, §6)', () => {
  it('only Makers send; a checker approves, rejects and resets selected or all items', async () => {
    const on = await api('PUT', '/api/maker-checker/settings', owner, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    for (const [email, position] of [
      [biz.admin.email, 'MAKER'],
      [biz.owner.email, 'CHECKER'],
    ] as const) {
      const r = await api('POST', '/api/maker-checker/accounts', owner, {
        email,
        name: position,
        mediaType: 'WHATSAPP',
        position,
        active: true,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    expect((await api('GET', '/api/broadcasts/role', admin)).json()).toEqual({
      makerCheckerEnabled: true,
      maker: true,
      checker: false,
    });
    const notMaker = await create(owner, { recipients: { numbers: [P(9)] } });
    expect(notMaker.statusCode).toBe(403);
    expect(notMaker.json().message).toBe('Only a Maker user can send broadcasts.');

    const a = (await create(admin, { recipients: { numbers: [P(9)] } })).json() as Broadcast;
    const b = (await create(admin, { recipients: { numbers: [P(10)] } })).json() as Broadcast;
    expect(a.status).toBe('need_approval');
    const makerReviews = await api('POST', '/api/broadcasts/review', admin, { action: 'approve', all: true });
    expect(makerReviews.statusCode).toBe(403);

    const rejected = await api('POST', '/api/broadcasts/review', owner, { action: 'reject', ids: [b.id] });
    expect(rejected.json()).toMatchObject({ changed: 1, items: [{ id: b.id, status: 'rejected' }] });
    const reset = await api('POST', '/api/broadcasts/review', owner, { action: 'reset', all: true });
    expect(reset.json()).toMatchObject({ changed: 1, items: [{ id: b.id, status: 'need_approval' }] });
    const approved = await api('POST', '/api/broadcasts/review', owner, { action: 'approve', all: true });
    expect(approved.json().changed).toBe(2);
    await until(a.id, owner, (x) => x.status === 'delivered');
    const doneB = await until(b.id, owner, (x) => x.status === 'delivered');
    expect(doneB.review).toMatchObject({ decision: 'approved', by: 'Owner' });
    expect(sim.conversation(number.phoneNumberId, P(9))).toHaveLength(1);
    await api('PUT', '/api/maker-checker/settings', owner, { enabled: false });
  });
});

describe('access', () => {
  it('refuses users without the broadcast permission', async () => {
    expect((await api('GET', '/api/broadcasts', agent)).statusCode).toBe(403);
    expect((await create(agent, { recipients: { numbers: [P(20)] } })).statusCode).toBe(403);
  });

  it("never shows or changes another business's broadcasts", async () => {
    const mine = (
      await create(owner, { recipients: { numbers: [P(21)] }, scheduledAt: Date.now() + 3_600_000 })
    ).json();
    expect((await api('GET', `/api/broadcasts/${mine.id}`, otherOwner)).statusCode).toBe(404);
    expect((await api('GET', `/api/broadcasts/${mine.id}/recipients`, otherOwner)).statusCode).toBe(404);
    expect((await api('POST', `/api/broadcasts/${mine.id}/cancel`, otherOwner)).statusCode).toBe(404);
    expect((await api('GET', '/api/broadcasts', otherOwner)).json().items).toEqual([]);
    expect((await api('GET', `/api/broadcasts/senders/${accountId}`, otherOwner)).statusCode).toBe(404);
    // Their own number cannot send through ours, and our groups are not theirs.
    const theirs = await api('POST', '/api/broadcasts', otherOwner, {
      channelAccountId: accountId,
      templateId: T.plain,
      recipients: { groupIds: [groupId] },
      clientRequestId: randomUUID(),
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().code).toBe('broadcast.senderRequired');
    expect((await api('GET', `/api/broadcasts/${mine.id}`, owner)).json().status).toBe('scheduled');
  });
});

describe('contact detail: broadcast history (001 §2)', () => {
  it('lists the broadcasts that reached a contact, by its id or its typed number, newest first, for this business only', async () => {
    const rina = uuidv7();
    await server.deps.db
      .insert(contacts)
      .values({ clientId: biz.clientId, id: rina, name: 'Rina', phone: P(61) });
    const typed = (await create(owner, { recipients: { numbers: [P(61)] } })).json() as Broadcast;
    await until(typed.id, owner, (b) => b.totals.delivered === 1);
    const earlier = (await create(owner, { recipients: { groupIds: [groupId] } })).json() as Broadcast;
    await until(earlier.id, owner, (b) => b.totals.pending === 0);
    const toGroup = (await create(owner, { recipients: { groupIds: [groupId] } })).json() as Broadcast;
    await until(toGroup.id, owner, (b) => b.totals.pending === 0);

    const history = (await api('GET', `/api/contacts/${rina}/broadcasts`, owner)).json();
    expect(history.items).toEqual([
      expect.objectContaining({
        broadcastId: typed.id,
        campaignCode: typed.campaignCode,
        templateName: 'promo_akhir_tahun',
        phone: P(61),
        status: 'delivered',
      }),
    ]);
    expect(history.items[0].deliveredAt).toBeTypeOf('number');
    // Sari is in the group of both: keyset pages, newest first, no repeats.
    const first = (await api('GET', `/api/contacts/${sariId}/broadcasts?limit=1`, owner)).json();
    expect(first.items.map((i: { broadcastId: string }) => i.broadcastId)).toEqual([toGroup.id]);
    expect(first.nextCursor).toBeTypeOf('string');
    const second = (
      await api('GET', `/api/contacts/${sariId}/broadcasts?limit=1&cursor=${first.nextCursor}`, owner)
    ).json();
    expect(second.items).toHaveLength(1);
    expect(second.items[0].broadcastId).toBe(earlier.id);
    expect((await api('GET', `/api/contacts/${sariId}/broadcasts?cursor=rusak`, owner)).statusCode).toBe(400);
    // Another business sees nothing of it.
    expect((await api('GET', `/api/contacts/${rina}/broadcasts`, otherOwner)).statusCode).toBe(404);
  });
});

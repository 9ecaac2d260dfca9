import { randomUUID } from 'node:crypto';
import type { Broadcast, TokenPair } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountId,
  agent,
  api,
  biz,
  create,
  groupId,
  number,
  otherOwner,
  owner,
  P,
  server,
  setBalance,
  sim,
  T,
  until,
  useBroadcastsServer,
} from '../../../test/servers/broadcasts.js';
import { chatCreditMutations } from '../billing/billing.schema.js';
import { broadcastRecipients } from './broadcasts.schema.js';

/**
 * WhatsApp broadcasts created and sent against the simulator (001 §2-§6, §8, §9): numbers, contacts, groups
 * and an uploaded sheet, personalised variables, statuses moving recipients and totals, credits, daily
 * quota, schedule and cancel.
 */
useBroadcastsServer();

describe('create and send', () => {
  it('sends a personalised template to typed numbers and a contact group, once each, and follows the statuses', async () => {
    const res = await create(owner, {
      // P(11) is typed and also in the group: one message.
      recipients: { numbers: [P(1), `0${P(2).slice(2)}`, P(11)], groupIds: [groupId] },
      note: 'Promo Desember',
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as Broadcast;
    expect(created.totals.recipients).toBe(4);
    expect(created.template.name).toBe('promo_akhir_tahun');
    expect(created.campaignCode).toMatch(/^[0-9A-Z]{3}$/);
    expect(created.cost).toBe(4 * 511.5);

    const done = await until(created.id, owner, (b) => b.totals.delivered === 4);
    expect(done.status).toBe('delivered');
    expect(done.totals).toMatchObject({ recipients: 4, sent: 4, delivered: 4, failed: 0, pending: 0 });
    for (const [phone, name] of [
      [P(1), 'Pelanggan'],
      [P(2), 'Pelanggan'],
      [P(11), 'Sari'],
      [P(12), 'Joko'],
    ] as const) {
      const got = sim.conversation(number.phoneNumberId, phone);
      expect(got, phone).toHaveLength(1);
      expect(got[0]!.request).toMatchObject({
        type: 'template',
        template: { name: 'promo_akhir_tahun', components: [{ parameters: [{ type: 'text', text: name }] }] },
      });
    }
    // Read by one customer: the recipient and the totals follow the status webhook.
    sim.customerReads(number.phoneNumberId, P(12));
    await until(created.id, owner, (b) => b.totals.read === 1);
    const page = (await api('GET', `/api/broadcasts/${created.id}/recipients?limit=3`, owner)).json();
    expect(page.items.map((r: { phone: string }) => r.phone)).toEqual([P(1), P(2), P(11)]);
    expect(page.items[0]).toMatchObject({ status: 'delivered', error: null });
    expect(page.items[0].sentAt).toBeTypeOf('number');
    expect(page.items[0].deliveredAt).toBeTypeOf('number');
    const next = (
      await api('GET', `/api/broadcasts/${created.id}/recipients?limit=3&cursor=${page.nextCursor}`, owner)
    ).json();
    expect(next.items).toEqual([expect.objectContaining({ phone: P(12), name: 'Joko', status: 'read' })]);
    expect(next.nextCursor).toBeNull();
    // One charge for the broadcast.
    const charges = await server.deps.db
      .select()
      .from(chatCreditMutations)
      .where(
        and(eq(chatCreditMutations.clientId, biz.clientId), eq(chatCreditMutations.referenceId, created.id)),
      );
    expect(charges.map((c) => Number(c.amount))).toEqual([-2046]);
    // The history lists it with its sender and maker.
    const list = (await api('GET', '/api/broadcasts', owner)).json();
    expect(list.items[0]).toMatchObject({
      id: created.id,
      note: 'Promo Desember',
      category: 'MARKETING',
      sender: { channelAccountId: accountId },
      createdBy: { name: 'Owner' },
    });
  });

  it('is idempotent on clientRequestId', async () => {
    const clientRequestId = randomUUID();
    const body = { templateId: T.plain, variables: [], recipients: { numbers: [P(3)] }, clientRequestId };
    const a = await create(owner, body);
    const b = await create(owner, body);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    await until(a.json().id, owner, (x) => x.status === 'delivered');
    expect(sim.conversation(number.phoneNumberId, P(3))).toHaveLength(1);
  });

  it.each([
    [
      { recipients: { numbers: [P(4), `0${P(4).slice(2)}`] } },
      'recipients.numbers.1',
      'Duplicate phone number.',
    ],
    [{ recipients: { numbers: ['12345'] } }, 'recipients.numbers.0', 'Phone number must be 10-13 digits.'],
    [
      { recipients: { numbers: ['62812abc4567'] } },
      'recipients.numbers.0',
      'Phone number must contain digits only.',
    ],
    [
      { recipients: { numbers: [P(4)] }, scheduledAt: Date.now() - 60_000 },
      'scheduledAt',
      'Selected time has passed current time.',
    ],
  ])('refuses %j', async (body, field, message) => {
    const res = await create(owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses a template that is not approved and a wrong number of variables', async () => {
    const pending = await create(owner, {
      templateId: T.pending,
      variables: [],
      recipients: { numbers: [P(4)] },
    });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().code).toBe('broadcast.templateNotApproved');
    const mismatch = await create(owner, { variables: [], recipients: { numbers: [P(4)] } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('broadcast.variablesMismatch');
  });

  it('stops on insufficient credits and an exhausted daily quota with the spec messages, storing nothing', async () => {
    await setBalance(biz.clientId, '100');
    const poor = await create(owner, { recipients: { numbers: [P(5)] } });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe('Insufficient chat credits. Please top up to continue.');
    await setBalance(biz.clientId, '100000');

    const limits = await api('PUT', `/api/broadcasts/senders/${accountId}`, owner, {
      throughputPerSecond: 80,
      dailyQuota: 1,
    });
    expect(limits.statusCode, limits.body).toBe(200);
    const quota = await create(owner, { recipients: { numbers: [P(5), P(6)] } });
    expect(quota.statusCode).toBe(409);
    expect(quota.json().message).toBe('Daily quota has been exhausted. Please try again tomorrow.');
    await api('PUT', `/api/broadcasts/senders/${accountId}`, owner, {
      throughputPerSecond: 80,
      dailyQuota: 100_000,
    });
    expect(sim.conversation(number.phoneNumberId, P(5))).toHaveLength(0);
    const rows = await server.deps.db
      .select()
      .from(broadcastRecipients)
      .where(and(eq(broadcastRecipients.clientId, biz.clientId), eq(broadcastRecipients.phone, P(6))));
    expect(rows).toHaveLength(0);
  });

  it('a scheduled broadcast waits and can be cancelled once', async () => {
    const res = await create(owner, { recipients: { numbers: [P(7)] }, scheduledAt: Date.now() + 3_600_000 });
    expect(res.json().status).toBe('scheduled');
    const id = res.json().id;
    const cancelled = await api('POST', `/api/broadcasts/${id}/cancel`, owner);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const again = await api('POST', `/api/broadcasts/${id}/cancel`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a scheduled broadcast can be cancelled.');
  });

  it('a scheduled broadcast starts at its time', async () => {
    const res = await create(owner, { recipients: { numbers: [P(8)] }, scheduledAt: Date.now() + 1_500 });
    expect(res.json().status).toBe('scheduled');
    const done = await until(res.json().id, owner, (b) => b.status === 'delivered');
    expect(done.startedAt).toBeGreaterThanOrEqual(done.scheduledAt!);
    expect(sim.conversation(number.phoneNumberId, P(8))).toHaveLength(1);
  });
});

describe('recipient sheet', () => {
  it('reads numbers, names and values from an uploaded sheet and sends with them', async () => {
    const long = 'Panjang'.repeat(22); // 154 characters: refused with its row, never cut (issue 16)
    const csv = `nomor,nama,panggilan\n${P(30)},Ani,Kak Ani\n${P(31)},Budi,\n12345,Salah,\n${P(30)},Dobel,\n123,${long},\n`;
    const upload = await server.app.inject({
      method: 'POST',
      url: '/api/broadcasts/recipient-sheets?name=penerima.csv',
      headers: {
        authorization: `Bearer ${owner.accessToken}`,
        'content-type': 'text/csv',
        'accept-language': 'en',
      },
      payload: csv,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const sheet = upload.json();
    expect(sheet.rows).toBe(2);
    expect(sheet.problems).toEqual([
      { row: 4, value: '12345', problem: 'broadcast.phoneLength' },
      { row: 5, value: P(30), problem: 'broadcast.phoneDuplicate' },
      { row: 6, value: '123', problem: 'broadcast.phoneLength' },
      { row: 6, value: `${long.slice(0, 40)}…`, problem: 'validation.max150' },
    ]);
    expect(sheet).toMatchObject({ problemCount: 4, skippedRows: 3 });
    const res = await create(owner, { recipients: { sheetId: sheet.id } });
    expect(res.statusCode, res.body).toBe(200);
    await until(res.json().id, owner, (b) => b.totals.sent === 2);
    const text = (phone: string) =>
      (
        sim.conversation(number.phoneNumberId, phone)[0]!.request as {
          template: { components: { parameters: { text: string }[] }[] };
        }
      ).template.components[0]!.parameters[0]!.text;
    expect(text(P(30))).toBe('Kak Ani');
    expect(text(P(31))).toBe('Budi');
  });

  it('refuses an empty or foreign file, and a sheet of another business', async () => {
    const post = (tokens: TokenPair, name: string, payload: string | Buffer) =>
      server.app.inject({
        method: 'POST',
        url: `/api/broadcasts/recipient-sheets?name=${name}`,
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          'content-type': 'application/octet-stream',
          'accept-language': 'en',
        },
        payload,
      });
    expect((await post(owner, 'a.csv', '')).json().message).toBe('Please upload file to continue');
    expect((await post(owner, 'a.pdf', '%PDF-1.4')).json().message).toBe('Invalid file format');
    const theirs = (await post(otherOwner, 'b.csv', `${P(32)},X\n`)).json();
    const res = await create(owner, { recipients: { sheetId: theirs.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('broadcast.sheetNotFound');
    expect((await post(agent, 'a.csv', `${P(33)}\n`)).statusCode).toBe(403);
  });
});

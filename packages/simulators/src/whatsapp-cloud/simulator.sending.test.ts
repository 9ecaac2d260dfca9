import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  asJ,
  CUSTOMER,
  closeAfterEach,
  PHONE_ID,
  setup,
  statusesOf,
  TOKEN,
  text,
  tpl,
  waitFor,
} from './simulator.fixture.js';

/** The WhatsApp Cloud simulator: sending through the Graph API. */
closeAfterEach();

describe('WhatsApp Cloud simulator: sending', () => {
  it('answers §1d and posts sent → delivered → read', async () => {
    const { sim, receiver, send } = await setup();
    await text(sim, 'halo');
    const res = await send({
      to: `+${CUSTOMER}`,
      type: 'text',
      text: { body: 'Halo Budi', preview_url: false },
    });
    expect(res.status).toBe(200);
    const json = await res.json().then(asJ);
    expect(json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: `+${CUSTOMER}`, wa_id: CUSTOMER }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    const id = json.messages[0].id as string;
    await waitFor(() => statusesOf(receiver.received, id).length === 2, 'sent and delivered');
    sim.customerReads(PHONE_ID, CUSTOMER);
    const statuses = await waitFor(
      () => statusesOf(receiver.received, id).length === 3 && statusesOf(receiver.received, id),
      'read',
    );
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    expect(statuses[0]).toMatchObject({
      recipient_id: CUSTOMER,
      conversation: { origin: { type: 'service' } },
      pricing: { pricing_model: 'PMP', category: 'service', type: 'free_customer_service', billable: false },
    });
    expect(receiver.received.every((r) => r.signatureOk)).toBe(true);
    const conv = sim.conversation(PHONE_ID, CUSTOMER);
    expect(conv).toHaveLength(1);
    expect(conv[0]).toMatchObject({ id, status: 'read', text: 'Halo Budi', type: 'text' });
    expect(conv[0]?.statuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
  });

  it('rejects a wrong or missing token with 190 / 401', async () => {
    const { send } = await setup();
    for (const token of ['nope', null]) {
      const res = await send({ to: CUSTOMER, type: 'text', text: { body: 'x' } }, token);
      expect(res.status).toBe(401);
      const body = await res.json().then(asJ);
      expect(body.error).toMatchObject({ code: 190, type: 'OAuthException' });
      expect(body.error.fbtrace_id).toEqual(expect.any(String));
    }
  });

  it('returns 130429 synchronously when the number throughput is exceeded', async () => {
    const { sim, send } = await setup({ throughputPerSecond: 5 });
    const customers = Array.from({ length: 8 }, (_, i) => `62811000000${i}`);
    const results = [];
    for (const to of customers) results.push(await send({ to, type: 'template', template: tpl() }));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(5);
    expect(codes.filter((c) => c === 200).length).toBeLessThan(8);
    const rejected = results.find((r) => r.status === 400);
    const body = await rejected?.json().then(asJ);
    expect(body).toMatchObject({
      error: {
        code: 130429,
        type: 'OAuthException',
        message: '(#130429) Rate limit hit',
        error_data: { messaging_product: 'whatsapp' },
      },
    });
    expect(sim.stats().throughputErrors).toBeGreaterThan(0);
    // Every request counts, over the limit or not: the share over the limit is throughputErrors / sendRequests.
    expect(sim.stats().sendRequests).toBe(results.length);
    expect(sim.stats().throughputErrors).toBe(codes.filter((c) => c === 400).length);
  });

  it('returns 131056 when the pair limit to one recipient is exceeded', async () => {
    const { sim, send } = await setup({ pairLimit: { perSeconds: 60, burst: 3 } });
    await text(sim, 'hi');
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await send({ to: CUSTOMER, type: 'text', text: { body: `m${i}` } }));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 400]);
    expect((await results[3]!.json().then(asJ)).error.code).toBe(131056);
    // another recipient is unaffected
    const other = await send({ to: '6289999', type: 'template', template: tpl() });
    expect(other.status).toBe(200);
    expect(sim.stats().pairLimitErrors).toBe(1);
  });

  it('accepts a free-form message outside the window, then fails it with 131047', async () => {
    const { sim, receiver, send } = await setup();
    const res = await send({ to: '628777', type: 'text', text: { body: 'promo' } });
    expect(res.status).toBe(200);
    const id = (await res.json().then(asJ)).messages[0].id;
    const [failed] = await waitFor(
      () => statusesOf(receiver.received, id).length > 0 && statusesOf(receiver.received, id),
    );
    expect(failed).toMatchObject({
      id,
      status: 'failed',
      recipient_id: '628777',
      errors: [
        {
          code: 131047,
          title: 'Re-engagement message',
          message: 'Re-engagement message',
          error_data: {
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          },
        },
      ],
    });
    // A template is allowed outside the window.
    const t = await send({ to: '628777', type: 'template', template: tpl() });
    const tj = await t.json().then(asJ);
    expect(tj.messages[0].message_status).toBe('accepted');
    await waitFor(() => statusesOf(receiver.received, tj.messages[0].id).length === 2, 'template delivered');
    expect(sim.stats().failedByCode).toEqual({ 131047: 1 });
  });

  it('closes the window after windowHours', async () => {
    const { sim, receiver, send } = await setup({ windowHours: 0.1 / 3600 }); // 100 ms
    await text(sim, 'hi');
    const inWindow = (
      await (await send({ to: CUSTOMER, type: 'text', text: { body: 'a' } })).json().then(asJ)
    ).messages[0].id;
    await waitFor(() => statusesOf(receiver.received, inWindow).length === 2, 'delivered in window');
    const start = Date.now();
    await waitFor(() => Date.now() - start > 120, 'window to close');
    const late = (await (await send({ to: CUSTOMER, type: 'text', text: { body: 'b' } })).json().then(asJ))
      .messages[0].id;
    const [s] = await waitFor(
      () => statusesOf(receiver.received, late).length > 0 && statusesOf(receiver.received, late),
    );
    expect(s.errors[0].code).toBe(131047);
  });

  it('fails messages to an undeliverable recipient with 131026', async () => {
    const { sim, receiver, send } = await setup();
    sim.setUndeliverable('628555');
    const res = await send({ to: '628555', type: 'template', template: tpl() });
    expect(res.status).toBe(200);
    const id = (await res.json().then(asJ)).messages[0].id;
    const [s] = await waitFor(
      () => statusesOf(receiver.received, id).length > 0 && statusesOf(receiver.received, id),
    );
    expect(s).toMatchObject({ status: 'failed', errors: [{ code: 131026 }] });
    expect(sim.conversation(PHONE_ID, '628555')[0]?.status).toBe('failed');
  });

  it('marks a customer message read with {success:true}', async () => {
    const { sim, send } = await setup();
    const { messageId } = await text(sim, 'hi');
    const res = await send({ status: 'read', message_id: messageId });
    expect(res.status).toBe(200);
    expect(await res.json().then(asJ)).toEqual({ success: true });
    const bad = await send({ status: 'read', message_id: 'wamid.unknown' });
    expect(bad.status).toBe(400);
    expect((await bad.json().then(asJ)).error.code).toBe(100);
    const conv = await (
      await fetch(`${sim.url}/customer/conversation?phoneNumberId=${PHONE_ID}&waId=${CUSTOMER}`)
    )
      .json()
      .then(asJ);
    expect(conv.entries[0]).toMatchObject({ id: messageId, readByBusiness: true });
  });

  it('uploads, describes, downloads (bearer only) and deletes media, and sends it by id', async () => {
    const { sim, receiver, graph, send } = await setup();
    const bytes = Buffer.from('%PDF-1.4 fake');
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', 'application/pdf');
    form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'invoice.pdf');
    const up = await graph(`/${PHONE_ID}/media`, { method: 'POST', body: form });
    expect(up.status).toBe(200);
    const { id } = await up.json().then(asJ);
    expect(id).toMatch(/^\d+$/);

    expect((await graph(`/${id}`, { token: 'wrong' })).status).toBe(401);
    const info = await (await graph(`/${id}`)).json().then(asJ);
    expect(info).toEqual({
      url: expect.stringContaining(sim.url),
      mime_type: 'application/pdf',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      file_size: bytes.length,
      id,
      messaging_product: 'whatsapp',
    });
    expect((await fetch(info.url)).status).toBe(401);
    const dl = await fetch(info.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await dl.arrayBuffer())).toEqual(bytes);

    await text(sim, 'kirim invoice');
    const sent = await send({
      to: CUSTOMER,
      type: 'document',
      document: { id, filename: 'inv.pdf', caption: 'Invoice' },
    });
    expect(sent.status).toBe(200);
    const msgId = (await sent.json().then(asJ)).messages[0].id;
    await waitFor(() => statusesOf(receiver.received, msgId).length === 2, 'document delivered');
    expect(sim.conversation(PHONE_ID, CUSTOMER)[0]?.media).toMatchObject({
      id,
      filename: 'inv.pdf',
      caption: 'Invoice',
    });

    // Meta refuses types it does not support and files over their type's limit.
    const exe = new FormData();
    exe.set('messaging_product', 'whatsapp');
    exe.set('type', 'application/x-msdownload');
    exe.set('file', new Blob([Buffer.from('MZ')]), 'setup.exe');
    const refused = await graph(`/${PHONE_ID}/media`, { method: 'POST', body: exe });
    expect(refused.status).toBe(400);
    expect((await refused.json().then(asJ)).error).toMatchObject({ code: 100 });
    const big = new FormData();
    big.set('messaging_product', 'whatsapp');
    big.set('type', 'image/png');
    big.set('file', new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)]), 'big.png');
    const tooBig = await graph(`/${PHONE_ID}/media`, { method: 'POST', body: big });
    expect((await tooBig.json().then(asJ)).error).toMatchObject({ code: 131053 });

    const badId = await send({ to: CUSTOMER, type: 'image', image: { id: '999' } });
    expect(badId.status).toBe(400);

    expect(await (await graph(`/${id}`, { method: 'DELETE' })).json().then(asJ)).toEqual({ success: true });
    expect((await graph(`/${id}`)).status).toBe(400);
  });

  it('accepts interactive buttons, lists and media links, and rejects a missing text body', async () => {
    const { sim, send } = await setup();
    await text(sim, 'menu');
    const buttons = await send({
      to: CUSTOMER,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Pilih' },
        action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A' } }] },
      },
    });
    expect(buttons.status).toBe(200);
    const list = await send({
      to: CUSTOMER,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Menu' },
        action: { button: 'Menu', sections: [{ title: 'S', rows: [{ id: 'r1', title: 'Row 1' }] }] },
      },
    });
    expect(list.status).toBe(200);
    const link = await send({ to: CUSTOMER, type: 'image', image: { link: 'https://example.com/a.jpg' } });
    expect(link.status).toBe(200);
    const bad = await send({ to: CUSTOMER, type: 'text', text: {} });
    expect(bad.status).toBe(400);
    expect((await bad.json().then(asJ)).error.code).toBe(100);
    expect(sim.conversation(PHONE_ID, CUSTOMER).map((m) => m.type)).toEqual([
      'interactive',
      'interactive',
      'image',
    ]);
  });
});

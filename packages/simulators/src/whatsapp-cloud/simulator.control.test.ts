import { describe, expect, it } from 'vitest';
import {
  APP_SECRET,
  asJ,
  CUSTOMER,
  closeAfterEach,
  inboundOf,
  type J,
  PHONE_ID,
  setup,
  statusesOf,
  TOKEN,
  WABA,
  waitFor,
} from './simulator.fixture.js';
import { startWhatsappCloudSimulator } from './simulator.js';

/** The WhatsApp Cloud simulator: account lookups, URL expiry, the control API and the customer phone page. */
closeAfterEach();

describe('WhatsApp Cloud simulator: account lookups, URL expiry and control API', () => {
  it('answers phone number and WABA lookups for the owner token only', async () => {
    const { graph } = await setup();
    const info = await graph(`/${PHONE_ID}`).then((r) => r.json().then(asJ));
    expect(info).toMatchObject({
      id: PHONE_ID,
      display_phone_number: '15550783881',
      platform_type: 'CLOUD_API',
    });
    expect((await graph(`/${PHONE_ID}`, { token: 'nope' })).status).toBe(401);
    const list = await graph(`/${WABA}/phone_numbers`).then((r) => r.json().then(asJ));
    expect(list.data.map((n: J) => n.id)).toEqual([PHONE_ID]);
    expect((await graph('/999/phone_numbers')).status).toBe(400);
    const sub = await graph(`/${WABA}/subscribed_apps`, { method: 'POST' });
    expect(await sub.json().then(asJ)).toEqual({ success: true });
  });

  it('refuses expired or tampered media URLs', async () => {
    const { sim, graph } = await setup({ mediaUrlTtlMs: -1000 });
    const { messageId } = await sim.customerSends({
      phoneNumberId: PHONE_ID,
      from: CUSTOMER,
      name: 'Budi',
      message: { type: 'document', bytes: Buffer.from('x'), mime: 'text/plain', filename: 'a.txt' },
    });
    expect(messageId).toMatch(/^wamid\./);
    const conv = await fetch(
      `${sim.url}/customer/conversation?phoneNumberId=${PHONE_ID}&waId=${CUSTOMER}`,
    ).then((r) => r.json().then(asJ));
    const mediaId = String(conv.entries[0].mediaUrl).split('/').pop();
    const info = await graph(`/${mediaId}`).then((r) => r.json().then(asJ));
    const auth = { headers: { authorization: `Bearer ${TOKEN}` } };
    expect((await fetch(info.url, auth)).status).toBe(404);
    const tampered = String(info.url).replace(
      /hash=([0-9a-f])/,
      (_m: string, c: string) => `hash=${c === 'a' ? 'b' : 'a'}`,
    );
    expect((await fetch(tampered, auth)).status).toBe(404);
  });

  it('lets another process drive it over the control API', async () => {
    const { sim, receiver } = await setup();
    const post = (path: string, body: unknown) =>
      fetch(`${sim.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('/simulator/numbers', {
          phoneNumberId: '2',
          wabaId: '3',
          displayPhoneNumber: '15550002',
          accessToken: 't2',
          appSecret: APP_SECRET,
          webhookUrl: receiver.url,
        })
      ).status,
    ).toBe(201);
    const res = await post('/simulator/customer-sends', {
      phoneNumberId: '2',
      from: CUSTOMER,
      name: 'Budi',
      message: { type: 'image', bytes: Buffer.from('img').toString('base64'), mime: 'image/jpeg' },
    });
    expect((await res.json().then(asJ)).messageId).toMatch(/^wamid\./);
    const [msg] = await waitFor(
      () => inboundOf(receiver.received).length === 1 && inboundOf(receiver.received),
    );
    expect(msg.image.mime_type).toBe('image/jpeg');
    expect(receiver.received[0]?.body.entry[0].id).toBe('3');
    const stats = await fetch(`${sim.url}/simulator/stats`).then((r) => r.json().then(asJ));
    expect(stats.customerMessages).toBe(1);
  });

  it('closes while a customer page is connected', async () => {
    const sim = await startWhatsappCloudSimulator();
    const res = await fetch(`${sim.url}/customer/events?phoneNumberId=x&waId=1`);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await sim.close();
    await res.body?.cancel().catch(() => undefined);
  });
});

describe('WhatsApp Cloud simulator: customer phone page', () => {
  it('serves the page, streams business messages over SSE and marks them read', async () => {
    const { sim, receiver, send } = await setup();
    const html = await (await fetch(`${sim.url}/`)).text();
    for (const label of ['Your phone number', 'Your name', 'Message', '>Send<'])
      expect(html).toContain(label);
    expect((await (await fetch(`${sim.url}/customer/numbers`)).json().then(asJ))[0].phoneNumberId).toBe(
      PHONE_ID,
    );

    const sendRes = await fetch(`${sim.url}/customer/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumberId: PHONE_ID, waId: CUSTOMER, name: 'Budi', text: 'dari halaman' }),
    });
    expect(sendRes.status).toBe(200);
    await waitFor(
      () => inboundOf(receiver.received)[0]?.text?.body === 'dari halaman',
      'page message webhook',
    );

    const ac = new AbortController();
    const events = await fetch(`${sim.url}/customer/events?phoneNumberId=${PHONE_ID}&waId=${CUSTOMER}`, {
      signal: ac.signal,
    });
    const reader = events.body!.getReader();
    let buffer = '';
    const pump = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += Buffer.from(value).toString('utf8');
        }
      } catch {
        // aborted
      }
    })();
    await waitFor(() => buffer.includes(': connected'), 'SSE connected');
    const id = (
      await (await send({ to: CUSTOMER, type: 'text', text: { body: 'dari bisnis' } })).json().then(asJ)
    ).messages[0].id;
    await waitFor(() => buffer.includes(id) && buffer.includes('dari bisnis'), 'SSE message');
    await fetch(`${sim.url}/customer/read`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumberId: PHONE_ID, waId: CUSTOMER }),
    });
    await waitFor(() => statusesOf(receiver.received, id).some((s) => s.status === 'read'), 'read webhook');
    await waitFor(() => buffer.includes('"status":"read"'), 'SSE read update');
    ac.abort();
    await pump;
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metaSignature } from '../signatures.js';
import {
  APP_SECRET,
  asJ,
  CUSTOMER,
  closeAfterEach,
  inboundOf,
  PHONE_ID,
  setup,
  TOKEN,
  text,
  WABA,
  waitFor,
} from './simulator.fixture.js';
import { verifyWebhook } from './verify.js';

/** The WhatsApp Cloud simulator: inbound webhooks. */
closeAfterEach();

describe('WhatsApp Cloud simulator: inbound webhooks', () => {
  it('posts a signed text webhook in the §1b shape', async () => {
    const { sim, receiver } = await setup();
    const { messageId } = await text(sim, 'Apakah ada warna lain?');
    const r = await waitFor(() => receiver.received[0], 'text webhook');
    expect(r.signatureOk).toBe(true);
    expect(r.body).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_ID },
                contacts: [{ profile: { name: 'Budi' }, wa_id: CUSTOMER }],
                messages: [
                  {
                    from: CUSTOMER,
                    id: messageId,
                    timestamp: expect.stringMatching(/^\d{10}$/),
                    type: 'text',
                    text: { body: 'Apakah ada warna lain?' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(messageId).toMatch(/^wamid\./);
    const logged = await waitFor(() => sim.deliveredWebhooks()[0], 'delivery log');
    expect(logged.rawBody).toBe(r.raw);
    expect(logged.signature).toBe(metaSignature(APP_SECRET, r.raw));
  });

  it('delivers an image as a media id whose bytes the business can download with its token', async () => {
    const { sim, receiver, graph } = await setup();
    const bytes = Buffer.from('\x89PNG fake image bytes');
    await sim.customerSends({
      phoneNumberId: PHONE_ID,
      from: CUSTOMER,
      name: 'Budi',
      message: { type: 'image', bytes, mime: 'image/png', caption: 'ini' },
      contextMessageId: 'wamid.previous',
    });
    const [msg] = await waitFor(
      () => inboundOf(receiver.received).length === 1 && inboundOf(receiver.received),
    );
    expect(receiver.received[0]?.signatureOk).toBe(true);
    expect(msg).toMatchObject({
      type: 'image',
      context: { from: '15550783881', id: 'wamid.previous' },
      image: {
        mime_type: 'image/png',
        caption: 'ini',
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
    });
    const info = await (await graph(`/${msg.image.id}`)).json().then(asJ);
    expect(info).toMatchObject({ id: msg.image.id, mime_type: 'image/png', file_size: bytes.length });
    const noAuth = await fetch(info.url);
    expect(noAuth.status).toBe(401);
    const dl = await fetch(info.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer())).toEqual(bytes);
  });

  it('shapes reactions, button replies and unsupported messages', async () => {
    const { sim, receiver } = await setup();
    const base = { phoneNumberId: PHONE_ID, from: CUSTOMER, name: 'Budi' };
    await sim.customerSends({ ...base, message: { type: 'reaction', messageId: 'wamid.x', emoji: '👍' } });
    await sim.customerSends({
      ...base,
      message: { type: 'interactive', buttonReply: { id: 'yes', title: 'Yes' } },
    });
    await sim.customerSends({ ...base, message: { type: 'button', payload: 'CONFIRM', text: 'Confirm' } });
    await sim.customerSends({ ...base, message: { type: 'unsupported' } });
    const msgs = await waitFor(
      () => inboundOf(receiver.received).length === 4 && inboundOf(receiver.received),
    );
    expect(msgs.map((m) => m.type)).toEqual(['reaction', 'interactive', 'button', 'unsupported']);
    expect(msgs[0].reaction).toEqual({ message_id: 'wamid.x', emoji: '👍' });
    expect(msgs[1].interactive).toEqual({ type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } });
    expect(msgs[2].button).toEqual({ payload: 'CONFIRM', text: 'Confirm' });
    expect(msgs[3].errors[0].code).toBe(131051);
  });

  it('redelivers after the receiver answers 500 twice', async () => {
    const { sim, receiver } = await setup();
    receiver.state.failNext = 2;
    await text(sim, 'retry me');
    const r = await waitFor(() => receiver.received[0], 'redelivered webhook');
    expect(r.signatureOk).toBe(true);
    expect(receiver.state.rejected).toBe(2);
    await sim.idle();
    expect(sim.stats()).toMatchObject({ webhookRetries: 2, webhooksDelivered: 1, webhookAttempts: 3 });
    expect(sim.deliveredWebhooks()[0]?.attempts).toBe(3);
  });

  it('helps with the verification handshake', async () => {
    const { receiver } = await setup();
    expect(await verifyWebhook(receiver.url, 'verify-me')).toBe(true);
    expect(await verifyWebhook(receiver.url, 'wrong')).toBe(false);
  });
});

import type { TokenPair } from '@sapa/contracts';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFresh } from '../../../test/auth-helpers.js';
import { bearer, makeBusiness } from '../../../test/fixtures.js';
import { startTestServer, type TestServer, waitFor } from '../../../test/harness.js';
import {
  connectSimulatedNumber,
  customerWritesIn,
  listenWithSimulator,
} from '../../../test/whatsapp-simulator.js';
import { messages, tickets, uploads } from './conversations.schema.js';

let server: TestServer;
let base: string;
let sim: WhatsappCloudSimulator;
let owner: TokenPair;
let biz: Awaited<ReturnType<typeof makeBusiness>>;
const number = {
  phoneNumberId: '106540352242923',
  wabaId: '102290129340399',
  displayPhoneNumber: '15550783882',
  accessToken: 'sim-access-token-456',
  appSecret: 'sim-app-secret-456',
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n%fake invoice\n');
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 1)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);

beforeAll(async () => {
  server = await startTestServer();
  ({ base, sim } = await listenWithSimulator(server));
  biz = await makeBusiness(server.deps.db, 'Lampiran');
  owner = await signInFresh(server.app, biz.owner.email);
  await connectSimulatedNumber(server, sim, base, owner, number);
});
afterAll(async () => {
  await sim?.close();
  await server?.close();
});

let customers = 0;
/** A customer writes in, so the business has an open WhatsApp chat inside its 24-hour window. */
const openChat = () =>
  customerWritesIn(
    { server, sim, clientId: biz.clientId, phoneNumberId: number.phoneNumberId },
    { waId: `62812555${String(++customers).padStart(4, '0')}`, name: `Pelanggan ${customers}`, text: 'Halo' },
  );

/** The composer's upload: a real multipart POST over HTTP. */
async function upload(ticketId: string, name: string, bytes: Buffer, tokens = owner, language = 'en') {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${base}/api/tickets/${ticketId}/uploads`, {
    method: 'POST',
    headers: { ...bearer(tokens), 'accept-language': language },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function send(ticketId: string, payload: Record<string, unknown>, tokens = owner) {
  return server.app.inject({
    method: 'POST',
    url: `/api/tickets/${ticketId}/messages`,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    payload: { clientMessageId: crypto.randomUUID(), ...payload },
  });
}

describe('agent attachments', () => {
  it("stores an image under the spec's file name and serves it to the business", async () => {
    const { ticketId } = await openChat();
    const res = await upload(ticketId, 'foto produk baru.png', PNG);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ mime: 'image/png', kind: 'image', size: PNG.length });
    expect(res.body.filename).toMatch(/^\d{13}_foto_produk_baru\.png$/);
    const file = await server.app.inject({
      method: 'GET',
      url: String(res.body.url),
      headers: bearer(owner),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it.each([
    ['an empty file', 'kosong.png', Buffer.alloc(0), 'attachment.empty', 'The file is empty'],
    [
      'a .jpg that is really a PDF',
      'foto.jpg',
      PDF,
      'attachment.mismatch',
      'The file content is not a .jpg file',
    ],
    [
      'a program',
      'setup.exe',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(32)]),
      'attachment.typeNotAllowed',
      'This file type cannot be sent on WhatsApp',
    ],
    [
      'an image over 5 MB',
      'besar.png',
      Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      'attachment.tooLarge',
      'File too large (max 5 MB)',
    ],
  ])('refuses %s on WhatsApp with the reason', async (_what, name, bytes, code, message) => {
    const { ticketId } = await openChat();
    const res = await upload(ticketId, name, bytes);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, message });
  });

  it("follows the ticket's channel: a video is refused on Tiktok Shop (images only), in Indonesian by default", async () => {
    const { ticketId } = await openChat();
    expect((await upload(ticketId, 'klip.mp4', MP4)).status).toBe(200);
    // A Tiktok Shop chat (000 §5: image only, 10 MB); the account here is a WhatsApp one, the rules read the channel.
    await server.deps.db
      .update(tickets)
      .set({ channel: 'TTS' })
      .where(and(eq(tickets.clientId, biz.clientId), eq(tickets.id, ticketId)));
    const res = await upload(ticketId, 'klip.mp4', MP4, owner, 'id');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'attachment.typeNotAllowed',
      message: 'Jenis file ini tidak dapat dikirim di Tiktok Shop',
    });
    expect((await upload(ticketId, 'foto.png', PNG)).status).toBe(200);
  });

  it("keeps uploads inside the business: another business's ticket is 404, its upload id is refused", async () => {
    const { ticketId } = await openChat();
    const other = await makeBusiness(server.deps.db, 'Lain');
    const stranger = await signInFresh(server.app, other.owner.email);
    expect((await upload(ticketId, 'foto.png', PNG, stranger)).status).toBe(404);

    const mine = await upload(ticketId, 'foto.png', PNG);
    // An upload of the other business named in our chat is unknown here.
    const theirs = crypto.randomUUID();
    await server.deps.db.insert(uploads).values({
      clientId: other.clientId,
      id: theirs,
      storageKey: `${other.clientId}/${theirs}`,
      mime: 'image/png',
      filename: '1700000000000_foto.png',
      size: PNG.length,
      createdBy: other.userIds[0]!,
    });
    const res = await send(ticketId, { attachmentId: theirs });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'attachment.notFound',
      fields: { attachmentId: 'This attachment no longer exists. Attach the file again.' },
    });
    const theirUpload = await server.app.inject({
      method: 'GET',
      url: String(mine.body.url),
      headers: bearer(stranger),
    });
    expect(theirUpload.statusCode).toBe(404);
  });

  it('refuses uploads while the chat room hides attachments (000 §3 isDisplayChatroomAttachment), and says so on /cs/me', async () => {
    const { ticketId } = await openChat();
    const config = await server.app.inject({
      method: 'GET',
      url: '/api/cs/configuration',
      headers: bearer(owner),
    });
    const put = (on: boolean) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/cs/configuration',
        headers: bearer(owner),
        payload: {
          ...(config.json() as object),
          isDisplayChatroomAttachment: on,
          isDisplayChatroomEmoji: on,
        },
      });
    expect((await put(false)).statusCode).toBe(200);
    try {
      const me = await server.app.inject({ method: 'GET', url: '/api/cs/me', headers: bearer(owner) });
      expect(me.json().chatroom).toEqual({ emoji: false, attachment: false, csName: true });
      const res = await upload(ticketId, 'foto.png', PNG);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'teams.attachmentsOff',
        message: 'Attachments are turned off in the chat room settings.',
      });
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
    expect((await upload(ticketId, 'foto.png', PNG)).status).toBe(200);
  });

  it('needs a text or an attachment, and refuses a caption on audio', async () => {
    const { ticketId } = await openChat();
    const empty = await send(ticketId, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ text: 'This field is required' });
    const audio = await upload(ticketId, 'pesan suara.mp3', MP3);
    expect(audio.body).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
    const captioned = await send(ticketId, { attachmentId: audio.body.id, text: 'dengarkan' });
    expect(captioned.statusCode).toBe(400);
    expect(captioned.json()).toMatchObject({ code: 'attachment.captionNotAllowed' });
  });

  it("keeps a caption within the channel's limit (000 §5: 512 on Telegram)", async () => {
    const { ticketId } = await openChat();
    const up = await upload(ticketId, 'foto.png', PNG);
    await server.deps.db
      .update(tickets)
      .set({ channel: 'TLG' })
      .where(and(eq(tickets.clientId, biz.clientId), eq(tickets.id, ticketId)));
    const long = await send(ticketId, { attachmentId: up.body.id, text: 'a'.repeat(513) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'attachment.captionTooLong',
      message: 'Caption max 512 characters on this channel',
    });
  });

  it('keeps an internal note with a file inside Sapa', async () => {
    const { waId, ticketId } = await openChat();
    const up = await upload(ticketId, 'bukti transfer.png', PNG);
    const res = await send(ticketId, {
      attachmentId: up.body.id,
      text: 'Bukti dari pelanggan',
      internal: true,
    });
    expect(res.json()).toMatchObject({ visibility: 'internal', type: 'image', status: 'sent' });
    expect(sim.conversation(number.phoneNumberId, waId)).toEqual([]);
  });

  it('sends an image to WhatsApp as an uploaded media id with its caption, then follows it to delivered and read', async () => {
    const { waId, ticketId } = await openChat();
    const up = await upload(ticketId, 'katalog.png', PNG);
    const res = await send(ticketId, { attachmentId: up.body.id, text: 'Katalog terbaru' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'image',
      text: 'Katalog terbaru',
      status: 'pending',
      media: { url: up.body.url, mime: 'image/png', filename: up.body.filename, size: PNG.length },
    });
    const id = res.json().id as string;
    const row = async () =>
      (
        await server.deps.db
          .select()
          .from(messages)
          .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, id)))
      )[0]!;
    await waitFor(async () => (await row()).status === 'delivered', 60_000);

    const [received] = sim.conversation(number.phoneNumberId, waId);
    expect(received).toMatchObject({
      type: 'image',
      media: { mime: 'image/png', caption: 'Katalog terbaru' },
    });
    expect(received!.request).toMatchObject({ type: 'image', image: { id: received!.media!.id } });
    // The media id is remembered on the message, so a retried send would not upload the file again.
    expect((await row()).payload).toMatchObject({ whatsappMedia: { id: received!.media!.id } });
    const bytes = await fetch(`${sim.url}/customer/media/${received!.media!.id}`);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);

    sim.customerReads(number.phoneNumberId, waId);
    await waitFor(async () => (await row()).status === 'read', 60_000);
  });

  it('retries a failed media message with the media id it already has (the file is uploaded once)', async () => {
    const { waId, ticketId } = await openChat();
    sim.setUndeliverable(waId);
    const up = await upload(ticketId, 'foto.png', PNG);
    const res = await send(ticketId, { attachmentId: up.body.id });
    const id = res.json().id as string;
    const status = async () =>
      (
        await server.deps.db
          .select({ status: messages.status })
          .from(messages)
          .where(and(eq(messages.clientId, biz.clientId), eq(messages.id, id)))
      )[0]?.status;
    await waitFor(async () => (await status()) === 'failed', 60_000);
    const uploads = sim.stats().mediaUploads;
    sim.setUndeliverable(waId, false);
    const retry = await server.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages/${id}/retry`,
      headers: bearer(owner),
      payload: {},
    });
    expect(retry.statusCode, retry.body).toBe(200);
    await waitFor(async () => (await status()) === 'delivered', 60_000);
    expect(sim.stats().mediaUploads).toBe(uploads);
    const [first, second] = sim.conversation(number.phoneNumberId, waId);
    expect(second!.media!.id).toBe(first!.media!.id);
  });

  it('sends a PDF as a WhatsApp document with its stored file name', async () => {
    const { waId, ticketId } = await openChat();
    const up = await upload(ticketId, 'invoice maret.pdf', PDF);
    expect(up.body).toMatchObject({ kind: 'document', mime: 'application/pdf' });
    const res = await send(ticketId, { attachmentId: up.body.id });
    expect(res.json()).toMatchObject({ type: 'document', text: null });
    await waitFor(async () => sim.conversation(number.phoneNumberId, waId).length === 1 || false, 60_000);
    const [received] = sim.conversation(number.phoneNumberId, waId);
    expect(received!.request).toMatchObject({
      type: 'document',
      document: { filename: up.body.filename },
    });
    expect(String(up.body.filename)).toMatch(/^\d{13}_invoice_maret\.pdf$/);
  });
});

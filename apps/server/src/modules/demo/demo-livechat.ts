import { deflateSync } from 'node:zlib';
import { DEMO_SHOP_PATH } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { ServerDeps } from '../../platform/deps.js';
import { findConnectedAccount, insertLivechatAccount, publicBaseOf } from '../channels/index.js';
import { mediaStorage, uploads } from '../conversations/index.js';
import { findDemoBusinessId } from './demo.seed.js';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small PNG (a coloured disc on white), for the demo logo and tests. */
export function makePng(size: number, rgb: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inside = (x - r + 0.5) ** 2 + (y - r + 0.5) ** 2 <= r * r;
      row.set(inside ? rgb : [255, 255, 255], 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo business's live-chat account: the one on Sapa's own origin (where the demo shop page is). */
export async function findDemoLivechat(deps: ServerDeps) {
  const demoId = await findDemoBusinessId(deps.db);
  if (!demoId) return undefined;
  return findConnectedAccount(deps.db, demoId, 'LVC', new URL(deps.config.publicUrl).origin.toLowerCase());
}

/**
 * Demo mode: the demo business gets a live-chat widget whose domain is Sapa's own origin, so the demo shop
 * page served here can embed it (idempotent across restarts). Returns the shop page's URL.
 */
export async function startDemoLivechat(deps: ServerDeps): Promise<{ shopPageUrl: string } | null> {
  const demoId = await findDemoBusinessId(deps.db);
  if (!demoId) return null;
  if (!(await findDemoLivechat(deps))) {
    const logo = makePng(96, [245, 158, 11]);
    const uploadId = uuidv7();
    const storageKey = `${demoId}/${uploadId}`;
    await mediaStorage(deps).put(storageKey, logo, 'image/png');
    await deps.db.insert(uploads).values({
      clientId: demoId,
      id: uploadId,
      storageKey,
      mime: 'image/png',
      filename: 'logo.png',
      size: logo.length,
    });
    await insertLivechatAccount(deps, demoId, {
      name: 'Toko Demo — Live Chat',
      domain: new URL(deps.config.publicUrl).origin,
      colour: '#14B8A6',
      logoUploadId: uploadId,
      personaName: 'Sari',
      onlineTitle: 'Halo! Ada yang bisa dibantu?',
      onlineMessage: 'Tim kami sedang online dan siap membalas chat Anda.',
      offlineTitle: 'Kami sedang offline',
      offlineMessage: 'Tinggalkan pesan, kami akan membalas secepatnya.',
      preChatForm: {
        fields: [
          { label: 'Email', customizedData: 'email' },
          { label: 'Nomor pesanan', customizedData: 'orderNumber' },
        ],
        consentText: 'Saya setuju data saya dipakai untuk menjawab pertanyaan saya.',
      },
    });
  }
  return { shopPageUrl: `${publicBaseOf(deps)}${DEMO_SHOP_PATH}` };
}

/** The demo shop page: a plain product page with the widget snippet, like a customer's website. */
export function demoShopHtml(snippet: string, lang: 'id' | 'en' = 'id') {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Toko Demo — Sapa live chat</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; background: #f9fafb; }
  header { background: #0f766e; color: white; padding: 16px 24px; font-size: 20px; font-weight: 600; }
  main { max-width: 960px; margin: 24px auto; padding: 0 16px; display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 16px; }
  article { background: white; border-radius: 12px; padding: 16px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
  .pic { height: 120px; border-radius: 8px; background: linear-gradient(135deg, #99f6e4, #0f766e); margin-bottom: 12px; }
  p { margin: 4px 0; } .price { font-weight: 600; color: #0f766e; }
</style>
</head>
<body>
<header>Toko Demo</header>
<main>
  <article><div class="pic"></div><p>Kaos katun</p><p class="price">Rp 89.000</p></article>
  <article><div class="pic"></div><p>Topi rajut</p><p class="price">Rp 59.000</p></article>
  <article><div class="pic"></div><p>Tas kanvas</p><p class="price">Rp 129.000</p></article>
</main>
${snippet}
</body>
</html>
`;
}

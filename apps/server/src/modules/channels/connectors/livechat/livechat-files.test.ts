import { describe, expect, it } from 'vitest';
import { makePng } from '../../../demo/demo-livechat.js';
import { checkLogo, readImageInfo, uuidFromKey } from './livechat-files.js';

/** A minimal JPEG header: SOI, an APP0 segment, then SOF0 with the frame size. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(12)]);
}

describe('logo header reading (001 §5: png/jpg/jpeg, max 5 MB, max 320x320 px)', () => {
  it.each([
    ['png 64x64', makePng(64, [1, 2, 3]), { mime: 'image/png', width: 64, height: 64 }],
    ['jpeg 320x200', jpeg(320, 200), { mime: 'image/jpeg', width: 320, height: 200 }],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00'), null],
    ['empty', Buffer.alloc(0), null],
  ])('%s', (_name, bytes, info) => {
    expect(readImageInfo(bytes)).toEqual(info);
  });

  it.each([
    ['png 320x320', makePng(320, [1, 2, 3]), null],
    ['png 321x321', makePng(321, [1, 2, 3]), 'livechat.logoDimension'],
    ['jpeg 320x321', jpeg(320, 321), 'livechat.logoDimension'],
    ['not an image', Buffer.from('hello'), 'livechat.logoType'],
    ['over 5 MB', Buffer.concat([makePng(8, [1, 2, 3]), Buffer.alloc(5 * 1024 * 1024)]), 'livechat.logoSize'],
  ])('%s → %s', (_name, bytes, key) => {
    const r = checkLogo(bytes);
    expect(r.ok ? null : r.key).toBe(key);
  });
});

describe('idempotency keys', () => {
  it('derives a stable RFC 4122 UUID from a hash', () => {
    const hex = 'a'.repeat(64);
    expect(uuidFromKey(hex)).toBe(uuidFromKey(hex));
    expect(uuidFromKey(hex)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

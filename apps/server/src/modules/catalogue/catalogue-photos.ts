import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { PRODUCT_PHOTO_MAX_BYTES, type PRODUCT_PHOTO_TYPES, type ProductPhoto } from '@sapa/contracts';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';

/** Who acts: a signed-in user, or the demo seed acting as the demo owner. */
export type Actor = Pick<AuthContext, 'clientId' | 'userId'>;

import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { dataDirStorage, type Storage } from '../../platform/storage/storage.js';
import * as repo from './catalogue.repository.js';

/** Longest side of a photo kept (the original is scaled down to it) and of its list thumbnail. */
export const PHOTO_MAX_SIDE = 1600;
export const THUMBNAIL_SIDE = 240;

export const catalogueStorage = (deps: Pick<ServerDeps, 'config'>): Storage =>
  dataDirStorage(deps.config, 'catalogue');

export const photoUrlOf = (id: string) => `/api/product-photos/${id}`;
export const photoOf = (id: string): ProductPhoto => ({
  id,
  url: photoUrlOf(id),
  thumbnailUrl: `${photoUrlOf(id)}?size=thumb`,
});

const SHARP_FORMATS: Record<string, (typeof PRODUCT_PHOTO_TYPES)[number]> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The real type of the bytes (read by the decoder, not the name), or null when they are no photo we take. */
async function photoTypeOf(bytes: Buffer) {
  try {
    const meta = await sharp(bytes).metadata();
    return meta.format ? (SHARP_FORMATS[meta.format] ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * The kept photo (turned upright by its EXIF orientation, at most PHOTO_MAX_SIDE, as JPEG or PNG for
 * transparency) and a square-ish thumbnail (WEBP, THUMBNAIL_SIDE, cropped to fill).
 */
async function renditions(bytes: Buffer, mime: string) {
  const base = () => sharp(bytes).rotate();
  const keepPng = mime === 'image/png';
  const resized = base().resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  const full = keepPng ? await resized.png().toBuffer() : await resized.jpeg({ quality: 85 }).toBuffer();
  const thumbnail = await base()
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
  return { full, fullMime: keepPng ? 'image/png' : 'image/jpeg', thumbnail };
}

/** Stores an uploaded product photo (not yet any product's): 400 for a wrong type or over 5 MB. */
export async function uploadPhoto(deps: ServerDeps, auth: Actor, bytes: Buffer): Promise<ProductPhoto> {
  if (bytes.length > PRODUCT_PHOTO_MAX_BYTES)
    throw badRequest('catalogue.photoSize', { file: 'catalogue.photoSize' });
  const mime = bytes.length > 0 ? await photoTypeOf(bytes) : null;
  if (!mime) throw badRequest('catalogue.photoType', { file: 'catalogue.photoType' });
  const made = await renditions(bytes, mime).catch(() => null);
  if (!made) throw badRequest('catalogue.photoType', { file: 'catalogue.photoType' });
  const id = uuidv7();
  const storageKey = `${auth.clientId}/${id}`;
  const thumbnailKey = `${auth.clientId}/${id}-thumb`;
  const storage = catalogueStorage(deps);
  await storage.put(storageKey, made.full, made.fullMime);
  await storage.put(thumbnailKey, made.thumbnail, 'image/webp');
  await repo.insertPhoto(deps.db, {
    clientId: auth.clientId,
    id,
    mime: made.fullMime,
    storageKey,
    thumbnailKey,
    createdBy: auth.userId,
  });
  return photoOf(id);
}

/** A photo of the caller's business, full size or thumbnail; 404 otherwise. */
export async function readPhoto(deps: ServerDeps, auth: Actor, id: string, size: 'full' | 'thumb') {
  const row = await repo.findPhoto(deps.db, auth.clientId, id);
  if (!row) throw notFound();
  const item = await catalogueStorage(deps).get(size === 'thumb' ? row.thumbnailKey : row.storageKey);
  if (!item) throw notFound();
  return item;
}

const linkKeys = new WeakMap<object, Buffer>();
function linkKeyOf(config: { jwtSecret: string }): Buffer {
  let key = linkKeys.get(config);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'sapa-catalogue-photo', 'v1', 32));
    linkKeys.set(config, key);
  }
  return key;
}
const photoMac = (config: { jwtSecret: string }, clientId: string, id: string) =>
  createHmac('sha256', linkKeyOf(config)).update(`${clientId}\n${id}`).digest('base64url');

export const PUBLIC_PHOTO_PATH = '/catalogue-photos';

/**
 * The public address of a product photo for a provider's catalogue (WhatsApp's `image_link`, fetched by Meta
 * whenever it likes): signed with a key derived from the server secret, valid while the photo exists.
 */
export function publicPhotoUrl(deps: Pick<ServerDeps, 'config'>, clientId: string, photoId: string): string {
  const base = deps.config.publicUrl.replace(/\/$/, '');
  return `${base}${PUBLIC_PHOTO_PATH}/${clientId}/${photoId}?s=${photoMac(deps.config, clientId, photoId)}`;
}

/** `GET /catalogue-photos/<client>/<photo>?s=`: the photo behind a genuine link; 404 otherwise. */
export async function readPublicPhoto(
  deps: ServerDeps,
  clientId: string,
  photoId: string,
  signature: unknown,
) {
  const given = Buffer.from(typeof signature === 'string' ? signature : '', 'base64url');
  const expected = Buffer.from(photoMac(deps.config, clientId, photoId), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
  return readPhoto(deps, { clientId, userId: '' }, photoId, 'full');
}

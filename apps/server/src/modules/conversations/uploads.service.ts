import {
  type AttachmentKind,
  CHANNELS,
  type ChannelCode,
  captionAllowed,
  checkAttachment,
  detectMime,
  emailAttachmentsExceeded,
  storedFileName,
  type Upload,
} from '@sapa/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, conflict } from '../../platform/http/errors.js';
import type { TicketRow } from './conversations.repository.js';
import { type StoredMedia, uploads } from './conversations.schema.js';
import { mediaStorage, mediaUrlOf } from './media-storage.js';

/**
 * The ticket an agent uploads a file for, as the visibility check let it through (same business, seen by
 * the caller): not resolved, as files are only sent as replies.
 */
export function ticketForUpload(ticket: TicketRow): TicketRow {
  if (ticket.status === 'resolved') throw conflict('inbox.ticketClosed');
  return ticket;
}

/** A refused file: 400 with the reason (and its limit) in the caller's language. */
export function refusedFile(reason: ConstructorParameters<typeof AppError>[1], params: (string | number)[]) {
  return new AppError(400, reason, { params });
}

/**
 * Stores one agent upload (000 §5, §9): the type is read from the bytes, checked against the ticket's channel
 * (kinds, extensions, sizes); the file is kept under `<clientId>/<uploadId>` and served by the media route.
 */
export async function uploadAttachment(
  deps: ServerDeps,
  auth: AuthContext,
  ticket: TicketRow,
  file: { bytes: Buffer; filename: string },
): Promise<Upload> {
  const mime = detectMime(file.bytes, file.filename);
  const check = checkAttachment({
    channel: ticket.channel as ChannelCode,
    filename: file.filename,
    mime,
    size: file.bytes.length,
  });
  if (!check.ok) throw refusedFile(check.reason, check.params);
  const id = uuidv7();
  const storageKey = `${auth.clientId}/${id}`;
  const filename = storedFileName(file.filename, new Date());
  await mediaStorage(deps).put(storageKey, file.bytes, mime);
  await deps.db.insert(uploads).values({
    clientId: auth.clientId,
    id,
    storageKey,
    mime,
    filename,
    size: file.bytes.length,
    createdBy: auth.userId,
  });
  return {
    id,
    filename,
    mime,
    kind: check.kind,
    size: file.bytes.length,
    url: mediaUrlOf(auth.clientId, id),
  };
}

/**
 * An agent's upload of this business, checked again for the ticket's channel (it may have been uploaded for
 * another chat), with its caption within the channel's limit (000 §5 caption limits; audio carries none):
 * the message's type, media and payload. Unknown, another business's or a visitor's upload → 400.
 */
export async function attachmentForMessage(
  deps: ServerDeps,
  clientId: string,
  ticket: TicketRow,
  uploadId: string,
  caption: string | undefined,
): Promise<{ kind: AttachmentKind; media: StoredMedia; payload: Record<string, unknown> }> {
  const [upload] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.clientId, clientId), eq(uploads.id, uploadId), isNotNull(uploads.createdBy)));
  if (!upload)
    throw new AppError(400, 'attachment.notFound', { fields: { attachmentId: 'attachment.notFound' } });
  const channel = ticket.channel as ChannelCode;
  const check = checkAttachment({ channel, filename: upload.filename, mime: upload.mime, size: upload.size });
  if (!check.ok) throw refusedFile(check.reason, check.params);
  const limit = CHANNELS[channel].captionLimit;
  if (caption && caption.length > limit)
    throw new AppError(400, 'attachment.captionTooLong', { params: [limit] });
  if (caption && !captionAllowed(check.kind))
    throw new AppError(400, 'attachment.captionNotAllowed', {
      fields: { text: 'attachment.captionNotAllowed' },
    });
  return {
    kind: check.kind,
    media: {
      url: mediaUrlOf(clientId, upload.id),
      mime: upload.mime,
      filename: upload.filename,
      size: upload.size,
    },
    // The send job reads the bytes by their storage key; the WhatsApp sender caches its media id here too.
    payload: { uploadId: upload.id, storageKey: upload.storageKey },
  };
}

/** One file of an agent's email (`payload.emailFiles`): what the chat room lists and what the sender attaches. */
export interface EmailFile extends StoredMedia {
  storageKey: string;
}

/**
 * The uploads of one agent's email (000 §5: each checked for the channel, at most 20, and together under 25
 * units of bytes / 1,024,000, else the spec's "Email attachments total max 25 MB"), in the order given.
 */
export async function emailFilesFor(
  deps: ServerDeps,
  clientId: string,
  ticket: TicketRow,
  uploadIds: readonly string[],
): Promise<EmailFile[]> {
  const files: EmailFile[] = [];
  for (const id of new Set(uploadIds)) {
    const { media, payload } = await attachmentForMessage(deps, clientId, ticket, id, undefined);
    files.push({ ...media, storageKey: String(payload.storageKey) });
  }
  if (emailAttachmentsExceeded(files.reduce((total, f) => total + (f.size ?? 0), 0)))
    throw new AppError(400, 'email.attachmentsTooLarge', {
      fields: { attachmentIds: 'email.attachmentsTooLarge' },
    });
  return files;
}

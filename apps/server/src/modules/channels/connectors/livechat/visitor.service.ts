import { createHash, randomBytes } from 'node:crypto';
import {
  allowedAttachmentKinds,
  checkAttachment,
  detectMime,
  MAX_ATTACHMENTS,
  type MessageType,
  maxAttachmentBytes,
  parsePhone,
  storedFileName,
  type WidgetConfig,
  type WidgetMessage,
  type WidgetServerFrame,
  type WidgetSession,
  type widgetSendBody,
  type widgetSessionBody,
} from '@sapa/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { Db } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, badRequest, notFound, unauthorized } from '../../../../platform/http/errors.js';
import { fillContactDetails, upsertContactByIdentity } from '../../../contacts/index.js';
import {
  applyStatuses,
  findMessageByClientMessageId,
  type InboundMessage,
  ingestInbound,
  type MessageRow,
  mediaStorage,
  messages,
  publishIngested,
  type StoredMedia,
  tickets,
  uploads,
} from '../../../conversations/index.js';
import type { ChannelAccountRow } from '../../channels.service.js';
import { findAccountById } from '../../channels.service.js';
import { livechatVisitors } from '../../livechat.schema.js';
import { livechatConfigOf, markEmbedded } from './livechat.service.js';
import { uuidFromKey } from './livechat-files.js';

export type VisitorRow = typeof livechatVisitors.$inferSelect;

/** The bus topic of frames for visitor sockets (every process's widget hub subscribes). */
export const WIDGET_TOPIC = 'livechat.visitor';
export interface WidgetBusEvent {
  clientId: string;
  contactId: string;
  frame: WidgetServerFrame;
}

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The visitor of a token, for this account. */
export async function visitorOfToken(
  db: Db,
  token: string | null | undefined,
): Promise<VisitorRow | undefined> {
  if (!token || token.length < 20 || token.length > 200) return undefined;
  const [row] = await db
    .select()
    .from(livechatVisitors)
    .where(eq(livechatVisitors.tokenHash, tokenHashOf(token)));
  return row;
}

/** A connected live-chat account by the id in the snippet (public: the id is global). */
export async function liveAccount(db: Db, accountId: string): Promise<ChannelAccountRow> {
  const row = await findAccountById(db, accountId);
  if (row?.channel !== 'LVC' || row.status !== 'connected') throw notFound();
  return row;
}

/** The visitor behind a bearer token on this account, or 401 (the widget asks for the form again). */
export async function requireVisitor(db: Db, account: ChannelAccountRow, token: string | null) {
  const visitor = await visitorOfToken(db, token);
  if (!visitor || visitor.channelAccountId !== account.id || visitor.clientId !== account.clientId)
    throw unauthorized('livechat.sessionExpired');
  return visitor;
}

/** Whether an agent can answer now: someone with inbox access is connected to the chat socket. */
export type OnlineCheck = (clientId: string) => boolean;

export async function widgetConfig(
  deps: ServerDeps,
  account: ChannelAccountRow,
  online: boolean,
  embeddedFromDomain: boolean,
): Promise<WidgetConfig> {
  const config = livechatConfigOf(account);
  if (embeddedFromDomain) await markEmbedded(deps.db, account);
  return {
    accountId: account.id,
    online,
    title: online ? config.onlineTitle : config.offlineTitle,
    message: online ? config.onlineMessage : config.offlineMessage,
    colour: config.colour,
    logoUrl: config.logoUploadId ? `/api/widget/${account.id}/logo?v=${config.logoUploadId}` : null,
    personaName: config.personaName,
    preChatForm: config.preChatForm,
    attachments: {
      maxFiles: MAX_ATTACHMENTS,
      maxBytes: maxAttachmentBytes('LVC'),
      accept: allowedAttachmentKinds('LVC').map((k) => (k === 'document' ? '*/*' : `${k}/*`)),
    },
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Starts a visitor: pre-chat answers and consent → contact, identity (LVC, visitor id) and an opaque token. */
export async function startSession(
  deps: ServerDeps,
  account: ChannelAccountRow,
  body: z.output<typeof widgetSessionBody>,
): Promise<WidgetSession> {
  const config = livechatConfigOf(account);
  const answers: Record<string, string> = {};
  const problems: Record<string, 'validation.fieldRequired' | 'validation.email' | 'validation.phone'> = {};
  for (const field of config.preChatForm.fields) {
    const value = (body.fields[field.customizedData] ?? '').trim();
    if (!value) problems[`fields.${field.customizedData}`] = 'validation.fieldRequired';
    else if (field.customizedData === 'email' && !EMAIL.test(value))
      problems[`fields.${field.customizedData}`] = 'validation.email';
    else if (field.customizedData === 'phone' && !parsePhone(value, 'contact').ok)
      problems[`fields.${field.customizedData}`] = 'validation.phone';
    answers[field.customizedData] = value;
  }
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, problems);

  const visitorId = uuidv7();
  const token = randomBytes(32).toString('base64url');
  const email = answers.email ?? null;
  const phone = answers.phone ? answers.phone.replace(/[\s-]/g, '') : null;
  await deps.db.transaction(async (tx) => {
    const contact = await upsertContactByIdentity(tx, {
      clientId: account.clientId,
      channel: 'LVC',
      channelAccountId: account.id,
      externalId: visitorId,
      name: body.name,
    });
    await fillContactDetails(tx, account.clientId, contact.id, { email, phone });
    await tx.insert(livechatVisitors).values({
      clientId: account.clientId,
      id: visitorId,
      channelAccountId: account.id,
      contactId: contact.id,
      tokenHash: tokenHashOf(token),
      name: body.name,
      email,
      phone,
      fields: answers,
      consentAt: new Date(),
    });
  });
  return { token, visitorId, name: body.name };
}

function mediaOf(accountId: string, row: MessageRow): WidgetMessage['media'] {
  if (!row.media) return [];
  return [
    {
      id: row.id,
      mime: row.media.mime,
      fileName: row.media.filename,
      size: row.media.size,
      url: `/api/widget/${accountId}/media/${row.id}`,
    },
  ];
}

export function toWidgetMessage(account: ChannelAccountRow, row: MessageRow): WidgetMessage {
  const inbound = row.direction === 'in';
  return {
    id: row.id,
    clientMessageId: inbound ? (row.clientMessageId ?? null) : null,
    from: inbound ? 'visitor' : 'agent',
    senderName: inbound ? null : livechatConfigOf(account).personaName,
    type: row.type,
    text: row.text,
    media: mediaOf(account.id, row),
    status: row.status,
    createdAt: row.createdAt.getTime(),
    ...(!inbound && row.payload?.survey ? { survey: true } : {}),
  };
}

/** The visitor's own conversation: public messages of their contact's tickets on this account. */
const visitorScope = (visitor: VisitorRow) =>
  and(
    eq(messages.clientId, visitor.clientId),
    eq(messages.channelAccountId, visitor.channelAccountId),
    eq(messages.visibility, 'public'),
    sql`${messages.ticketId} in (select ${tickets.id} from ${tickets} where ${tickets.clientId} = ${visitor.clientId} and ${tickets.contactId} = ${visitor.contactId} and ${tickets.channelAccountId} = ${visitor.channelAccountId})`,
  );

export async function visitorMessages(deps: ServerDeps, account: ChannelAccountRow, visitor: VisitorRow) {
  const rows = await deps.db
    .select()
    .from(messages)
    .where(visitorScope(visitor))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(200);
  await deps.db
    .update(livechatVisitors)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(livechatVisitors.clientId, visitor.clientId), eq(livechatVisitors.id, visitor.id)));
  return { items: rows.reverse().map((r) => toWidgetMessage(account, r)) };
}

/**
 * Stores a visitor's file before it is sent: the type is read from the bytes and checked against LVC's
 * attachment rules (000 §5: image, video, document), the name stored as 000 §9 says.
 */
export async function storeVisitorUpload(
  deps: ServerDeps,
  visitor: VisitorRow,
  bytes: Buffer,
  name: string | undefined,
) {
  const original = name?.trim() || 'file';
  const mime = detectMime(bytes, original);
  const checked = checkAttachment({ channel: 'LVC', filename: original, mime, size: bytes.length });
  if (!checked.ok)
    throw new AppError(400, checked.reason, { params: checked.params, fields: { file: checked.reason } });
  const id = uuidv7();
  const storageKey = `${visitor.clientId}/${id}`;
  const fileName = storedFileName(original, new Date());
  await mediaStorage(deps).put(storageKey, bytes, mime);
  await deps.db.insert(uploads).values({
    clientId: visitor.clientId,
    id,
    storageKey,
    mime,
    filename: fileName,
    size: bytes.length,
    visitorId: visitor.id,
  });
  return { uploadId: id, fileName, mime, size: bytes.length };
}

function typeOfMime(mime: string): MessageType {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  return 'document';
}

/**
 * A visitor's send: one text message and one message per attachment (a message carries one media),
 * idempotent on the widget's client id (each part gets a UUID derived from it). Goes through the same
 * ticket path as WhatsApp inbound and is published to the agents.
 */
export async function visitorSend(
  deps: ServerDeps,
  account: ChannelAccountRow,
  visitor: VisitorRow,
  body: z.output<typeof widgetSendBody>,
  publishToVisitor: (frame: WidgetServerFrame) => Promise<void>,
): Promise<WidgetMessage> {
  // A tapped star: the rating as the visitor's answer (its stars as the text), read by the survey like any tap.
  const stars = body.rating ? `${'⭐'.repeat(body.rating)} ${body.rating}/5` : null;
  const text = stars ?? body.text.trim();
  if (!text && body.attachmentIds.length === 0) throw badRequest('livechat.emptyMessage');
  const files = body.attachmentIds.length
    ? await deps.db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.clientId, visitor.clientId),
            eq(uploads.visitorId, visitor.id),
            inArray(uploads.id, body.attachmentIds),
          ),
        )
    : [];
  if (files.length !== new Set(body.attachmentIds).size) throw notFound();
  const byId = new Map(files.map((f) => [f.id, f]));
  const parts: {
    type: MessageType;
    text: string | null;
    media: StoredMedia | null;
    mediaKey: string | null;
  }[] = [];
  if (text) parts.push({ type: stars ? 'interactive' : 'text', text, media: null, mediaKey: null });
  for (const id of new Set(body.attachmentIds)) {
    const f = byId.get(id)!;
    parts.push({
      type: typeOfMime(f.mime),
      text: null,
      media: { url: '', mime: f.mime, filename: f.filename, size: f.size },
      mediaKey: f.storageKey,
    });
  }
  const keyBase = createHash('sha256').update(`${visitor.id}:${body.clientMessageId}`).digest('hex');
  const now = new Date();
  const batch: InboundMessage[] = parts.map((part, i) => {
    const id = uuidv7();
    return {
      clientId: visitor.clientId,
      channel: 'LVC',
      channelAccountId: account.id,
      sender: { contactId: visitor.contactId },
      id,
      providerMessageId: id,
      clientMessageId: uuidFromKey(createHash('sha256').update(`${keyBase}:${i}`).digest('hex')),
      type: part.type,
      text: part.text,
      ...(stars && i === 0
        ? { payload: { kind: 'stars', reply: { id: `survey:${body.rating}`, title: stars } } }
        : {}),
      // The agent's media route serves /api/media/<client>/<storage id>; the upload's bytes are there.
      media: part.media && part.mediaKey ? { ...part.media, url: `/api/media/${part.mediaKey}` } : null,
      at: new Date(now.getTime() + i),
    };
  });
  const outcome = await deps.db.transaction((tx) => ingestInbound(tx, { messages: batch }));
  const first =
    outcome.created.find((r) => r.id === batch[0]!.id) ??
    (await findMessageByClientMessageId(deps.db, visitor.clientId, batch[0]!.clientMessageId!));
  if (!first) throw notFound();
  await publishIngested(deps, outcome);
  // The visitor's other tabs show it too.
  for (const row of outcome.created)
    await publishToVisitor({ type: 'message', message: toWidgetMessage(account, row) });
  return toWidgetMessage(account, first);
}

/** The widget's receipts for agent messages: delivered on arrival, read when the chat is open and seen. */
export async function applyReceipts(
  deps: ServerDeps,
  visitor: VisitorRow,
  messageIds: string[],
  status: 'delivered' | 'read',
  publishToVisitor: (frame: WidgetServerFrame) => Promise<void>,
) {
  const own = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(visitorScope(visitor), eq(messages.direction, 'out'), inArray(messages.id, messageIds)));
  for (const { id } of own) {
    // Monotonic like provider statuses (pending < sent < delivered < read), by message id: a receipt may
    // arrive before the send job has recorded the send.
    const outcome = await deps.db.transaction((tx) =>
      applyStatuses(tx, [
        {
          clientId: visitor.clientId,
          channelAccountId: visitor.channelAccountId,
          ref: { messageId: id },
          status,
        },
      ]),
    );
    const updated = outcome.updated[0];
    if (!updated) continue;
    await publishIngested(deps, outcome);
    await publishToVisitor({ type: 'message.status', id: updated.id, status: updated.status });
  }
  return { ok: true as const };
}

/** A media file of the visitor's own conversation (never another visitor's). */
export async function visitorMedia(deps: ServerDeps, visitor: VisitorRow, messageId: string) {
  const [row] = await deps.db
    .select({ media: messages.media })
    .from(messages)
    .where(and(visitorScope(visitor), eq(messages.id, messageId)));
  const url = row?.media?.url;
  const match = url ? /^\/api\/media\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/i.exec(url) : null;
  if (!match || match[1] !== visitor.clientId) throw notFound();
  const item = await mediaStorage(deps).get(`${match[1]}/${match[2]}`);
  if (!item) throw notFound();
  return { ...item, fileName: row!.media!.filename };
}

export async function publishToContact(
  deps: Pick<ServerDeps, 'bus' | 'logger'>,
  clientId: string,
  contactId: string,
  frame: WidgetServerFrame,
) {
  try {
    await deps.bus.publish(WIDGET_TOPIC, { clientId, contactId, frame } satisfies WidgetBusEvent);
  } catch (err) {
    deps.logger.warn({ err }, 'widget publish failed');
  }
}

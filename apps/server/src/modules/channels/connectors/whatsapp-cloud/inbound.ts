import { type MessageKey, type MessageStatus, type MessageType, translate } from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { DbOrTx } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { defineJob } from '../../../../platform/jobs/job-queue.js';
import { upsertContactByIdentity } from '../../../contacts/contacts.service.js';
import { publishMessageUpdated, publishRealtime } from '../../../tickets/realtime.js';
import { messages, tickets } from '../../../tickets/tickets.schema.js';
import {
  findOrOpenTicket,
  getTicketSummary,
  type MessageRow,
  previewOf,
  toMessage,
} from '../../../tickets/tickets.service.js';
import { inboundEvents } from '../../channels.schema.js';
import type { WaError, WaMessage, WaStatus, WaWebhook } from './webhook-types.js';

const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'] as const;

/** A webhook message in Sapa's shape (media bytes are not fetched yet: the media id stays in the payload). */
export function normaliseMessage(m: WaMessage): {
  type: MessageType;
  text: string | null;
  payload: Record<string, unknown> | null;
} {
  const t = m.type ?? 'unsupported';
  if (t === 'text') return { type: 'text', text: m.text?.body ?? '', payload: null };
  if ((MEDIA_TYPES as readonly string[]).includes(t)) {
    const media = m[t as (typeof MEDIA_TYPES)[number]] ?? {};
    return {
      type: t as MessageType,
      text: media.caption ?? null,
      payload: {
        mediaId: media.id ?? null,
        mime: media.mime_type ?? null,
        sha256: media.sha256 ?? null,
        filename: media.filename ?? null,
        ...(media.voice ? { voice: true } : {}),
      },
    };
  }
  if (t === 'location') {
    const l = m.location ?? {};
    return { type: 'location', text: l.name ?? l.address ?? null, payload: { ...l } };
  }
  if (t === 'contacts') return { type: 'contacts', text: null, payload: { contacts: m.contacts ?? [] } };
  if (t === 'interactive') {
    const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
    return {
      type: 'interactive',
      text: reply?.title ?? null,
      payload: { kind: m.interactive?.type ?? null, id: reply?.id ?? null, title: reply?.title ?? null },
    };
  }
  if (t === 'button') {
    return { type: 'button', text: m.button?.text ?? null, payload: { payload: m.button?.payload ?? null } };
  }
  if (t === 'reaction') {
    return {
      type: 'reaction',
      text: m.reaction?.emoji ?? null,
      payload: { providerMessageId: m.reaction?.message_id ?? null, emoji: m.reaction?.emoji ?? '' },
    };
  }
  return { type: 'unsupported', text: null, payload: { originalType: t } };
}

/** Provider time in the past only (a skewed clock must not extend the 24-hour window). */
function timeOf(timestamp: string | undefined, now: Date): Date {
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || seconds <= 0) return now;
  return new Date(Math.min(seconds * 1000, now.getTime()));
}

const STATUS_RANK: Record<string, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

/** A failed status's error for the message: the spec's reason for the codes it names, the provider's otherwise. */
export function failureOf(errors: WaError[] | undefined, fallbackKey: MessageKey = 'wa.failed') {
  const e = errors?.[0];
  const code = e?.code ?? null;
  const title = e?.error_data?.details || e?.title || e?.message || 'unknown';
  return failure(
    code === 131047 ? 'wa.reengagement' : code === 131026 ? 'wa.undeliverable' : fallbackKey,
    title,
  );
}

/** `code` is the message key (the web translates it); `message` is the English text. */
export function failure(key: MessageKey, title = '') {
  return { code: key, message: translate(key, 'en', [title]) };
}

async function findByWamid(db: DbOrTx, clientId: string, channelAccountId: string, wamid: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.clientId, clientId),
        eq(messages.channelAccountId, channelAccountId),
        eq(messages.providerMessageId, wamid),
      ),
    );
  return row;
}

/**
 * Applies a status monotonically in one UPDATE: pending < sent < delivered < read; failed is terminal and
 * never replaces read; nothing moves back. Returns the row when it changed.
 */
export async function applyStatus(
  db: DbOrTx,
  input: {
    clientId: string;
    channelAccountId: string;
    wamid: string;
    status: MessageStatus;
    error?: { code: string; message: string } | null;
  },
): Promise<MessageRow | undefined> {
  const rank = sql`(case ${messages.status} when 'pending' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 9 end)`;
  const allowed =
    input.status === 'failed'
      ? sql`${messages.status} in ('pending', 'sent', 'delivered')`
      : sql`${rank} < ${STATUS_RANK[input.status] ?? -1}`;
  const [row] = await db
    .update(messages)
    .set({
      status: input.status,
      ...(input.status === 'failed' ? { error: input.error ?? null } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.clientId, input.clientId),
        eq(messages.channelAccountId, input.channelAccountId),
        eq(messages.providerMessageId, input.wamid),
        eq(messages.direction, 'out'),
        allowed,
      ),
    )
    .returning();
  return row;
}

export const inboundJobSchema = z.object({ clientId: z.string().uuid(), eventId: z.string().uuid() });

/** Thrown when a status names a message not stored yet (its send job may still be saving the wamid). */
class StatusBeforeMessage extends Error {}

/** Called for every new inbound message with a media id (the media job fetches the bytes). */
export type OnMedia = (clientId: string, messageId: string) => Promise<void>;

export function whatsappInboundJob(deps: ServerDeps, onMedia?: OnMedia) {
  return defineJob({
    name: 'inbound.whatsapp-cloud',
    schema: inboundJobSchema,
    retryLimit: 8,
    retryDelaySeconds: 1,
    concurrency: 4,
    handler: async ({ clientId, eventId }, meta) => {
      const [event] = await deps.db
        .select()
        .from(inboundEvents)
        .where(and(eq(inboundEvents.clientId, clientId), eq(inboundEvents.id, eventId)));
      if (!event || event.processedAt) return;
      let missingStatuses = 0;
      try {
        missingStatuses = await processDelivery(
          deps,
          clientId,
          event.channelAccountId,
          event.raw as WaWebhook,
          onMedia,
        );
      } catch (err) {
        deps.logger.error({ err, eventId }, 'whatsapp inbound processing failed');
        throw err;
      }
      // A status that arrives before its message's wamid is saved: try again later (all else is idempotent).
      if (missingStatuses > 0 && meta.retryCount < meta.retryLimit)
        throw new StatusBeforeMessage(`${missingStatuses} status(es) for unknown messages`);
      await deps.db
        .update(inboundEvents)
        .set({ processedAt: new Date() })
        .where(and(eq(inboundEvents.clientId, clientId), eq(inboundEvents.id, eventId)));
    },
  });
}

/** Every entry, change, message and status of one delivery. Returns how many statuses named unknown messages. */
export async function processDelivery(
  deps: ServerDeps,
  clientId: string,
  channelAccountId: string,
  body: WaWebhook,
  onMedia?: OnMedia,
): Promise<number> {
  let missing = 0;
  for (const entry of body.entry ?? []) {
    for (const change of entry.changes ?? []) {
      if (change.field !== 'messages' || !change.value) continue;
      const value = change.value;
      const names = new Map<string, string>();
      for (const c of value.contacts ?? [])
        if (c.wa_id && c.profile?.name) names.set(c.wa_id, c.profile.name);
      for (const m of value.messages ?? []) {
        if (!m.id || !m.from) continue;
        await processMessage(deps, clientId, channelAccountId, m, names.get(m.from) ?? null, onMedia);
      }
      for (const s of value.statuses ?? []) {
        if (!(await processStatus(deps, clientId, channelAccountId, s))) missing++;
      }
      for (const e of value.errors ?? []) {
        deps.logger.warn(
          { clientId, channelAccountId, code: e.code, title: e.title },
          'whatsapp webhook error',
        );
      }
    }
  }
  return missing;
}

async function processMessage(
  deps: ServerDeps,
  clientId: string,
  channelAccountId: string,
  m: WaMessage,
  profileName: string | null,
  onMedia?: OnMedia,
) {
  const now = new Date();
  const at = timeOf(m.timestamp, now);
  const normal = normaliseMessage(m);

  // A reaction is attached to the message it reacts to.
  if (normal.type === 'reaction' && m.reaction?.message_id) {
    const target = await findByWamid(deps.db, clientId, channelAccountId, m.reaction.message_id);
    if (target) {
      const [updated] = await deps.db
        .update(messages)
        .set({
          payload: sql`coalesce(${messages.payload}, '{}'::jsonb) || ${JSON.stringify({ reaction: m.reaction.emoji ?? '' })}::jsonb`,
          updatedAt: now,
        })
        .where(and(eq(messages.clientId, clientId), eq(messages.id, target.id)))
        .returning();
      if (updated) await publishMessageUpdated(deps, clientId, updated);
      return;
    }
  }

  const result = await deps.db.transaction(async (tx) => {
    const contact = await upsertContactByIdentity(tx, {
      clientId,
      channel: 'WAP',
      channelAccountId,
      externalId: m.from!,
      name: profileName,
    });
    const ticket = await findOrOpenTicket(tx, {
      clientId,
      contactId: contact.id,
      channel: 'WAP',
      channelAccountId,
      at: now,
    });
    const replyTo = m.context?.id
      ? await findByWamid(tx, clientId, channelAccountId, m.context.id)
      : undefined;
    const [message] = await tx
      .insert(messages)
      .values({
        clientId,
        id: uuidv7(),
        ticketId: ticket.id,
        channelAccountId,
        direction: 'in',
        visibility: 'public',
        type: normal.type,
        text: normal.text,
        payload: normal.payload,
        status: 'received',
        providerMessageId: m.id!,
        replyToId: replyTo?.id ?? null,
        createdAt: at,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!message) return null; // a redelivery or duplicate: nothing twice
    await tx
      .update(tickets)
      .set({
        lastMessageAt: sql`greatest(${tickets.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
        lastMessagePreview: previewOf(message),
        lastMessageDirection: 'in',
        lastMessageStatus: 'received',
        lastCustomerMessageAt: sql`greatest(coalesce(${tickets.lastCustomerMessageAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
        unreadCount: sql`${tickets.unreadCount} + 1`,
        responded: false,
        updatedAt: now,
      })
      .where(and(eq(tickets.clientId, clientId), eq(tickets.id, ticket.id)));
    return message;
  });
  if (!result) return;
  if (result.payload?.mediaId && onMedia) await onMedia(clientId, result.id);
  const ticket = await getTicketSummary(deps.db, clientId, result.ticketId);
  if (ticket)
    await publishRealtime(deps, { type: 'message.created', clientId, ticket, message: toMessage(result) });
}

/** Returns false when the status names no stored message. */
async function processStatus(
  deps: ServerDeps,
  clientId: string,
  channelAccountId: string,
  s: WaStatus,
): Promise<boolean> {
  if (!s.id || !s.status) return true;
  const status: MessageStatus | null =
    s.status === 'played'
      ? 'read'
      : ((['sent', 'delivered', 'read', 'failed'] as const).find((x) => x === s.status) ?? null);
  if (!status) return true;
  const updated = await applyStatus(deps.db, {
    clientId,
    channelAccountId,
    wamid: s.id,
    status,
    error: status === 'failed' ? failureOf(s.errors) : null,
  });
  if (!updated) return (await findByWamid(deps.db, clientId, channelAccountId, s.id)) !== undefined;
  await deps.db
    .update(tickets)
    .set({ lastMessageStatus: updated.status })
    .where(
      and(
        eq(tickets.clientId, clientId),
        eq(tickets.id, updated.ticketId),
        eq(tickets.lastMessageDirection, 'out'),
        sql`${tickets.lastMessageAt} <= ${updated.createdAt.toISOString()}::timestamptz`,
      ),
    );
  await publishMessageUpdated(deps, clientId, updated);
  return true;
}

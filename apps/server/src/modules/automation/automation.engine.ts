import {
  type AutoChatSettings,
  type ChannelCode,
  isOpenAt,
  nextOpeningAt,
  type RealtimeEvent,
  replyStyleFor,
  SURVEY_COMMENT_MAX,
  SURVEY_OPTIONS,
  surveyRatingOf,
  tappedReplyOf,
  type WeeklySchedule,
  wibClockOf,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import {
  getTicket,
  getTicketSummary,
  publishRealtime,
  recordOutbound,
  replyWindowOpen,
  resolveTicketAsSystem,
  type TicketRow,
  toMessage,
} from '../conversations/index.js';
import { requestAutoAssign } from '../teams/index.js';
import { answerWithChatbot } from './automation.chatbot.js';
import { type AutomationContext, enqueue, AUTOMATION_QUEUES as Q } from './automation.jobs.js';
import {
  agentRepliedSince,
  answerSurvey,
  claimDueCloses,
  claimLogEntry,
  type DueClose,
  finishClose,
  groupsOf,
  insertSurvey,
  lastAgentReplyAt,
  logHasKey,
  messageOf,
  pendingSurveyOf,
  rescheduleClose,
  scheduleClose,
} from './automation.repository.js';
import type { AutoChatKind } from './automation.schema.js';
import { autoChatSettingsOf, autoCloseBlockOf } from './automation.settings.js';
import { csTagsOf } from './automation.survey.js';

const MINUTE = 60_000;
/** A survey waits a day for its answer. */
const SURVEY_ANSWER_WINDOW_MS = 24 * 60 * MINUTE;
/** A survey is asked only right after the resolve (a queue delay at most). */
const SURVEY_ASK_WITHIN_MS = 15 * MINUTE;
const OPEN_STATUSES = new Set(['unassigned', 'assigned']);

export function scheduleOf(settings: AutoChatSettings): WeeklySchedule {
  return { days: settings.days, holidays: settings.holidays };
}

/**
 * Sends one automatic message through the channel's rules, once per `dedupeKey`: inside the reply window it is
 * recorded (sender: nobody, payload `automatic: kind`) and handed to the channel's send job; outside it (a
 * template would be needed) or on a closed chat it is skipped and the reason logged. Returns the message id.
 */
export async function sendAutomatic(
  ctx: AutomationContext,
  ticket: TicketRow,
  kind: AutoChatKind,
  dedupeKey: string,
  text: string,
  options: {
    allowResolved?: boolean;
    payload?: Record<string, unknown>;
    /** More to do in the transaction that records the message (the chatbot's charge). */
    within?: (tx: DbOrTx, messageId: string) => Promise<void>;
  } = {},
): Promise<string | null> {
  const now = ctx.now();
  const closed = ticket.status === 'resolved' && !options.allowResolved;
  const skip = closed ? 'ticketClosed' : replyWindowOpen(ticket, now.getTime()) ? null : 'outsideWindow';
  const messageId = skip ? null : uuidv7();
  const { clientId, id: ticketId } = ticket;
  const row = await ctx.deps.db.transaction(async (tx) => {
    const entry = { clientId, ticketId, kind, dedupeKey, at: now, messageId, reason: skip };
    if (!(await claimLogEntry(tx, { ...entry, outcome: skip ? 'skipped' : 'sent' }))) return null;
    if (!messageId) return null;
    const recorded = await recordOutbound(tx, {
      clientId,
      id: messageId,
      ticketId,
      channelAccountId: ticket.channelAccountId,
      visibility: 'public',
      type: 'text',
      text,
      payload: { automatic: kind, ...options.payload },
      status: 'pending',
      senderUserId: null,
      createdAt: now,
      updatedAt: now,
    });
    await options.within?.(tx, messageId);
    return recorded;
  });
  if (!row) return null;
  await ctx.deps.jobs.send(ctx.send, { clientId, messageId: row.id });
  const summary = await getTicketSummary(ctx.deps.db, clientId, ticketId);
  if (summary)
    await publishRealtime(ctx.deps, {
      type: 'message.created',
      clientId,
      ticket: summary,
      message: toMessage(row),
    });
  return row.id;
}

/** A customer's message: a survey answer, or the greeting, the follow-up and auto close, and the group's hours. */
export async function handleInbound(
  ctx: AutomationContext,
  data: { clientId: string; ticketId: string; messageId: string },
): Promise<void> {
  const { db } = ctx.deps;
  const [ticket, message] = await Promise.all([
    getTicket(db, data.clientId, data.ticketId),
    messageOf(db, data.clientId, data.messageId),
  ]);
  if (!ticket || !message || message.direction !== 'in') return;
  if (await takeSurveyAnswer(ctx, ticket, message)) return;
  if (await answerWithChatbot(ctx, sendAutomatic, ticket, message)) return;
  const settings = await autoChatSettingsOf(db, data.clientId);
  if (settings.enabled) {
    await greet(ctx, settings, ticket);
    const since = message.createdAt;
    const ref = { clientId: ticket.clientId, ticketId: ticket.id, since: since.toISOString() };
    if (settings.followUp.enabled)
      await enqueue(ctx, Q.followUp, ref, {
        key: `fu:${message.id}`,
        at: new Date(since.getTime() + settings.followUp.delayMinutes * MINUTE),
      });
  }
  await awaitGroupOpening(ctx, ticket);
}

/** 001 §3 in-hours and out-of-hours message: once a WIB day per customer when asked, else once per chat. */
async function greet(ctx: AutomationContext, settings: AutoChatSettings, ticket: TicketRow) {
  const now = ctx.now();
  const clock = wibClockOf(now);
  const open = isOpenAt(scheduleOf(settings), now);
  const day = settings.days.find((d) => d.day === clock.day);
  const text = open ? day?.inHoursMessage : day?.outOfHoursMessage;
  if (!text) return;
  const key = settings.showOncePerDay ? `greet:${ticket.contactId}:${clock.date}` : `greet:${ticket.id}`;
  await sendAutomatic(ctx, ticket, open ? 'inHours' : 'outOfHours', key, text);
}

/**
 * 000 §2 group operational hours: a waiting chat whose group is closed now waits; an assignment round is
 * queued for the moment the group opens, so waiting chats get assigned then.
 */
async function awaitGroupOpening(ctx: AutomationContext, ticket: TicketRow) {
  if (ticket.status !== 'unassigned' || ticket.assigneeId) return;
  const groups = await groupsOf(ctx.deps.db, ticket.clientId);
  const group = groups.find((g) => g.id === ticket.groupId) ?? groups.find((g) => g.isDefault);
  if (!group || group.hours.length === 0) return;
  const schedule = groupSchedule(group.hours);
  const now = ctx.now();
  if (isOpenAt(schedule, now)) return;
  const at = nextOpeningAt(schedule, now);
  if (at)
    await enqueue(ctx, Q.hoursOpen, { clientId: ticket.clientId }, { key: `open:${at.toISOString()}`, at });
}

/** A group's operational hours (teams' shape: open flag, from–to; equal times = all day) as a schedule. */
export function groupSchedule(
  hours: readonly { day: number; open: boolean; from: string; to: string }[],
): WeeklySchedule {
  return {
    days: [0, 1, 2, 3, 4, 5, 6].map((day) => {
      const h = hours.find((d) => d.day === day);
      return h?.open
        ? { day, mode: 'HOURS' as const, open: h.from, close: h.to }
        : { day, mode: 'CLOSED' as const, open: '00:00', close: '00:00' };
    }),
    holidays: [],
  };
}

export async function handleHoursOpen(ctx: AutomationContext, data: { clientId: string }) {
  await requestAutoAssign(ctx.deps, data.clientId);
}

/** Runs the job again at `at` when it fired early (a longer delay was saved meanwhile). */
async function notYet(
  ctx: AutomationContext,
  queue: typeof Q.followUp | typeof Q.autoClose,
  data: { clientId: string; ticketId: string; since: string },
  at: Date,
) {
  if (ctx.now() >= at) return false;
  await enqueue(ctx, queue, data, { key: `${queue.name}:${data.ticketId}:${at.toISOString()}`, at });
  return true;
}

/** 001 §3 follow-up message: N minutes after the customer's message without an agent's reply, once. */
export async function handleFollowUp(
  ctx: AutomationContext,
  data: { clientId: string; ticketId: string; since: string },
) {
  const { db } = ctx.deps;
  const ticket = await getTicket(db, data.clientId, data.ticketId);
  if (!ticket || !OPEN_STATUSES.has(ticket.status)) return;
  const settings = await autoChatSettingsOf(db, data.clientId);
  if (!settings.enabled || !settings.followUp.enabled) return;
  const since = new Date(data.since);
  if (await agentRepliedSince(db, data.clientId, data.ticketId, since)) return;
  if (
    await notYet(ctx, Q.followUp, data, new Date(since.getTime() + settings.followUp.delayMinutes * MINUTE))
  )
    return;
  const lastReply = await lastAgentReplyAt(db, data.clientId, data.ticketId);
  // One follow-up per stretch without an agent's reply, however many messages the customer sent.
  const key = `followUp:${ticket.id}:${lastReply?.getTime() ?? 0}`;
  await sendAutomatic(ctx, ticket, 'followUp', key, settings.followUp.message);
}

/**
 * 001 §3 auto close: N minutes of customer silence close the chat with its message and description. A
 * customer who wrote again moved `lastCustomerMessageAt` past `since`: this job is void (their message queued
 * its own). Off on free status or without credits (001 §4): skipped with the reason.
 */
export async function handleAutoClose(
  ctx: AutomationContext,
  data: { clientId: string; ticketId: string; since: string },
) {
  const { db } = ctx.deps;
  const ticket = await getTicket(db, data.clientId, data.ticketId);
  if (!ticket || !OPEN_STATUSES.has(ticket.status)) return;
  const settings = await autoChatSettingsOf(db, data.clientId);
  if (!settings.enabled || !settings.autoClose.enabled) return;
  const last = ticket.lastCustomerMessageAt;
  if (!last || last.getTime() > new Date(data.since).getTime()) return;
  if (
    await notYet(ctx, Q.autoClose, data, new Date(last.getTime() + settings.autoClose.delayMinutes * MINUTE))
  )
    return;
  await closeNow(ctx, ticket, settings, last);
}

/** Auto close decided for a chat silent since `last`: skipped on a free or empty account, else message and resolve. */
async function closeNow(
  ctx: AutomationContext,
  ticket: TicketRow,
  settings: AutoChatSettings,
  last: Date,
  blockOf: (clientId: string) => Promise<'free' | 'credits' | null> = (clientId) =>
    autoCloseBlockOf(ctx.deps.db, clientId),
) {
  const { db } = ctx.deps;
  const key = `autoClose:${ticket.id}:${last.getTime()}`;
  const block = await blockOf(ticket.clientId);
  if (block) {
    await claimLogEntry(db, {
      clientId: ticket.clientId,
      ticketId: ticket.id,
      kind: 'autoClose',
      dedupeKey: key,
      outcome: 'skipped',
      reason: `unavailable:${block}`,
      at: ctx.now(),
    });
    return;
  }
  if (await logHasKey(db, ticket.clientId, key)) return;
  if (settings.autoClose.message)
    await sendAutomatic(ctx, ticket, 'autoClose', key, settings.autoClose.message);
  else
    await claimLogEntry(db, {
      clientId: ticket.clientId,
      ticketId: ticket.id,
      kind: 'autoClose',
      dedupeKey: key,
      outcome: 'sent',
      at: ctx.now(),
    });
  await resolveTicketAsSystem(
    ctx.deps,
    { clientId: ticket.clientId, ticketId: ticket.id },
    settings.autoClose.description || null,
  );
}

/** How many due closes one claim takes, and how many of them run at once. */
const CLOSE_BATCH = 200;
const CLOSE_PARALLEL = 8;
/** A claimed close not decided in this time (its process died) is claimed again. */
const CLOSE_LEASE_MS = 120_000;

/**
 * The auto-close drain: claims the closes due now in batches (`FOR UPDATE SKIP LOCKED`, so several workers share
 * them) and decides each — nothing when the chat is closed or its customer wrote again, later when a longer
 * delay was saved meanwhile, else `closeNow`. Answers whether there may be more due right away.
 */
export async function closeDueChats(ctx: AutomationContext): Promise<boolean> {
  const { db } = ctx.deps;
  const claimed = await claimDueCloses(db, ctx.now(), CLOSE_BATCH, CLOSE_LEASE_MS);
  if (claimed.length === 0) return false;
  // A batch reads each business's settings and plan state once.
  const settingsFor = oncePerClient((clientId) => autoChatSettingsOf(db, clientId));
  const blockOf = oncePerClient((clientId) => autoCloseBlockOf(db, clientId));
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < claimed.length; i = next++) {
      const row = claimed[i]!;
      try {
        await decideClose(ctx, row, await settingsFor(row.clientId), blockOf);
      } catch (err) {
        // Left leased: claimed again when the lease ends.
        ctx.deps.logger.warn({ err, ticketId: row.ticketId }, 'auto close failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CLOSE_PARALLEL, claimed.length) }, worker));
  return claimed.length === CLOSE_BATCH;
}

function oncePerClient<T>(read: (clientId: string) => Promise<T>): (clientId: string) => Promise<T> {
  const known = new Map<string, Promise<T>>();
  return (clientId) => {
    const hit = known.get(clientId);
    if (hit) return hit;
    const value = read(clientId);
    known.set(clientId, value);
    return value;
  };
}

async function decideClose(
  ctx: AutomationContext,
  row: DueClose,
  settings: AutoChatSettings,
  blockOf: (clientId: string) => Promise<'free' | 'credits' | null>,
) {
  const { db } = ctx.deps;
  const ticket = await getTicket(db, row.clientId, row.ticketId);
  const last = ticket?.lastCustomerMessageAt;
  if (
    !ticket ||
    !OPEN_STATUSES.has(ticket.status) ||
    !settings.enabled ||
    !settings.autoClose.enabled ||
    !last ||
    last.getTime() > row.since.getTime()
  )
    return finishClose(db, row);
  const due = new Date(last.getTime() + settings.autoClose.delayMinutes * MINUTE);
  if (ctx.now() < due) return rescheduleClose(db, row, due);
  await closeNow(ctx, ticket, settings, last, blockOf);
  await finishClose(db, row);
}

/**
 * A customer's message schedules the chat's auto close (001 §3) as it arrives, without a job per message: the
 * close is due the configured delay after the message; a newer message moves it (writing again cancels it).
 */
export async function scheduleAutoClose(
  ctx: Pick<AutomationContext, 'deps'>,
  data: { clientId: string; ticketId: string; since: Date },
) {
  const settings = await autoChatSettingsOf(ctx.deps.db, data.clientId);
  if (!settings.enabled || !settings.autoClose.enabled) return;
  await scheduleClose(ctx.deps.db, {
    ...data,
    dueAt: new Date(data.since.getTime() + settings.autoClose.delayMinutes * MINUTE),
  });
}

/** The rating options under the survey question (a numbered reply: every channel can answer it). */
export function surveyText(template: string): string {
  return `${template}\n\n1 = 😞 Sangat buruk / Very poor\n2 = 🙁 Buruk / Poor\n3 = 😐 Cukup / Fair\n4 = 🙂 Baik / Good\n5 = 😄 Sangat baik / Excellent\n\nBalas dengan angka 1–5 / Reply with 1–5`;
}

/**
 * How the survey asks on a channel: WhatsApp with its configured style (3 reply buttons, or the list of 5),
 * other channels with reply buttons with the 5 ratings as buttons, the live-chat widget with stars (it reads
 * `payload.survey`), everywhere else the numbered text. The stored text is what the inbox shows.
 */
export function surveyMessageOf(
  channel: ChannelCode,
  settings: AutoChatSettings['survey'],
): { text: string; replyButtons: Record<string, unknown> | null } {
  const wanted = channel === 'WAP' ? (settings.style ?? 'list') : 'list';
  const options = SURVEY_OPTIONS[wanted].map(({ id, title }) => ({ id, title }));
  // The live-chat widget shows its stars under the question (`payload.survey`).
  if (channel === 'LVC') return { text: settings.template, replyButtons: null };
  const style = replyStyleFor(channel, options, wanted);
  if (!style) return { text: surveyText(settings.template), replyButtons: null };
  return { text: settings.template, replyButtons: { style, listLabel: 'Beri nilai', options } };
}

/** 001 §3 survey rating: a resolved chat asks its customer once (not a chat that was itself a survey answer). */
export async function handleSurvey(ctx: AutomationContext, data: { clientId: string; ticketId: string }) {
  const { db } = ctx.deps;
  const ticket = await getTicket(db, data.clientId, data.ticketId);
  if (ticket?.status !== 'resolved' || !ticket.resolvedAt) return;
  // Only a chat resolved just now: a later change to an old resolved chat asks nothing.
  if (ctx.now().getTime() - ticket.resolvedAt.getTime() > SURVEY_ASK_WITHIN_MS) return;
  const settings = await autoChatSettingsOf(db, data.clientId);
  if (!settings.survey.enabled) return;
  if (await logHasKey(db, data.clientId, `surveyAnswer:${ticket.id}`)) return;
  const asked = await insertSurvey(db, {
    clientId: ticket.clientId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    channelAccountId: ticket.channelAccountId,
    agentId: ticket.assigneeId,
    csTags: await csTagsOf(db, ticket.clientId, ticket.assigneeId),
    askedAt: ctx.now(),
  });
  if (!asked) return;
  const ask = surveyMessageOf(ticket.channel as ChannelCode, settings.survey);
  await sendAutomatic(ctx, ticket, 'survey', `survey:${ticket.id}`, ask.text, {
    allowResolved: true,
    payload: {
      survey: { ticketId: ticket.id, scale: 5 },
      ...(ask.replyButtons ? { replyButtons: ask.replyButtons } : {}),
    },
  });
}

/** A rating in a customer's message: '4', '4 cepat sekali', or a rating button's id 'survey:4'. */
export function parseRating(
  text: string | null,
  payload: Record<string, unknown> | null,
): { rating: number; comment: string | null } | null {
  // A tapped rating (a reply button, list row, quick reply, callback or postback; the widget's stars).
  const tapped =
    tappedReplyOf(payload)?.id ?? (typeof payload?.buttonId === 'string' ? payload.buttonId : null);
  const rating = tapped ? surveyRatingOf(tapped) : null;
  if (rating) return { rating, comment: null };
  const match = /^\s*([1-5])(?:\s*(?:[.)\-:,]|⭐)?\s+([\s\S]*\S))?\s*$/u.exec(text ?? '');
  if (!match) return null;
  const comment = match[2]?.trim().slice(0, SURVEY_COMMENT_MAX) || null;
  return { rating: Number(match[1]), comment };
}

/**
 * A rating from a customer with a survey waiting (a day at most): stored on the rated ticket, thanked, and the
 * chat the answer opened is closed at once (it carries no request).
 */
async function takeSurveyAnswer(
  ctx: AutomationContext,
  ticket: TicketRow,
  message: { text: string | null; payload: Record<string, unknown> | null },
): Promise<boolean> {
  const answer = parseRating(message.text, message.payload);
  if (!answer) return false;
  const { db } = ctx.deps;
  const now = ctx.now();
  const pending = await pendingSurveyOf(db, ticket, new Date(now.getTime() - SURVEY_ANSWER_WINDOW_MS));
  if (!pending || pending.ticketId === ticket.id) return false;
  const ref = { clientId: ticket.clientId, ticketId: pending.ticketId };
  if (!(await answerSurvey(db, ref, { ...answer, at: now }))) return false;
  await claimLogEntry(db, {
    clientId: ticket.clientId,
    ticketId: ticket.id,
    kind: 'surveyAnswer',
    dedupeKey: `surveyAnswer:${ticket.id}`,
    outcome: 'skipped',
    reason: `rated:${pending.ticketId}`,
    at: now,
  });
  const settings = await autoChatSettingsOf(db, ticket.clientId);
  if (settings.survey.thanks)
    await sendAutomatic(
      ctx,
      ticket,
      'surveyThanks',
      `surveyThanks:${pending.ticketId}`,
      settings.survey.thanks,
    );
  await resolveTicketAsSystem(ctx.deps, { clientId: ticket.clientId, ticketId: ticket.id }, 'Survey');
  const rated = await getTicketSummary(db, ref.clientId, ref.ticketId);
  if (rated)
    await publishRealtime(ctx.deps, { type: 'ticket.updated', clientId: ref.clientId, ticket: rated });
  return true;
}

/**
 * Turns conversation events into the automation's jobs: a customer's message → `automation.inbound`; a ticket
 * resolved → `automation.survey`. The work happens in the jobs (kept in PostgreSQL, idempotent per message
 * and ticket), so an event seen by several processes does its work once.
 */
export function automationTriggers(ctx: Pick<AutomationContext, 'deps' | 'now'>): (payload: unknown) => void {
  return (payload) => {
    const event = payload as RealtimeEvent;
    const queued = (() => {
      if (event?.type === 'message.created' && event.message.direction === 'in')
        return Promise.all([
          enqueue(
            ctx,
            Q.inbound,
            { clientId: event.clientId, ticketId: event.ticket.id, messageId: event.message.id },
            { key: `in:${event.message.id}` },
          ),
          scheduleAutoClose(ctx, {
            clientId: event.clientId,
            ticketId: event.ticket.id,
            since: new Date(event.message.createdAt),
          }),
        ]);
      if (event?.type === 'ticket.updated' && event.ticket.status === 'resolved')
        // No job when the business asks no survey (a wave of auto closes queues nothing).
        return autoChatSettingsOf(ctx.deps.db, event.clientId).then((settings) =>
          settings.survey.enabled
            ? enqueue(
                ctx,
                Q.survey,
                { clientId: event.clientId, ticketId: event.ticket.id },
                { key: `survey:${event.ticket.id}` },
              )
            : null,
        );
      return null;
    })();
    queued?.catch((err) => ctx.deps.logger.warn({ err }, 'automation trigger failed'));
  };
}

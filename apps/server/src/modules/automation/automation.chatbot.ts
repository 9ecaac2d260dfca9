import {
  type ChannelCode,
  type Chatbot,
  type ChatbotFlow,
  type ChatbotSaveInput,
  chatbotInputSchema,
  chatbotStep,
  chatbotText,
  replyStyleFor,
  tappedReplyOf,
} from '@sapa/contracts';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import { chargeChatbotReply } from '../billing/index.js';
import {
  assignTicket,
  getTicketSummary,
  publishRealtime,
  releaseBotHold,
  type TicketRow,
} from '../conversations/index.js';
import { requestAutoAssign } from '../teams/index.js';
import type { AutomationContext } from './automation.jobs.js';
import {
  contactVariablesOf,
  findChatbot,
  findChatbotSession,
  saveChatbotSession,
  selectChatbots,
  upsertChatbot,
} from './automation.repository.js';
import { autoChatSettingsOf } from './automation.settings.js';

/** The engine's `sendAutomatic`, handed in (the engine calls this file). */
export type SendAutomatic = (
  ctx: AutomationContext,
  ticket: TicketRow,
  kind: 'chatbot',
  dedupeKey: string,
  text: string,
  options: {
    payload?: Record<string, unknown>;
    within?: (tx: DbOrTx, messageId: string) => Promise<void>;
  },
) => Promise<string | null>;

type ChatbotRow = Awaited<ReturnType<typeof selectChatbots>>[number];

const toChatbot = (row: ChatbotRow): Chatbot => ({
  channelAccountId: row.channelAccountId,
  channel: row.channel,
  accountName: row.accountName,
  enabled: row.bot?.enabled ?? false,
  flow: row.bot?.flow ?? null,
  updatedAt: row.bot?.updatedAt.getTime() ?? null,
});

/** Whether a new chat on this account starts in the BOT state: its chatbot answers (installed by app.ts). */
export async function chatbotHolds(db: DbOrTx, clientId: string, channelAccountId: string) {
  return (await findChatbot(db, clientId, channelAccountId))?.enabled === true;
}

/** 000 §2 /chatbot: every connected account of the business with its chatbot. */
export async function listChatbots(deps: ServerDeps, auth: AuthContext) {
  return { items: (await selectChatbots(deps.db, auth.clientId)).map(toChatbot) };
}

/**
 * Saves an account's chatbot. Turning one on while the automatic chat is on is refused (001 §4: chatbot and
 * automatic chat are mutually exclusive; 409 with the rule's message).
 */
export async function saveChatbot(
  deps: ServerDeps,
  auth: AuthContext,
  channelAccountId: string,
  input: ChatbotSaveInput,
): Promise<Chatbot> {
  const { enabled, flow } = chatbotInputSchema.parse(input);
  const account = (await selectChatbots(deps.db, auth.clientId)).find(
    (r) => r.channelAccountId === channelAccountId,
  );
  if (!account) throw notFound();
  if (enabled && (await autoChatSettingsOf(deps.db, auth.clientId)).enabled)
    throw new AppError(409, 'chatbot.autoChatOn', { fields: { enabled: 'chatbot.autoChatOn' } });
  const before = account.bot;
  await deps.db.transaction(async (tx) => {
    await upsertChatbot(tx, {
      clientId: auth.clientId,
      channelAccountId,
      enabled,
      flow,
      updatedBy: auth.userId,
      updatedAt: new Date(),
    });
    await recordAuditBy(tx, auth, {
      area: 'SETTINGS',
      action: 'chatbot.updated',
      target: { type: 'chatbot', id: channelAccountId, label: account.accountName },
      before: before ? { enabled: before.enabled, flow: before.flow } : null,
      after: { enabled, flow },
    });
  });
  const saved = (await selectChatbots(deps.db, auth.clientId)).find(
    (r) => r.channelAccountId === channelAccountId,
  );
  return toChatbot(saved!);
}

/**
 * The option a customer tapped (a WhatsApp button or list reply, a Telegram callback, a LINE postback, a Meta
 * quick reply, a Viber keyboard reply: `payload.reply`, whose id is the option's `<node>:<index>`). Older
 * WhatsApp replies were stored as `payload { kind, id, title }` only.
 */
function tappedOption(payload: unknown): string | null {
  const reply = tappedReplyOf(payload);
  if (reply) return reply.id;
  const p = payload as { kind?: unknown; id?: unknown } | null;
  const tapped = p?.kind === 'button_reply' || p?.kind === 'list_reply';
  return tapped && typeof p?.id === 'string' ? p.id : null;
}

/**
 * How a bot's reply goes out on the ticket's channel: as reply buttons (WhatsApp buttons up to 3, a list up to
 * 10; quick replies or a keyboard where the channel has them) with the question as the text, or, where the
 * channel has none or the options do not fit, the options numbered under the text.
 */
export function chatbotMessageOf(
  channel: ChannelCode,
  reply: ReturnType<typeof chatbotStep>['reply'],
): { text: string; replyButtons: Record<string, unknown> | null } {
  const options = reply.options.map((o) => ({ id: o.id, title: o.label }));
  const style =
    options.length > 0 ? replyStyleFor(channel, options, reply.style === 'list' ? 'list' : 'buttons') : null;
  if (!style) return { text: chatbotText(reply), replyButtons: null };
  return { text: reply.text, replyButtons: { style, listLabel: 'Menu', options } };
}

/**
 * A customer's message on an account whose chatbot answers (the ticket's BOT state): the flow's next step is
 * sent as an automatic message (numbered options in the text; the options travel in the payload for channels
 * that show buttons or a list), charged as a chatbot custom reply (001 §9: once per conversation per 24 h), and
 * the session moves on. The hand-over ends the bot's part: the ticket goes to the node's group, or waits for
 * the automatic assignment. A ticket a person already holds, or one handed over, is left to people. Returns
 * whether the bot answered.
 */
export async function answerWithChatbot(
  ctx: AutomationContext,
  send: SendAutomatic,
  ticket: TicketRow,
  message: { id: string; text: string | null; payload: unknown },
): Promise<boolean> {
  const { db } = ctx.deps;
  if (!ticket.heldByBot || ticket.status !== 'unassigned' || ticket.assigneeId) return false;
  const bot = await findChatbot(db, ticket.clientId, ticket.channelAccountId);
  const session = await findChatbotSession(db, ticket.clientId, ticket.id);
  // A bot turned off (or a hand-over already recorded) leaves the chat to people.
  if (!bot?.enabled || session?.handedOverAt) {
    await handOver(ctx, ticket, null);
    return false;
  }
  const vars = await contactVariablesOf(db, ticket.clientId, ticket.contactId);
  const turn = chatbotStep(
    bot.flow as ChatbotFlow,
    session?.nodeId ?? null,
    {
      text: message.text,
      optionId: tappedOption(message.payload),
    },
    vars,
  );
  const now = ctx.now();
  const { text, replyButtons } = chatbotMessageOf(ticket.channel as ChannelCode, turn.reply);
  const state = {
    clientId: ticket.clientId,
    ticketId: ticket.id,
    nodeId: turn.state,
    handedOverAt: turn.handover ? now : null,
    at: now,
  };
  // The reply and where the conversation stands commit together.
  const sent = text
    ? await sendChatbotReply(ctx, send, ticket, message.id, text, turn.reply, replyButtons, (tx) =>
        saveChatbotSession(tx, state),
      )
    : null;
  if (sent === null) await saveChatbotSession(db, state);
  if (turn.handover) await handOver(ctx, ticket, turn.handover.groupId);
  return sent !== null || turn.handover !== null;
}

async function sendChatbotReply(
  ctx: AutomationContext,
  sendAutomatic: SendAutomatic,
  ticket: TicketRow,
  answeredId: string,
  text: string,
  reply: ReturnType<typeof chatbotStep>['reply'],
  replyButtons: Record<string, unknown> | null,
  alsoInTx: (tx: DbOrTx) => Promise<void>,
) {
  return sendAutomatic(ctx, ticket, 'chatbot', `bot:${answeredId}`, text, {
    payload: {
      chatbot: { nodeId: reply.nodeId, style: reply.style, options: reply.options },
      ...(replyButtons ? { replyButtons } : {}),
    },
    within: async (tx, messageId) => {
      await alsoInTx(tx);
      await chargeChatbotReply(tx, {
        clientId: ticket.clientId,
        chatRoomId: ticket.id,
        mediaPlatform: ticket.channel,
        messageId,
        at: ctx.now(),
      });
    },
  });
}

/**
 * The bot's part ends: the ticket leaves the BOT state, to the chosen group (it waits there for a person) or to
 * the automatic assignment.
 */
async function handOver(ctx: AutomationContext, ticket: TicketRow, groupId: string | null) {
  await releaseBotHold(ctx.deps.db, ticket.clientId, ticket.id);
  if (groupId && groupId !== ticket.groupId) {
    await assignTicket(ctx.deps, {
      clientId: ticket.clientId,
      ticketId: ticket.id,
      to: { groupId },
      source: 'auto',
      by: null,
    }).catch((error: unknown) => {
      // A group deleted since the flow was saved: the chat stays in its own group.
      ctx.deps.logger.warn({ clientId: ticket.clientId, err: String(error) }, 'chatbot hand-over group');
    });
    return;
  }
  const summary = await getTicketSummary(ctx.deps.db, ticket.clientId, ticket.id);
  if (summary)
    await publishRealtime(ctx.deps, { type: 'ticket.updated', clientId: ticket.clientId, ticket: summary });
  await requestAutoAssign(ctx.deps, ticket.clientId);
}

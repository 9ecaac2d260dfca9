import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerFeed } from './customer-feed.js';
import { type Bot, botUserOf, type Chat, privateChatOf, type SimState } from './state.js';
import type { TgFileWire, TgMessageWire } from './types.js';

/**
 * The Bot API methods Sapa calls (core.telegram.org/bots/api): getMe, setWebhook, deleteWebhook,
 * getWebhookInfo, sendMessage, sendPhoto, sendDocument, sendVideo, sendAudio, getFile, and file downloads.
 * Answers are `{ ok: true, result }` or `{ ok: false, error_code, description[, parameters.retry_after] }`
 * with the HTTP status of the error code. A chat takes about `chatRatePerSecond` messages a second: more is
 * a 429 with `retry_after`.
 */

const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

/** A file part of a multipart send. */
interface UploadedPart {
  field: string;
  bytes: Buffer;
  mime: string;
  filename: string;
}

/** The request's parameters: a JSON body, or the fields and the one file of a multipart body. */
async function paramsOf(
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; file: UploadedPart | null }> {
  if (!req.isMultipart()) {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    return { fields: body, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: UploadedPart | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      file = {
        field: part.fieldname,
        bytes: await part.toBuffer(),
        mime: part.mimetype,
        filename: part.filename,
      };
    } else {
      const value = String(part.value);
      // Objects (reply_parameters) travel as JSON text in a multipart body.
      fields[part.fieldname] = /^[{[]/.test(value) ? safeJson(value) : value;
    }
  }
  return { fields, file };
}

const safeJson = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * A send's `reply_markup` as the message keeps it: an inline keyboard whose buttons each have a text and
 * `callback_data` of 1–64 bytes (Telegram refuses others with BUTTON_DATA_INVALID).
 */
function replyMarkupOf(raw: unknown): Pick<TgMessageWire, 'reply_markup'> {
  if (raw === undefined) return {};
  const markup = (typeof raw === 'string' ? safeJson(raw) : raw) as { inline_keyboard?: unknown } | null;
  const rows = markup?.inline_keyboard;
  if (!Array.isArray(rows) || rows.some((r) => !Array.isArray(r)))
    throw new BotApiError(400, "Bad Request: can't parse reply keyboard markup JSON object");
  const keyboard = (rows as unknown[][]).map((row) =>
    row.map((b) => {
      const button = b as { text?: unknown; callback_data?: unknown };
      if (typeof button?.text !== 'string' || !button.text)
        throw new BotApiError(400, 'Bad Request: text buttons are unallowed in the inline keyboard');
      const data = button.callback_data;
      if (typeof data !== 'string' || Buffer.byteLength(data) < 1 || Buffer.byteLength(data) > 64)
        throw new BotApiError(400, 'Bad Request: BUTTON_DATA_INVALID');
      return { text: button.text, callback_data: data };
    }),
  );
  return { reply_markup: { inline_keyboard: keyboard } };
}

const MEDIA_FIELDS: Record<string, 'photo' | 'document' | 'video' | 'audio'> = {
  sendPhoto: 'photo',
  sendDocument: 'document',
  sendVideo: 'video',
  sendAudio: 'audio',
};

export function registerBotApiRoutes(
  app: FastifyInstance,
  deps: {
    state: SimState;
    feed: CustomerFeed;
    chatRatePerSecond: number;
    stats: { sends: number; throttled: number };
  },
) {
  const { state, feed, stats } = deps;

  function botOf(path: string): Bot {
    const bot = path.startsWith('bot') ? state.bots.get(path.slice(3)) : undefined;
    if (!bot) throw new BotApiError(401, 'Unauthorized');
    return bot;
  }

  /** The chat a send names: it must have written to the bot, not have blocked it, and be within its rate. */
  function chatFor(bot: Bot, chatId: unknown): Chat {
    const chat = bot.chats.get(Number(chatId));
    if (!chat) throw new BotApiError(400, 'Bad Request: chat not found');
    if (chat.blocked) throw new BotApiError(403, 'Forbidden: bot was blocked by the user');
    const now = Date.now();
    const rate = deps.chatRatePerSecond;
    chat.bucket.tokens = Math.min(1, chat.bucket.tokens + ((now - chat.bucket.at) / 1000) * rate);
    chat.bucket.at = now;
    if (chat.bucket.tokens < 1) {
      stats.throttled++;
      const retryAfter = Math.max(1, Math.ceil((1 - chat.bucket.tokens) / rate));
      throw new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
    }
    chat.bucket.tokens -= 1;
    return chat;
  }

  function botMessage(
    bot: Bot,
    chat: Chat,
    content: Partial<TgMessageWire>,
    fields: Record<string, unknown>,
  ) {
    const quoted = (fields.reply_parameters as { message_id?: unknown } | undefined)?.message_id;
    const message: TgMessageWire = {
      message_id: chat.nextMessageId++,
      from: botUserOf(bot),
      chat: privateChatOf(chat.customer),
      date: Math.floor(Date.now() / 1000),
      ...content,
      ...(typeof quoted === 'number' ? { reply_to_message: { message_id: quoted } } : {}),
    };
    const entry = { direction: 'out' as const, message };
    chat.entries.push(entry);
    stats.sends++;
    feed.publish(bot, chat.id, entry);
    return message;
  }

  function sendMedia(bot: Bot, method: string, fields: Record<string, unknown>, file: UploadedPart | null) {
    const kind = MEDIA_FIELDS[method]!;
    const caption = typeof fields.caption === 'string' ? fields.caption : undefined;
    if (caption && caption.length > CAPTION_MAX)
      throw new BotApiError(400, 'Bad Request: message caption is too long');
    if (!file || file.field !== kind)
      throw new BotApiError(400, `Bad Request: there is no ${kind} in the request`);
    const chat = chatFor(bot, fields.chat_id);
    const stored = state.storeFile(
      file.bytes,
      file.mime,
      `${kind}s`,
      kind === 'photo' ? undefined : file.filename,
    );
    const wire: Partial<TgMessageWire> =
      kind === 'photo' ? { photo: [{ ...stored, width: 0, height: 0 } as TgFileWire] } : { [kind]: stored };
    return botMessage(bot, chat, { ...wire, ...(caption ? { caption } : {}) }, fields);
  }

  async function call(bot: Bot, method: string, req: FastifyRequest): Promise<unknown> {
    const { fields, file } = await paramsOf(req);
    switch (method) {
      case 'getMe':
        return { ...botUserOf(bot), can_join_groups: true, can_read_all_group_messages: false };
      case 'setWebhook': {
        const url = typeof fields.url === 'string' ? fields.url : '';
        const secret = typeof fields.secret_token === 'string' ? fields.secret_token : null;
        if (secret !== null && !SECRET_TOKEN.test(secret))
          throw new BotApiError(400, 'Bad Request: secret token contains unallowed characters');
        if (url && !/^https?:\/\//.test(url))
          throw new BotApiError(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
        // Telegram keeps the previous setting when allowed_updates is not given.
        const allowed = Array.isArray(fields.allowed_updates)
          ? fields.allowed_updates.filter((t): t is string => typeof t === 'string')
          : (bot.webhook?.allowedUpdates ?? null);
        bot.webhook = url ? { url, secretToken: secret, allowedUpdates: allowed } : null;
        return true;
      }
      case 'deleteWebhook':
        bot.webhook = null;
        return true;
      case 'getWebhookInfo':
        return { url: bot.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0 };
      case 'sendMessage': {
        const text = typeof fields.text === 'string' ? fields.text : '';
        if (!text.trim()) throw new BotApiError(400, 'Bad Request: message text is empty');
        if (text.length > TEXT_MAX) throw new BotApiError(400, 'Bad Request: message is too long');
        const markup = replyMarkupOf(fields.reply_markup);
        return botMessage(bot, chatFor(bot, fields.chat_id), { text, ...markup }, fields);
      }
      case 'answerCallbackQuery':
        if (typeof fields.callback_query_id !== 'string' || !fields.callback_query_id)
          throw new BotApiError(
            400,
            'Bad Request: query is too old and response timeout expired or query ID is invalid',
          );
        return true;
      case 'sendPhoto':
      case 'sendDocument':
      case 'sendVideo':
      case 'sendAudio':
        return sendMedia(bot, method, fields, file);
      case 'getFile': {
        const stored = state.file(String(fields.file_id ?? ''));
        if (!stored) throw new BotApiError(400, 'Bad Request: invalid file_id');
        return {
          file_id: stored.id,
          file_unique_id: stored.uniqueId,
          file_size: stored.bytes.length,
          file_path: stored.path,
        };
      }
      default:
        throw new BotApiError(404, 'Not Found');
    }
  }

  const answerError = (reply: FastifyReply, err: BotApiError) =>
    reply.code(err.code).send({
      ok: false,
      error_code: err.code,
      description: err.description,
      ...(err.retryAfter ? { parameters: { retry_after: err.retryAfter } } : {}),
    });

  app.post<{ Params: { botPath: string; method: string } }>('/:botPath/:method', async (req, reply) => {
    try {
      const result = await call(botOf(req.params.botPath), req.params.method, req);
      return { ok: true, result };
    } catch (err) {
      if (err instanceof BotApiError) return answerError(reply, err);
      throw err;
    }
  });

  app.get<{ Params: { botPath: string; '*': string } }>('/file/:botPath/*', async (req, reply) => {
    try {
      botOf(req.params.botPath);
    } catch (err) {
      return answerError(reply, err as BotApiError);
    }
    const stored = state.fileAt(req.params['*']);
    if (!stored) return answerError(reply, new BotApiError(404, 'Not Found'));
    return reply.header('content-type', stored.mime).send(stored.bytes);
  });
}

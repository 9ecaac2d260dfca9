import { createHash } from 'node:crypto';
import {
  fillReplyVariables,
  type Language,
  type Macro,
  type MacroAction,
  type MacroActionResult,
  type MacroApplication,
  orderMacroActions,
  TICKET_TAGS_MAX,
  translate,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import {
  getTicketSummary,
  type InboxJobs,
  resolveTicket,
  sendMessage,
  updateTicketProperties,
} from '../conversations/index.js';
import { userNameOf } from '../identity/index.js';
import * as repo from './cs-library.repository.js';
import { titleTaken, titleTakenOnRace } from './cs-library.service.js';

type MacroRow = NonNullable<Awaited<ReturnType<typeof repo.findMacro>>>;
const toMacro = (row: MacroRow): Macro => ({ ...row, updatedAt: row.updatedAt.getTime() });

async function byId(deps: ServerDeps, clientId: string, id: string) {
  const row = await repo.findMacro(deps.db, clientId, id);
  if (!row) throw notFound();
  return toMacro(row);
}

/** 000 §7 GET /csplatform/macros (search, pageNumber, pageSize → macros.contents). */
export async function listMacros(
  deps: ServerDeps,
  auth: AuthContext,
  q: { search?: string; pageNumber: number; pageSize: number },
) {
  const { rows, total } = await repo.listMacros(deps.db, auth.clientId, q);
  return {
    contents: rows.map(toMacro),
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    totalRecord: total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}

export const getMacro = (deps: ServerDeps, auth: AuthContext, id: string) => byId(deps, auth.clientId, id);

type SavedMacro = { title: string; description?: string | null; actions: MacroAction[] };

export async function createMacro(deps: ServerDeps, auth: AuthContext, input: SavedMacro) {
  if (await repo.titleTaken(deps.db, auth.clientId, 'macros', input.title)) throw titleTaken();
  const id = uuidv7();
  await repo
    .insertMacro(deps.db, {
      clientId: auth.clientId,
      id,
      title: input.title,
      description: input.description ?? null,
      actions: input.actions,
    })
    .catch(titleTakenOnRace);
  return byId(deps, auth.clientId, id);
}

export async function updateMacro(deps: ServerDeps, auth: AuthContext, id: string, input: SavedMacro) {
  await byId(deps, auth.clientId, id);
  if (await repo.titleTaken(deps.db, auth.clientId, 'macros', input.title, id)) throw titleTaken();
  await repo
    .updateMacro(deps.db, auth.clientId, id, {
      title: input.title,
      description: input.description ?? null,
      actions: input.actions,
    })
    .catch(titleTakenOnRace);
  return byId(deps, auth.clientId, id);
}

export async function deleteMacro(deps: ServerDeps, auth: AuthContext, id: string) {
  await byId(deps, auth.clientId, id);
  await repo.deleteMacro(deps.db, auth.clientId, id);
  return { ok: true as const };
}

/** What applying a macro needs: the shared infrastructure and the inbox's send job (for message actions). */
export interface MacroDeps {
  server: ServerDeps;
  jobs: InboxJobs;
}

export interface ApplyMacroOptions {
  /**
   * Idempotency key of this application: a message action's idempotency key is derived from it, so applying
   * again with the same key never sends the message twice. A fresh one when absent.
   */
  applicationId?: string;
  /** Language of the failure messages in the results (Indonesian by default). */
  language?: Language;
}

/** A stable UUID (version 8 layout) for the `index`th message of an application. */
function messageKeyOf(applicationId: string, index: number): string {
  const hex = createHash('sha256').update(`macro:${applicationId}:${index}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * 000 §2 macros, §3 bulk ticket action "an applied macro": runs a macro's actions on one ticket through the
 * inbox's own services, in `MACRO_ACTION_ORDER` (priority and tags, then the message, then resolving), and
 * reports each action's result. An action that fails (e.g. a reply after the 24-hour window) is reported
 * and the next ones still run. The ticket and macro must belong to the caller's business (404 otherwise).
 * Used by the chat room and by bulk actions.
 */
export async function applyMacro(
  deps: MacroDeps,
  auth: AuthContext,
  ticketId: string,
  macroId: string,
  options: ApplyMacroOptions = {},
): Promise<MacroApplication> {
  const server = deps.server;
  const macro = await byId(server, auth.clientId, macroId);
  let ticket = await getTicketSummary(server.db, auth.clientId, ticketId);
  if (!ticket) throw notFound();
  const applicationId = options.applicationId ?? uuidv7();
  const language = options.language ?? 'id';
  const results: MacroActionResult[] = [];
  let messageIndex = 0;
  for (const action of orderMacroActions(macro.actions)) {
    const current = ticket;
    let messageId: string | null = null;
    try {
      switch (action.type) {
        case 'priority':
          ticket = await updateTicketProperties(server, auth, ticketId, { priority: action.priority });
          break;
        case 'addTags': {
          const tags = mergeTags(current.tags, action.tags);
          if (tags.length > TICKET_TAGS_MAX) throw badRequest('ticket.tooManyTags');
          ticket = await updateTicketProperties(server, auth, ticketId, { tags });
          break;
        }
        case 'removeTags': {
          const gone = new Set(action.tags.map((t) => t.toLowerCase()));
          const tags = current.tags.filter((t) => !gone.has(t.toLowerCase()));
          ticket = await updateTicketProperties(server, auth, ticketId, { tags });
          break;
        }
        case 'message': {
          const text = fillReplyVariables(action.text, {
            name: current.contact.name,
            phone: current.contact.handle,
            ticket: current.displayId,
            agent: await userNameOf(server.db, auth.userId),
          }).trim();
          const message = await sendMessage(server, deps.jobs, auth, ticketId, {
            text,
            internal: action.visibility === 'internal',
            clientMessageId: messageKeyOf(applicationId, messageIndex++),
          });
          messageId = message.id;
          break;
        }
        case 'status':
          ticket = await resolveTicket(server, auth, ticketId, {});
          break;
      }
      results.push({ type: action.type, ok: true, error: null, messageId });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode === 404) throw error;
      results.push({
        type: action.type,
        ok: false,
        error: { code: error.key, message: translate(error.key, language, [...error.params]) },
        messageId: null,
      });
    }
  }
  const latest = await getTicketSummary(server.db, auth.clientId, ticketId);
  return { macroId, ticket: latest ?? ticket, results };
}

/** The ticket's tags plus `added`, without duplicates ignoring case (the first spelling kept). */
function mergeTags(current: readonly string[], added: readonly string[]): string[] {
  const seen = new Set(current.map((t) => t.toLowerCase()));
  const merged = [...current];
  for (const tag of added) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    merged.push(tag);
  }
  return merged;
}

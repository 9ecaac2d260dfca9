import {
  checkTicketFormValues,
  type MessageKey,
  parseEmailCc,
  type TicketFieldType,
  type TicketFieldValue,
  type TicketForm,
  type TicketFormState,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { AuthContext } from '../../platform/auth/route-access.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { getTicketSummary, updateTicketProperties } from '../conversations/index.js';
import * as repo from './ticket-forms.repository.js';

/** 001 §8 "Duplicate titles" for forms and fields too. */
const titleTaken = () => conflict('library.titleTaken', { title: 'library.titleTaken' });
function titleTakenOnRace(error: unknown): never {
  if (isUniqueViolation(error)) throw titleTaken();
  throw error;
}

/** 000 §7 GET /fields (page, totalPages, totalRecord, contents). */
export async function listFields(
  deps: ServerDeps,
  auth: AuthContext,
  q: { search?: string; page: number; pageSize: number },
) {
  const { rows, total } = await repo.listFields(deps.db, auth.clientId, q);
  return { page: q.page, totalPages: Math.ceil(total / q.pageSize), totalRecord: total, contents: rows };
}

async function fieldById(deps: ServerDeps, clientId: string, id: string) {
  const [field] = await repo.findFields(deps.db, clientId, [id]);
  if (!field) throw notFound();
  return field;
}

/** 000 §7 GET /fields/{fieldId}. */
export const getField = (deps: ServerDeps, auth: AuthContext, id: string) =>
  fieldById(deps, auth.clientId, id);

type FieldInput = { title: string; type: TicketFieldType; options: string[] };

export async function createField(deps: ServerDeps, auth: AuthContext, input: FieldInput) {
  if (await repo.fieldTitleTaken(deps.db, auth.clientId, input.title)) throw titleTaken();
  const id = uuidv7();
  await repo.insertField(deps.db, { clientId: auth.clientId, id, ...input }).catch(titleTakenOnRace);
  return fieldById(deps, auth.clientId, id);
}

/** Title and options may change; the type is fixed (saved values keep their meaning). */
export async function updateField(deps: ServerDeps, auth: AuthContext, id: string, input: FieldInput) {
  const current = await fieldById(deps, auth.clientId, id);
  if (current.type !== input.type) throw badRequest('ticketForm.typeFixed', { type: 'ticketForm.typeFixed' });
  if (await repo.fieldTitleTaken(deps.db, auth.clientId, input.title, id)) throw titleTaken();
  await repo
    .updateField(deps.db, auth.clientId, id, { title: input.title, options: input.options })
    .catch(titleTakenOnRace);
  return fieldById(deps, auth.clientId, id);
}

/** 000 §7 GET /ticket-form/list. */
export async function listForms(deps: ServerDeps, auth: AuthContext) {
  return { items: await repo.listForms(deps.db, auth.clientId) };
}

async function formById(deps: ServerDeps, clientId: string, id: string): Promise<TicketForm> {
  const form = await repo.findForm(deps.db, clientId, id);
  if (!form) throw notFound();
  return form;
}

/** 000 §7 GET /ticket-form/{id}: the form with its fields in order. */
export const getForm = (deps: ServerDeps, auth: AuthContext, id: string) => formById(deps, auth.clientId, id);

type FormInput = {
  title: string;
  description?: string | null;
  fields: { fieldId: string; mandatory: boolean }[];
};

async function saveForm(deps: ServerDeps, auth: AuthContext, id: string | null, input: FormInput) {
  if (id) await formById(deps, auth.clientId, id);
  if (await repo.formTitleTaken(deps.db, auth.clientId, input.title, id ?? undefined)) throw titleTaken();
  const known = await repo.findFields(
    deps.db,
    auth.clientId,
    input.fields.map((f) => f.fieldId),
  );
  if (known.length !== input.fields.length)
    throw badRequest('ticketForm.fieldNotFound', { fields: 'ticketForm.fieldNotFound' });
  const formId = id ?? uuidv7();
  await deps.db
    .transaction((tx) =>
      repo.saveForm(
        tx,
        { clientId: auth.clientId, id: formId, title: input.title, description: input.description ?? null },
        input.fields,
        id === null,
      ),
    )
    .catch(titleTakenOnRace);
  return formById(deps, auth.clientId, formId);
}

export const createForm = (deps: ServerDeps, auth: AuthContext, input: FormInput) =>
  saveForm(deps, auth, null, input);
export const updateForm = (deps: ServerDeps, auth: AuthContext, id: string, input: FormInput) =>
  saveForm(deps, auth, id, input);

export async function deleteForm(deps: ServerDeps, auth: AuthContext, id: string) {
  await formById(deps, auth.clientId, id);
  await deps.db.transaction((tx) => repo.deleteForm(tx, auth.clientId, id));
  return { ok: true as const };
}

/** 000 §3 ticket form state of one ticket: chosen form, priority, category, email CC and field values. */
export async function getFormState(
  deps: ServerDeps,
  auth: AuthContext,
  ticketId: string,
): Promise<TicketFormState> {
  const ticket = await getTicketSummary(deps.db, auth.clientId, ticketId);
  if (!ticket) throw notFound();
  const state = await repo.findState(deps.db, auth.clientId, ticketId);
  const form = state?.formId ? ((await repo.findForm(deps.db, auth.clientId, state.formId)) ?? null) : null;
  return {
    ticketId,
    form,
    chatPriority: ticket.priority,
    chatCategoryId: ticket.categoryId,
    emailCc: (state?.emailCc ?? []).join(', '),
    values: state?.values ?? {},
    updatedAt: state?.updatedAt.getTime() ?? null,
  };
}

/** Priority, category and email CC left out stay as they are (a bulk form). */
export interface FormStateInput {
  ticketFormId: string | null;
  chatPriority?: 1 | 2 | 3 | undefined;
  chatCategoryId?: string | null | undefined;
  emailCc?: string | undefined;
  values: Record<string, TicketFieldValue>;
}

/**
 * Saves a ticket's form (000 §3 ticket form state; §8 form info save failures): the email CC must be valid
 * comma-separated addresses (000 §5), mandatory fields filled and every value fit its field; nothing is
 * saved otherwise (400 with the problems by field, `values.<fieldId>`). Priority and category go on the
 * ticket through the ticket-properties service (every agent sees them live). Values of fields not on the
 * chosen form are dropped. Used by the chat room and by bulk actions.
 */
export async function saveFormState(
  deps: ServerDeps,
  auth: AuthContext,
  ticketId: string,
  input: FormStateInput,
): Promise<TicketFormState> {
  const ticket = await getTicketSummary(deps.db, auth.clientId, ticketId);
  if (!ticket) throw notFound();
  const emailCc =
    input.emailCc === undefined
      ? ((await repo.findState(deps.db, auth.clientId, ticketId))?.emailCc ?? [])
      : parseEmailCc(input.emailCc);
  const problems: Record<string, MessageKey> = {};
  if (!emailCc) problems.emailCc = 'ticketForm.emailCcInvalid';
  const form = input.ticketFormId ? await repo.findForm(deps.db, auth.clientId, input.ticketFormId) : null;
  if (input.ticketFormId && !form) problems.ticketFormId = 'ticketForm.formNotFound';
  const values: Record<string, TicketFieldValue> = {};
  if (form) {
    for (const [fieldId, key] of Object.entries(checkTicketFormValues(form.fields, input.values)))
      problems[`values.${fieldId}`] = key;
    for (const field of form.fields) if (field.id in input.values) values[field.id] = input.values[field.id]!;
  }
  const first = Object.values(problems)[0];
  if (first)
    throw badRequest(first === 'validation.fieldRequired' ? 'ticketForm.saveFailed' : first, problems);
  await updateTicketProperties(deps, auth, ticketId, {
    priority: input.chatPriority,
    categoryId: input.chatCategoryId,
  });
  await repo.upsertState(deps.db, {
    clientId: auth.clientId,
    ticketId,
    formId: form?.id ?? null,
    emailCc: emailCc ?? [],
    values,
    updatedBy: auth.userId,
  });
  return getFormState(deps, auth, ticketId);
}

/** 000 §3 time tracker, §7 POST /time-tracking: time an agent spent updating or creating a ticket. */
export async function recordTime(
  deps: ServerDeps,
  auth: AuthContext,
  ticketId: string,
  input: {
    id: string;
    kind: 'update_ticket' | 'create_ticket';
    startedAt: number;
    endedAt: number;
    durationInSecond: number;
  },
) {
  const ticket = await getTicketSummary(deps.db, auth.clientId, ticketId);
  if (!ticket) throw notFound();
  await repo.insertTimeEntry(deps.db, {
    clientId: auth.clientId,
    id: input.id,
    ticketId,
    userId: auth.userId,
    kind: input.kind,
    startedAt: new Date(input.startedAt),
    endedAt: new Date(input.endedAt),
    durationSeconds: input.durationInSecond,
  });
  return repo.timeTotals(deps.db, auth.clientId, ticketId, auth.userId);
}

/**
 * The time an agent spent creating a chat by hand (000 §3 time tracker, `create_ticket`), sent with the
 * creation. The chat exists by then: a failure here is logged, never reported as a failed creation.
 */
export async function recordCreationTime(
  deps: ServerDeps,
  auth: AuthContext,
  ticketId: string,
  input: { id: string; startedAt: number; endedAt: number; durationInSecond: number },
): Promise<void> {
  try {
    await recordTime(deps, auth, ticketId, { ...input, kind: 'create_ticket' });
  } catch (err) {
    deps.logger.warn({ err, ticketId }, 'creation time not recorded');
  }
}

export async function timeTotals(deps: ServerDeps, auth: AuthContext, ticketId: string) {
  const ticket = await getTicketSummary(deps.db, auth.clientId, ticketId);
  if (!ticket) throw notFound();
  return repo.timeTotals(deps.db, auth.clientId, ticketId, auth.userId);
}

import {
  type ContactField,
  type ContactFieldType,
  type ContactFieldValidation,
  checkContactFieldValue,
  type contactFieldInputSchema,
  type MessageKey,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, conflict, notFound } from '../../platform/http/errors.js';
import * as repo from './contact-fields.repository.js';

type FieldInput = z.output<typeof contactFieldInputSchema>;

export function fieldOf(row: repo.ContactFieldRow): ContactField {
  return {
    id: row.id,
    title: row.title,
    type: row.type as ContactFieldType,
    options: row.options,
    validation: row.validation as ContactFieldValidation,
    display: row.display,
    createdAt: row.createdAt.getTime(),
  };
}

const titleTaken = () => conflict('contacts.fieldTitleTaken', { title: 'contacts.fieldTitleTaken' });

/** 001 §2 custom field settings: the business's fields, oldest first. */
export async function listFields(deps: ServerDeps, auth: AuthContext) {
  const rows = await repo.listFields(deps.db, auth.clientId);
  return { items: rows.map(fieldOf) };
}

/** 001 §3, §5: title unique in the business. */
export async function createField(deps: ServerDeps, auth: AuthContext, input: FieldInput) {
  if (await repo.titleTaken(deps.db, auth.clientId, input.title)) throw titleTaken();
  try {
    const row = await repo.insertField(deps.db, { clientId: auth.clientId, id: uuidv7(), ...input });
    return fieldOf(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw titleTaken();
    throw err;
  }
}

/** Title, options, validation and display change; the type stays what it was (stored values follow it). */
export async function updateField(deps: ServerDeps, auth: AuthContext, id: string, input: FieldInput) {
  const field = await repo.findField(deps.db, auth.clientId, id);
  if (!field) throw notFound();
  if (input.type !== field.type)
    throw conflict('contacts.fieldTypeFixed', { type: 'contacts.fieldTypeFixed' });
  if (await repo.titleTaken(deps.db, auth.clientId, input.title, id)) throw titleTaken();
  try {
    const saved = await repo.updateField(deps.db, auth.clientId, id, {
      title: input.title,
      options: input.options,
      validation: input.validation,
      display: input.display,
    });
    if (!saved) throw notFound();
    return fieldOf(saved);
  } catch (err) {
    if (isUniqueViolation(err)) throw titleTaken();
    throw err;
  }
}

/**
 * A contact's custom values after an edit: `changes` (field id → value) merged over `current`, every value
 * checked by its field's type, and every required field filled. Problems answer 400 with the field ids
 * (`customValues.<id>`) so the form shows them on their inputs.
 */
export async function checkCustomValues(
  db: DbOrTx,
  clientId: string,
  current: Record<string, unknown>,
  changes: Record<string, unknown> | undefined,
): Promise<Record<string, unknown>> {
  const fields = await repo.listFields(db, clientId);
  const known = new Map(fields.map((f) => [f.id, f]));
  const problems: Record<string, MessageKey> = {};
  for (const id of Object.keys(changes ?? {}))
    if (!known.has(id)) problems[`customValues.${id}`] = 'contacts.fieldNotFound';
  const result: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = changes && Object.hasOwn(changes, field.id) ? changes[field.id] : current[field.id];
    const checked = checkContactFieldValue(fieldOf(field), raw);
    if (!checked.ok) problems[`customValues.${field.id}`] = checked.message;
    else if (checked.value !== null) result[field.id] = checked.value;
  }
  const first = Object.values(problems)[0];
  if (first) throw new AppError(400, first, { fields: problems });
  return result;
}

import type { AuditArea } from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { DbOrTx } from '../../platform/db/database.js';
import * as repo from './audit.repository.js';

export type Snapshot = Record<string, unknown>;

/** One change or sign-in as a module reports it. */
export interface AuditRecord {
  clientId: string;
  /** null: the system. */
  actorUserId: string | null;
  area: AuditArea;
  action: string;
  target: { type: string; id?: string | null | undefined; label?: string | null | undefined };
  /** The fields before (null for a creation) and after (null for a deletion). */
  before?: Snapshot | null | undefined;
  after?: Snapshot | null | undefined;
  at?: Date | undefined;
}

/** Field names whose text values never enter the log (no secrets in logs); a flag such as `passwordChanged` stays. */
const SECRET_FIELD = /password|secret|token|pin$/i;
const HIDDEN = '••••••';

function redacted(snapshot: Snapshot | null | undefined): Snapshot | null {
  if (!snapshot) return null;
  return Object.fromEntries(
    Object.entries(snapshot)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, SECRET_FIELD.test(key) && typeof value === 'string' ? HIDDEN : value]),
  );
}

/** JSON with object keys in order (jsonb stores keys in its own order, so a read-back value compares equal). */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * The fields of a change worth showing: for an update (both sides given) only the fields whose value changed,
 * on both sides; null when nothing changed (nothing is recorded then).
 */
export function changedFields(
  before: Snapshot | null | undefined,
  after: Snapshot | null | undefined,
): { before: Snapshot | null; after: Snapshot | null } | null {
  const b = redacted(before);
  const a = redacted(after);
  if (!b || !a) return { before: b, after: a };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !same(b[k], a[k]));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, b[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, a[k] ?? null])),
  };
}

/**
 * Writes entries to the business audit log — call it with the transaction that makes the change, so the log
 * and the change commit together. An update that changed nothing is left out; secret fields are masked.
 */
export async function recordAudit(db: DbOrTx, records: AuditRecord | readonly AuditRecord[]): Promise<void> {
  const rows: repo.AuditRow[] = [];
  for (const r of Array.isArray(records) ? records : [records as AuditRecord]) {
    const fields = changedFields(r.before, r.after);
    if (!fields) continue;
    rows.push({
      clientId: r.clientId,
      id: uuidv7(),
      at: r.at ?? new Date(),
      actorUserId: r.actorUserId,
      area: r.area,
      action: r.action,
      targetType: r.target.type,
      targetId: r.target.id ?? null,
      targetLabel: r.target.label ?? null,
      before: fields.before,
      after: fields.after,
    });
  }
  await repo.insertEntries(db, rows);
}

/** `recordAudit` for a change a signed-in person made (their business and their user id). */
export function recordAuditBy(
  db: DbOrTx,
  by: { clientId: string; userId: string },
  record: Omit<AuditRecord, 'clientId' | 'actorUserId'>,
): Promise<void> {
  return recordAudit(db, { ...record, clientId: by.clientId, actorUserId: by.userId });
}

import {
  type MakerCheckerAccount,
  type MakerCheckerAccountInput,
  type MakerCheckerMediaType,
  type makerCheckerAccountInputSchema,
  makerCheckerRoleOf,
} from '@sapa/contracts';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import { findMemberByEmail } from '../identity/index.js';
import * as repo from './maker-checker.repository.js';

/**
 * Maker/checker for one business, as the broadcasts module asks it (001 §4 broadcast, §6):
 * - `enabled` false: every user allowed to write broadcasts is a maker and nothing needs approval;
 * - `enabled` true: only an active Maker (or Maker & Checker) account of the media type may send — the
 *   broadcast then waits in "need approval" — and only an active Checker (or Maker & Checker) account approves,
 *   rejects or resets items.
 * The media type defaults to WhatsApp.
 */
export interface MakerChecker {
  enabled: boolean;
  isMaker(userId: string, mediaType?: MakerCheckerMediaType): boolean;
  isChecker(userId: string, mediaType?: MakerCheckerMediaType): boolean;
}

/** Reads the business's switch and its active accounts once; the answers are then synchronous. */
export async function makerCheckerOf(db: DbOrTx, clientId: string): Promise<MakerChecker> {
  const settings = await repo.findSettings(db, clientId);
  const enabled = settings?.enabled ?? false;
  const accounts = enabled ? await repo.listEffectiveAccounts(db, clientId) : [];
  return {
    enabled,
    isMaker: (userId, mediaType) => makerCheckerRoleOf(enabled, accounts, userId, mediaType).isMaker,
    isChecker: (userId, mediaType) => makerCheckerRoleOf(enabled, accounts, userId, mediaType).isChecker,
  };
}

const toAccount = (row: repo.MakerCheckerAccountRow): MakerCheckerAccount => ({
  id: row.id,
  userId: row.userId,
  email: row.email,
  name: row.name,
  mediaType: row.mediaType,
  position: row.position,
  active: row.active,
  updatedAt: row.updatedAt.getTime(),
});

const duplicate = () => conflict('makerChecker.duplicate', { mediaType: 'makerChecker.duplicate' });

async function byId(deps: ServerDeps, clientId: string, id: string) {
  const row = await repo.findAccount(deps.db, clientId, id);
  if (!row) throw notFound();
  return row;
}

/** The email must be a user of this business (001 §6: the list is of the business's own users). */
async function memberByEmail(deps: ServerDeps, clientId: string, email: string) {
  const user = await findMemberByEmail(deps.db, clientId, email);
  if (!user) throw badRequest('makerChecker.notMember', { email: 'makerChecker.notMember' });
  return user;
}

export async function getSettings(deps: ServerDeps, auth: AuthContext) {
  return { enabled: (await repo.findSettings(deps.db, auth.clientId))?.enabled ?? false };
}

export async function updateSettings(deps: ServerDeps, auth: AuthContext, input: { enabled: boolean }) {
  const before = await getSettings(deps, auth);
  await deps.db.transaction(async (tx) => {
    await repo.saveSettings(tx, auth.clientId, input.enabled, auth.userId);
    await recordAuditBy(tx, auth, {
      area: 'SETTINGS',
      action: 'makerChecker.updated',
      target: { type: 'makerChecker' },
      before,
      after: { enabled: input.enabled },
    });
  });
  return getSettings(deps, auth);
}

export async function listAccounts(
  deps: ServerDeps,
  auth: AuthContext,
  query: { search?: string | undefined; mediaType?: MakerCheckerMediaType | undefined },
) {
  return { items: (await repo.listAccounts(deps.db, auth.clientId, query)).map(toAccount) };
}

type AccountInput = z.output<typeof makerCheckerAccountInputSchema> & MakerCheckerAccountInput;

/**
 * The stored values of an account: the member found by the email (400 when not one) and the input, checked
 * for the one-account-per-user-and-media-type rule (409), `exceptId` being the account edited.
 */
async function accountValues(deps: ServerDeps, clientId: string, input: AccountInput, exceptId?: string) {
  const user = await memberByEmail(deps, clientId, input.email);
  if (await repo.accountTaken(deps.db, clientId, user.id, input.mediaType, exceptId)) throw duplicate();
  return {
    userId: user.id,
    email: user.email,
    name: input.name,
    mediaType: input.mediaType,
    position: input.position,
    active: input.active,
  };
}

export async function createAccount(deps: ServerDeps, auth: AuthContext, input: AccountInput) {
  const values = await accountValues(deps, auth.clientId, input);
  const id = uuidv7();
  await repo.insertAccount(deps.db, { clientId: auth.clientId, id, ...values }).catch(duplicateOnRace);
  return toAccount(await byId(deps, auth.clientId, id));
}

export async function updateAccount(deps: ServerDeps, auth: AuthContext, id: string, input: AccountInput) {
  await byId(deps, auth.clientId, id);
  const values = await accountValues(deps, auth.clientId, input, id);
  await repo.updateAccount(deps.db, auth.clientId, id, values).catch(duplicateOnRace);
  return toAccount(await byId(deps, auth.clientId, id));
}

export async function setAccountActive(deps: ServerDeps, auth: AuthContext, id: string, active: boolean) {
  await byId(deps, auth.clientId, id);
  await repo.updateAccount(deps.db, auth.clientId, id, { active });
  return toAccount(await byId(deps, auth.clientId, id));
}

export async function deleteAccount(deps: ServerDeps, auth: AuthContext, id: string) {
  await byId(deps, auth.clientId, id);
  await repo.deleteAccount(deps.db, auth.clientId, id);
  return { ok: true as const };
}

/** The caller's own role for a media type (the broadcast pages show send or approve from it). */
export async function myRole(deps: ServerDeps, auth: AuthContext, mediaType: MakerCheckerMediaType) {
  const mc = await makerCheckerOf(deps.db, auth.clientId);
  return {
    enabled: mc.enabled,
    isMaker: mc.isMaker(auth.userId, mediaType),
    isChecker: mc.isChecker(auth.userId, mediaType),
  };
}

function duplicateOnRace(error: unknown): never {
  if (isUniqueViolation(error)) throw duplicate();
  throw error;
}

import type { ChannelAccount, ChannelCode, whatsappCloudAccountBody } from '@sapa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { recordAuditBy } from '../audit/index.js';
import { requirePlan } from '../tenancy/index.js';
import {
  type ChannelAccountConfig,
  channelAccounts,
  type WhatsappCloudConfig,
  type WhatsappCloudSecrets,
} from './channels.schema.js';
import type { ChannelConnector } from './connectors/connector.js';
import { WEBHOOK_PATHS } from './connectors/webhook-paths.js';
import { emailImapCursors } from './email.schema.js';

export type ChannelAccountRow = typeof channelAccounts.$inferSelect;

/** The real provider; accounts may point elsewhere (the simulator) with `graphBaseUrl`. */
const DEFAULT_GRAPH_BASE_URL = 'https://graph.facebook.com/v25.0';

/** Where the provider posts an account's webhooks (`/webhooks/<channel path>/<id>`); null: it posts none. */
export function webhookUrlOf(
  deps: Pick<ServerDeps, 'config'>,
  row: Pick<ChannelAccountRow, 'id' | 'channel'>,
) {
  const path = WEBHOOK_PATHS[row.channel as ChannelCode];
  if (!path) return null;
  return `${deps.config.publicUrl.replace(/\/$/, '')}/webhooks/${path}/${row.id}`;
}

/**
 * The channels whose connectors re-check an account with the provider (`ChannelConnector.refresh`; the
 * registry's test keeps the two in step). Live chat has no provider; email is checked by its own settings.
 */
export const REFRESHABLE_CHANNELS: readonly ChannelCode[] = ['WAP', 'TLG', 'LNE', 'VBR', 'MSG', 'IGM', 'SHP'];

/** The API view of an account: never its secrets. */
export function toChannelAccount(
  deps: Pick<ServerDeps, 'config'>,
  row: ChannelAccountRow,
  imapState?: Parameters<typeof emailSettingsOf>[1],
): ChannelAccount {
  return {
    id: row.id,
    channel: row.channel as ChannelAccount['channel'],
    name: row.name,
    address: row.address,
    status: row.status,
    connection: row.connectionState,
    connectionError: row.connectionState === 'error' ? row.connectionError : null,
    checkedAt: row.checkedAt?.getTime() ?? null,
    refreshable: REFRESHABLE_CHANNELS.includes(row.channel as ChannelCode),
    webhookUrl: webhookUrlOf(deps, row),
    ...webhookVerificationOf(row),
    ...((row.channel === 'MSG' || row.channel === 'IGM') && 'metaAccountId' in row.config
      ? { webhookVerifyToken: row.config.verifyToken }
      : {}),
    ...emailSettingsOf(row, imapState),
    createdAt: row.createdAt.getTime(),
  };
}

/** 001 §4: a LINE account is "webhook verification pending" until LINE's verification call arrives. */
function webhookVerificationOf(row: ChannelAccountRow): Pick<ChannelAccount, 'webhookVerification'> {
  if (row.channel !== 'LNE' || !('botUserId' in row.config)) return {};
  return { webhookVerification: row.config.webhookVerifiedAt ? 'verified' : 'pending' };
}

/**
 * 001 §2 email settings of an email account: display name, header, footer, and the mailbox it reads over
 * IMAP (never its password) with how the reader's last attempt went (`imapState`, from `email_imap_cursors`).
 */
function emailSettingsOf(
  row: ChannelAccountRow,
  imapState?: { state: 'connecting' | 'connected' | 'error'; error: string | null },
): Pick<ChannelAccount, 'email'> {
  if (row.channel !== 'EML' || !('displayName' in row.config)) return {};
  const { displayName, header, footer, imap } = row.config;
  return {
    email: {
      displayName,
      header,
      footer,
      imap: imap ? { ...imap, ...(imapState ?? { state: 'connecting', error: null }) } : null,
    },
  };
}

/** Marks an account disconnected (its provider refused the webhook while connecting, say). */
export async function markAccountDisconnected(db: Db, row: Pick<ChannelAccountRow, 'clientId' | 'id'>) {
  await db
    .update(channelAccounts)
    .set({ status: 'disconnected', updatedAt: new Date() })
    .where(and(eq(channelAccounts.clientId, row.clientId), eq(channelAccounts.id, row.id)));
}

/** An account's sealed secrets, opened (their shape is the channel's: WhatsApp Cloud's by default). */
export function openSecrets<T = WhatsappCloudSecrets>(
  deps: Pick<ServerDeps, 'secrets'>,
  row: Pick<ChannelAccountRow, 'secrets'>,
): T {
  return JSON.parse(deps.secrets.open(row.secrets)) as T;
}

export async function listChannelAccounts(deps: ServerDeps, auth: AuthContext) {
  const rows = await deps.db
    .select()
    .from(channelAccounts)
    .where(eq(channelAccounts.clientId, auth.clientId))
    .orderBy(asc(channelAccounts.createdAt), asc(channelAccounts.id));
  const cursors = await deps.db
    .select()
    .from(emailImapCursors)
    .where(eq(emailImapCursors.clientId, auth.clientId));
  const stateOf = new Map(cursors.map((c) => [c.channelAccountId, { state: c.state, error: c.error }]));
  return { items: rows.map((r) => toChannelAccount(deps, r, stateOf.get(r.id))) };
}

type AuditedAccount = Pick<ChannelAccount, 'id' | 'name' | 'address' | 'status'> & { channel: string };
const accountSnapshot = (a: AuditedAccount) => ({
  channel: a.channel,
  name: a.name,
  address: a.address,
  status: a.status,
});

/**
 * Records a channel account change in the business audit log (001 §2) once it is made, and hands the account
 * on: `before` is the account as it was (none for a new connection).
 */
export async function auditedAccount<A extends AuditedAccount>(
  db: DbOrTx,
  auth: Pick<AuthContext, 'clientId' | 'userId'>,
  account: A,
  before: AuditedAccount | null = null,
): Promise<A> {
  await recordAuditBy(db, auth, {
    area: 'CHANNELS',
    action: before
      ? account.status === 'disconnected'
        ? 'channel.disconnected'
        : 'channel.updated'
      : 'channel.connected',
    target: { type: 'channelAccount', id: account.id, label: account.name },
    before: before && accountSnapshot(before),
    after: accountSnapshot(account),
  });
  return account;
}

/** 000 §6: only the owner and admins add channels. */
export function requireChannelManager(auth: AuthContext) {
  if (auth.role !== 'OWN' && auth.role !== 'ADC') throw forbidden();
}

export async function connectWhatsappCloud(
  deps: ServerDeps,
  auth: AuthContext,
  body: z.output<typeof whatsappCloudAccountBody>,
): Promise<ChannelAccount> {
  requireChannelManager(auth);
  if (!deps.partner.allowedChannels.includes('WAP')) throw new AppError(400, 'channel.notOffered');
  await requirePlan(deps.db, auth.clientId, ['whatsapp']);
  const row = await insertWhatsappCloudAccount(deps, auth.clientId, body);
  return toChannelAccount(deps, row);
}

/** Also used by the demo wiring. */
export async function insertWhatsappCloudAccount(
  deps: Pick<ServerDeps, 'db' | 'secrets'>,
  clientId: string,
  body: z.output<typeof whatsappCloudAccountBody>,
): Promise<ChannelAccountRow> {
  const config: WhatsappCloudConfig = {
    phoneNumberId: body.phoneNumberId,
    wabaId: body.wabaId,
    displayPhoneNumber: body.displayPhoneNumber,
    graphBaseUrl: (body.graphBaseUrl ?? DEFAULT_GRAPH_BASE_URL).replace(/\/$/, ''),
  };
  const secrets: WhatsappCloudSecrets = {
    accessToken: body.accessToken,
    appSecret: body.appSecret,
    verifyToken: body.verifyToken,
  };
  return insertConnectedAccount(
    deps,
    { clientId, channel: 'WAP', name: body.name, address: body.displayPhoneNumber, config, secrets },
    () => conflict('channel.whatsappExists'),
  );
}

/**
 * Stores a connected account of any channel, its secrets sealed (AES-GCM, deps.secrets). A unique index that
 * refuses it (one per business, a domain or a number connected once, …) is the `duplicate` error.
 */
export async function insertConnectedAccount(
  deps: Pick<ServerDeps, 'db' | 'secrets'>,
  input: {
    clientId: string;
    channel: ChannelCode;
    name: string;
    address: string;
    config: ChannelAccountConfig;
    secrets: object;
  },
  duplicate: () => AppError,
): Promise<ChannelAccountRow> {
  try {
    const [row] = await deps.db
      .insert(channelAccounts)
      .values({
        clientId: input.clientId,
        id: uuidv7(),
        channel: input.channel,
        name: input.name,
        address: input.address,
        status: 'connected',
        config: input.config,
        secrets: deps.secrets.seal(JSON.stringify(input.secrets)),
      })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/**
 * Marks the business's account disconnected (owner or admin), then lets the channel's connector tell its
 * provider (`release`, best effort: Telegram's deleteWebhook). `connectorOf` is the registry's lookup,
 * handed in by the route so that this file does not import the connectors (which import it).
 */
export async function disconnectChannelAccount(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  connectorOf: (channel: string) => Pick<ChannelConnector, 'release'> | undefined,
) {
  const [row] = await deps.db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.clientId, auth.clientId), eq(channelAccounts.id, id)));
  if (!row) throw notFound();
  requireChannelManager(auth);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(channelAccounts)
      .set({ status: 'disconnected', updatedAt: new Date() })
      .where(and(eq(channelAccounts.clientId, auth.clientId), eq(channelAccounts.id, id)));
    await auditedAccount(tx, auth, { ...row, status: 'disconnected' }, row);
  });
  const release = row.status === 'connected' ? connectorOf(row.channel)?.release : undefined;
  await release?.(deps, row).catch((err: unknown) =>
    deps.logger.warn(
      {
        clientId: row.clientId,
        channelAccountId: row.id,
        err: err instanceof Error ? err.message : 'failed',
      },
      'provider not told of the disconnection',
    ),
  );
  return { ok: true as const };
}

/** The account a webhook URL names (the id is global); only connected ones receive webhooks. */
export async function findAccountById(db: Db, id: string): Promise<ChannelAccountRow | undefined> {
  const [row] = await db.select().from(channelAccounts).where(eq(channelAccounts.id, id));
  return row;
}

export async function getAccount(
  db: Db,
  clientId: string,
  id: string,
): Promise<ChannelAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.clientId, clientId), eq(channelAccounts.id, id)));
  return row;
}

/** A business's connected account of a channel (at this address, when one is given). */
export async function findConnectedAccount(
  db: Db,
  clientId: string,
  channel: string,
  address?: string,
): Promise<ChannelAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.clientId, clientId),
        eq(channelAccounts.channel, channel),
        eq(channelAccounts.status, 'connected'),
        address === undefined ? undefined : eq(channelAccounts.address, address),
      ),
    );
  return row;
}

/** Points a WhatsApp Cloud account at another Graph API (the demo's simulator, after a restart on a new port). */
export async function setGraphBaseUrl(db: Db, account: ChannelAccountRow, graphBaseUrl: string) {
  await db
    .update(channelAccounts)
    .set({ config: { ...account.config, graphBaseUrl } })
    .where(and(eq(channelAccounts.clientId, account.clientId), eq(channelAccounts.id, account.id)));
}

import type { ChannelAccount, whatsappCloudAccountBody } from '@sapa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/route-access.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ServerDeps } from '../../platform/deps.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { channelAccounts, type WhatsappCloudConfig, type WhatsappCloudSecrets } from './channels.schema.js';

export type ChannelAccountRow = typeof channelAccounts.$inferSelect;

/** The real provider; accounts may point elsewhere (the simulator) with `graphBaseUrl`. */
export const DEFAULT_GRAPH_BASE_URL = 'https://graph.facebook.com/v25.0';

export function webhookUrlOf(
  deps: Pick<ServerDeps, 'config'>,
  row: Pick<ChannelAccountRow, 'id' | 'channel'>,
) {
  if (row.channel !== 'WAP') return null;
  return `${deps.config.publicUrl.replace(/\/$/, '')}/webhooks/whatsapp-cloud/${row.id}`;
}

/** The API view of an account: never its secrets. */
export function toChannelAccount(deps: Pick<ServerDeps, 'config'>, row: ChannelAccountRow): ChannelAccount {
  return {
    id: row.id,
    channel: row.channel as ChannelAccount['channel'],
    name: row.name,
    address: row.address,
    status: row.status,
    webhookUrl: webhookUrlOf(deps, row),
    createdAt: row.createdAt.getTime(),
  };
}

export function openSecrets(deps: Pick<ServerDeps, 'secrets'>, row: ChannelAccountRow): WhatsappCloudSecrets {
  return JSON.parse(deps.secrets.open(row.secrets)) as WhatsappCloudSecrets;
}

export async function listChannelAccounts(deps: ServerDeps, auth: AuthContext) {
  const rows = await deps.db
    .select()
    .from(channelAccounts)
    .where(eq(channelAccounts.clientId, auth.clientId))
    .orderBy(asc(channelAccounts.createdAt), asc(channelAccounts.id));
  return { items: rows.map((r) => toChannelAccount(deps, r)) };
}

/** 000 §6: only the owner and admins add channels. */
function requireChannelManager(auth: AuthContext) {
  if (auth.role !== 'OWN' && auth.role !== 'ADC') throw forbidden();
}

export async function connectWhatsappCloud(
  deps: ServerDeps,
  auth: AuthContext,
  body: z.output<typeof whatsappCloudAccountBody>,
): Promise<ChannelAccount> {
  requireChannelManager(auth);
  if (!deps.partner.allowedChannels.includes('WAP')) throw new AppError(400, 'channel.notOffered');
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
  try {
    const [row] = await deps.db
      .insert(channelAccounts)
      .values({
        clientId,
        id: uuidv7(),
        channel: 'WAP',
        name: body.name,
        address: body.displayPhoneNumber,
        status: 'connected',
        config,
        secrets: deps.secrets.seal(JSON.stringify(secrets)),
      })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('channel.whatsappExists');
    throw err;
  }
}

export async function disconnectChannelAccount(deps: ServerDeps, auth: AuthContext, id: string) {
  const rows = await deps.db
    .select({ id: channelAccounts.id })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.clientId, auth.clientId), eq(channelAccounts.id, id)));
  if (rows.length === 0) throw notFound();
  requireChannelManager(auth);
  await deps.db
    .update(channelAccounts)
    .set({ status: 'disconnected', updatedAt: new Date() })
    .where(and(eq(channelAccounts.clientId, auth.clientId), eq(channelAccounts.id, id)));
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

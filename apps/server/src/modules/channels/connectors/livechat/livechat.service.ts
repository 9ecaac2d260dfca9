import {
  type LivechatAccount,
  type LivechatLogo,
  type livechatAccountBody,
  normaliseLivechatDomain,
  WIDGET_SCRIPT_PATH,
} from '@sapa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { AuthContext } from '../../../../platform/auth/route-access.js';
import type { Db } from '../../../../platform/db/database.js';
import { isUniqueViolation } from '../../../../platform/db/errors.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../../../platform/http/errors.js';
import { mediaStorage, uploads } from '../../../conversations/index.js';
import { channelAccounts, type LiveChatConfig } from '../../channels.schema.js';
import {
  auditedAccount,
  type ChannelAccountRow,
  insertConnectedAccount,
  requireChannelManager,
  toChannelAccount,
} from '../../channels.service.js';
import { type DomainCheck, domainCheck } from './livechat-domain.js';
import { checkLogo } from './livechat-files.js';

/**
 * What a live-chat account keeps in `channel_accounts.config`: the shared `LiveChatConfig` plus the logo's
 * upload id and when the widget was first loaded from its domain (001 §4: connected after embed).
 */
export interface StoredLiveChatConfig extends LiveChatConfig {
  logoUploadId?: string | null;
  embeddedAt?: number | null;
}

export type LivechatBody = z.output<typeof livechatAccountBody>;

export function livechatConfigOf(row: Pick<ChannelAccountRow, 'channel' | 'config'>): StoredLiveChatConfig {
  if (row.channel !== 'LVC' || !('domain' in row.config)) throw new Error('not a live-chat account');
  return row.config as StoredLiveChatConfig;
}

export const publicBaseOf = (deps: Pick<ServerDeps, 'config'>) => deps.config.publicUrl.replace(/\/$/, '');

export function snippetOf(deps: Pick<ServerDeps, 'config'>, accountId: string) {
  return `<script src="${publicBaseOf(deps)}${WIDGET_SCRIPT_PATH}" data-account="${accountId}" async></script>`;
}

function toLivechatAccount(deps: Pick<ServerDeps, 'config'>, row: ChannelAccountRow): LivechatAccount {
  const config = livechatConfigOf(row);
  return {
    ...toChannelAccount(deps, row),
    domain: config.domain,
    colour: config.colour,
    logoUploadId: config.logoUploadId ?? null,
    logoUrl: config.logoUploadId ? `/api/livechat/logo/${config.logoUploadId}` : null,
    personaName: config.personaName,
    onlineTitle: config.onlineTitle,
    onlineMessage: config.onlineMessage,
    offlineTitle: config.offlineTitle,
    offlineMessage: config.offlineMessage,
    preChatForm: config.preChatForm,
    snippet: snippetOf(deps, row.id),
    embedded: Boolean(config.embeddedAt) && row.status === 'connected',
  };
}

/** Stores a logo (001 §5 checks) as an upload of the business; the account refers to it by id. */
export async function uploadLogo(
  deps: ServerDeps,
  auth: AuthContext,
  bytes: Buffer,
  name: string | undefined,
): Promise<LivechatLogo> {
  requireChannelManager(auth);
  const checked = checkLogo(bytes);
  if (!checked.ok) throw badRequest(checked.key, { file: checked.key });
  const id = uuidv7();
  const storageKey = `${auth.clientId}/${id}`;
  await mediaStorage(deps).put(storageKey, bytes, checked.info.mime);
  await deps.db.insert(uploads).values({
    clientId: auth.clientId,
    id,
    storageKey,
    mime: checked.info.mime,
    filename: (name ?? 'logo').slice(0, 200),
    size: bytes.length,
    createdBy: auth.userId,
  });
  return {
    uploadId: id,
    url: `/api/livechat/logo/${id}`,
    width: checked.info.width,
    height: checked.info.height,
  };
}

/** An upload of this business that is a logo (an agent's upload, png or jpeg). */
async function findLogoUpload(db: Db, clientId: string, uploadId: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.clientId, clientId), eq(uploads.id, uploadId)));
  if (!row || row.visitorId || !['image/png', 'image/jpeg'].includes(row.mime)) return undefined;
  return row;
}

export async function readLogo(deps: ServerDeps, clientId: string, uploadId: string) {
  const row = await findLogoUpload(deps.db, clientId, uploadId);
  if (!row) throw notFound();
  const item = await mediaStorage(deps).get(row.storageKey);
  if (!item) throw notFound();
  return item;
}

/** One DNS check per configuration of resolvers (the app's deps hold one config). */
const checks = new WeakMap<ServerDeps['config'], DomainCheck>();
function domainExists(deps: ServerDeps): DomainCheck {
  let check = checks.get(deps.config);
  if (!check) {
    check = domainCheck(deps.config.dnsServers);
    checks.set(deps.config, check);
  }
  return check;
}

async function configFrom(
  deps: ServerDeps,
  clientId: string,
  body: LivechatBody,
  previous: StoredLiveChatConfig | null,
): Promise<{ config: StoredLiveChatConfig; domain: string }> {
  const domain = normaliseLivechatDomain(body.domain);
  if (!domain) throw badRequest('livechat.domainInvalid', { domain: 'livechat.domainInvalid' });
  // 001 §5, §8: the host must exist (asked of DNS when the domain is new or changed).
  if (domain !== previous?.domain && !(await domainExists(deps)(domain)))
    throw badRequest('livechat.domainNotFound', { domain: 'livechat.domainNotFound' });
  if (!(await findLogoUpload(deps.db, clientId, body.logoUploadId)))
    throw badRequest('livechat.logoRequired', { logoUploadId: 'livechat.logoRequired' });
  return {
    domain,
    config: {
      domain,
      logoUrl: null,
      logoUploadId: body.logoUploadId,
      colour: body.colour.toUpperCase(),
      onlineTitle: body.onlineTitle,
      onlineMessage: body.onlineMessage,
      offlineTitle: body.offlineTitle,
      offlineMessage: body.offlineMessage,
      personaName: body.personaName,
      preChatForm: { fields: body.preChatForm.fields, consentText: body.preChatForm.consentText },
      // A new domain must be embedded again before the widget counts as connected there.
      embeddedAt: previous && previous.domain === domain ? (previous.embeddedAt ?? null) : null,
    },
  };
}

const duplicateDomain = () => conflict('livechat.domainDuplicate', { domain: 'livechat.domainDuplicate' });

export async function createLivechatAccount(
  deps: ServerDeps,
  auth: AuthContext,
  body: LivechatBody,
): Promise<LivechatAccount> {
  requireChannelManager(auth);
  if (!deps.partner.allowedChannels.includes('LVC')) throw new AppError(400, 'channel.notOffered');
  const row = await insertLivechatAccount(deps, auth.clientId, body);
  return toLivechatAccount(deps, await auditedAccount(deps.db, auth, row));
}

/** Also used by the demo wiring. */
export async function insertLivechatAccount(
  deps: ServerDeps,
  clientId: string,
  body: LivechatBody,
): Promise<ChannelAccountRow> {
  const { config, domain } = await configFrom(deps, clientId, body, null);
  // Live chat has no provider secrets (the column is NOT NULL: an empty object, sealed).
  return insertConnectedAccount(
    deps,
    { clientId, channel: 'LVC', name: body.name, address: domain, config, secrets: {} },
    duplicateDomain,
  );
}

async function getOwnLivechat(deps: ServerDeps, auth: AuthContext, id: string) {
  const [row] = await deps.db
    .select()
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.clientId, auth.clientId),
        eq(channelAccounts.id, id),
        eq(channelAccounts.channel, 'LVC'),
      ),
    );
  if (!row) throw notFound();
  return row;
}

export async function getLivechatAccount(deps: ServerDeps, auth: AuthContext, id: string) {
  const row = await getOwnLivechat(deps, auth, id);
  requireChannelManager(auth);
  return toLivechatAccount(deps, row);
}

export async function editLivechatAccount(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  body: LivechatBody,
): Promise<LivechatAccount> {
  const row = await getOwnLivechat(deps, auth, id);
  requireChannelManager(auth);
  const { config, domain } = await configFrom(deps, auth.clientId, body, livechatConfigOf(row));
  try {
    const [updated] = await deps.db
      .update(channelAccounts)
      .set({ name: body.name, address: domain, config, updatedAt: new Date() })
      .where(and(eq(channelAccounts.clientId, auth.clientId), eq(channelAccounts.id, id)))
      .returning();
    await auditedAccount(deps.db, auth, updated!, row);
    return toLivechatAccount(deps, updated!);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateDomain();
    throw err;
  }
}

/** 001 §4: the widget is connected once it has loaded from its domain (recorded once). */
export async function markEmbedded(db: Db, row: ChannelAccountRow) {
  if (livechatConfigOf(row).embeddedAt) return;
  await db
    .update(channelAccounts)
    .set({
      config: sql`${channelAccounts.config} || jsonb_build_object('embeddedAt', ${Date.now()}::bigint)`,
    })
    .where(and(eq(channelAccounts.clientId, row.clientId), eq(channelAccounts.id, row.id)));
}

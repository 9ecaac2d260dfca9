import { randomBytes } from 'node:crypto';
import type { ChannelAccount, metaAccountBody } from '@sapa/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../../../platform/auth/route-access.js';
import type { Db } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, badRequest, conflict } from '../../../../platform/http/errors.js';
import type { GraphResult } from '../../../../platform/whatsapp/graph-client.js';
import {
  channelAccounts,
  type MetaMessagingConfig,
  type MetaMessagingSecrets,
} from '../../channels.schema.js';
import {
  type ChannelAccountRow,
  findConnectedAccount,
  insertConnectedAccount,
  requireChannelManager,
  toChannelAccount,
} from '../../channels.service.js';
import type { MetaPlatform } from './platform.js';
import {
  getMetaNode,
  META_GRAPH_BASE_URL,
  type MetaTarget,
  metaTargetOf,
  subscribeMetaApp,
} from './send-api.js';

/** The webhook fields a Page (or Instagram account) subscribes the app to: messages, postbacks, receipts, echoes. */
const SUBSCRIBED_FIELDS: Readonly<Record<MetaPlatform['code'], readonly string[]>> = {
  MSG: [
    'messages',
    'messaging_postbacks',
    'message_deliveries',
    'message_reads',
    'message_echoes',
    'message_reactions',
  ],
  IGM: ['messages', 'messaging_postbacks', 'messaging_seen', 'message_reactions'],
};

const EXISTS = { MSG: 'channel.messengerExists', IGM: 'channel.instagramExists' } as const;

const invalidToken = () => badRequest('channel.tokenInvalid', { accessToken: 'channel.tokenInvalid' });

const mismatch = () =>
  badRequest('channel.metaAccountMismatch', { metaAccountId: 'channel.metaAccountMismatch' });

/**
 * The spec's error for a Graph failure while connecting: the token opens no such node (100 / 33), a token
 * Meta refuses, or Meta failing.
 */
function connectError(result: Extract<GraphResult<unknown>, { ok: false }>) {
  if (result.code === 100 && result.subcode === 33) return mismatch();
  if (result.status === 400 || result.status === 401 || result.status === 403 || result.code === 190)
    return invalidToken();
  return new AppError(502, 'channel.connectFailed');
}

/** 001 §8: the Page (or Instagram account) is connected to another business. */
async function refuseAccountOfAnotherClient(db: Db, clientId: string, platform: MetaPlatform, id: string) {
  const [other] = await db
    .select({ id: channelAccounts.id })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.channel, platform.code),
        eq(channelAccounts.status, 'connected'),
        sql`${channelAccounts.config}->>'metaAccountId' = ${id}`,
        ne(channelAccounts.clientId, clientId),
      ),
    );
  if (other) throw conflict('channel.tokenOnAnotherClient', { accessToken: 'channel.tokenOnAnotherClient' });
}

/**
 * 001 §2 Facebook Page / Instagram account dialogs: the owner or an admin gives the account's id, its Page
 * access token and the app secret. Sapa asks Meta whose node it is (`GET /{id}`: the token must open that very
 * id), subscribes the app to its messaging webhooks (`POST /{id}/subscribed_apps`), and stores the account with
 * both secrets sealed and a fresh webhook verify token, which the account view shows with the webhook URL for
 * the app's webhook settings. One account per social platform (001 §9), each in one business only.
 */
export function connectMetaAccount(platform: MetaPlatform) {
  return async (
    deps: ServerDeps,
    auth: AuthContext,
    body: z.output<typeof metaAccountBody>,
  ): Promise<ChannelAccount> => {
    requireChannelManager(auth);
    if (!deps.partner.allowedChannels.includes(platform.code)) throw new AppError(400, 'channel.notOffered');
    if (await findConnectedAccount(deps.db, auth.clientId, platform.code))
      throw conflict(EXISTS[platform.code]);
    const target: MetaTarget = {
      graphBaseUrl: (body.graphBaseUrl ?? META_GRAPH_BASE_URL).replace(/\/$/, ''),
      node: body.metaAccountId,
      accessToken: body.accessToken,
    };
    const node = await getMetaNode(target);
    if (!node.ok) throw connectError(node);
    if (node.value.id !== body.metaAccountId) throw mismatch();
    await refuseAccountOfAnotherClient(deps.db, auth.clientId, platform, body.metaAccountId);
    const subscribed = await subscribeMetaApp(target, SUBSCRIBED_FIELDS[platform.code]);
    if (!subscribed.ok) throw connectError(subscribed);
    const label = node.value.username ? `@${node.value.username}` : (node.value.name ?? body.metaAccountId);
    const row = await insertMetaAccount(deps, platform, auth.clientId, {
      name: body.name || node.value.name || label,
      address: label,
      config: {
        metaAccountId: body.metaAccountId,
        graphBaseUrl: target.graphBaseUrl,
        verifyToken: newVerifyToken(),
      },
      secrets: { accessToken: body.accessToken, appSecret: body.appSecret },
    });
    return toChannelAccount(deps, row);
  };
}

/**
 * 001 §4 refresh: the Page access token still opens the account's node (`GET /{id}`) and the app is subscribed
 * to its messaging webhooks again; throws the 001 §8 error otherwise.
 */
export async function refreshMetaAccount(
  deps: Pick<ServerDeps, 'secrets'>,
  account: ChannelAccountRow,
): Promise<void> {
  const target = metaTargetOf(deps, account);
  const node = await getMetaNode(target);
  if (!node.ok) throw connectError(node);
  if (node.value.id !== target.node) throw mismatch();
  const subscribed = await subscribeMetaApp(
    target,
    SUBSCRIBED_FIELDS[account.channel as MetaPlatform['code']],
  );
  if (!subscribed.ok) throw connectError(subscribed);
}

/** A webhook verify token: random, URL-safe. */
export const newVerifyToken = () => randomBytes(24).toString('base64url');

/** Stores a connected Messenger or Instagram account (also used by the demo wiring). */
export function insertMetaAccount(
  deps: Pick<ServerDeps, 'db' | 'secrets'>,
  platform: MetaPlatform,
  clientId: string,
  input: { name: string; address: string; config: MetaMessagingConfig; secrets: MetaMessagingSecrets },
): Promise<ChannelAccountRow> {
  const account = { ...input, clientId, channel: platform.code, name: input.name.slice(0, 60) };
  // Lost a race: another request connected this platform for the business, or this account elsewhere.
  return insertConnectedAccount(deps, account, () => conflict(EXISTS[platform.code]));
}

/** Points an account at another Graph API (the demo's simulator, after a restart on a new port). */
export async function setMetaGraphBaseUrl(db: Db, account: ChannelAccountRow, graphBaseUrl: string) {
  const config = { ...(account.config as MetaMessagingConfig), graphBaseUrl };
  await db
    .update(channelAccounts)
    .set({ config })
    .where(and(eq(channelAccounts.clientId, account.clientId), eq(channelAccounts.id, account.id)));
  return { ...account, config };
}

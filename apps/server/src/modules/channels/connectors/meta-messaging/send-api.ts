import type { ServerDeps } from '../../../../platform/deps.js';
import { getGraph, postGraph } from '../../../../platform/whatsapp/graph-client.js';
import {
  type MetaMessagingConfig,
  type MetaMessagingSecrets,
  metaMessagingConfigOf,
} from '../../channels.schema.js';
import { openSecrets } from '../../channels.service.js';
import type { ChannelAccountRow } from '../connector.js';

/**
 * The Messenger Platform's Send API and Graph calls Sapa makes for a Page or an Instagram account
 * (reference/channel-protocols.md §4): `POST /{id}/messages` with the Page access token, the node's own
 * `GET /{id}`, the Page's app subscription, and media downloads from the attachment URLs Meta names.
 */

/** The real Graph API; an account may point elsewhere (the simulator) with `graphBaseUrl`. */
export const META_GRAPH_BASE_URL = 'https://graph.facebook.com/v25.0';
const FILE_TIMEOUT_MS = 120_000;
/** The largest attachment Sapa downloads (Messenger and Instagram take 25 MB). */
export const META_DOWNLOAD_MAX_BYTES = 25 * 1024 * 1024;

export interface MetaTarget {
  graphBaseUrl: string;
  /** The Page id or Instagram account id. */
  node: string;
  accessToken: string;
}

/** Where an account's calls go, its token opened from its sealed secrets. */
export function metaTargetOf(
  deps: Pick<ServerDeps, 'secrets'>,
  account: Pick<ChannelAccountRow, 'channel' | 'config' | 'secrets'>,
): MetaTarget {
  const config: MetaMessagingConfig = metaMessagingConfigOf(account);
  return {
    graphBaseUrl: config.graphBaseUrl,
    node: config.metaAccountId,
    accessToken: openSecrets<MetaMessagingSecrets>(deps, account).accessToken,
  };
}

/** `POST /{id}/messages`: one message to one customer (Page-scoped or Instagram-scoped id). */
export function sendMetaMessage(target: MetaTarget, body: Record<string, unknown>) {
  return postGraph<{ recipient_id?: string; message_id?: string }>(
    target.graphBaseUrl,
    target.accessToken,
    `${encodeURIComponent(target.node)}/messages`,
    body,
  );
}

/** `POST /{id}/messages` with `sender_action: mark_seen`: the customer sees the business read their chat. */
export function markMetaSeen(target: MetaTarget, customerId: string) {
  return sendMetaMessage(target, { recipient: { id: customerId }, sender_action: 'mark_seen' });
}

/**
 * `GET /{customer id}`: the User Profile API (Messenger `name`; Instagram `name` and `username`), read with the
 * Page token.
 */
export function getMetaProfile(target: MetaTarget, customerId: string, fields: string) {
  return getGraph<{ name?: string; username?: string }>(
    target.graphBaseUrl,
    target.accessToken,
    `${encodeURIComponent(customerId)}?fields=${fields}`,
  );
}

/** `POST /{page-id}/subscribed_apps`: the Page's messaging webhooks go to the app (connect time). */
export function subscribeMetaApp(target: MetaTarget, fields: readonly string[]) {
  return postGraph<{ success?: boolean }>(
    target.graphBaseUrl,
    target.accessToken,
    `${encodeURIComponent(target.node)}/subscribed_apps`,
    { subscribed_fields: fields.join(',') },
  );
}

/** `GET /{id}?fields=id,name,username`: whose token it is (connect time). */
export function getMetaNode(target: MetaTarget) {
  return getGraph<{ id?: string; name?: string; username?: string }>(
    target.graphBaseUrl,
    target.accessToken,
    `${encodeURIComponent(target.node)}?fields=id,name,username`,
  );
}

/** Downloads an attachment from the URL Meta named; throws on a failure (the media job tries again). */
export async function downloadMetaMedia(url: string): Promise<{ bytes: Buffer; mime: string | null }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`meta media download ${res.status}`);
  if (Number(res.headers.get('content-length')) > META_DOWNLOAD_MAX_BYTES)
    throw new Error('meta media too large');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > META_DOWNLOAD_MAX_BYTES) throw new Error('meta media too large');
  return { bytes, mime: res.headers.get('content-type') };
}

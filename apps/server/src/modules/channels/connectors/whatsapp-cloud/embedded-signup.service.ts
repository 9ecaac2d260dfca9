import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { MetaAppConfig } from '../../../../platform/config.js';
import type { Db } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError } from '../../../../platform/http/errors.js';
import { postJson } from '../../../../platform/http/outbound-json.js';
import { channelAccounts, whatsappConfigOf } from '../../channels.schema.js';
import {
  type ChannelAccountRow,
  insertWhatsappCloudAccount,
  markAccountDisconnected,
  openSecrets,
  webhookUrlOf,
} from '../../channels.service.js';

/**
 * Meta's Embedded Signup, the server's half (the WhatsApp Cloud connector's account connection for a new
 * business): the browser hands over the code and the session info the popup posted; this exchanges the code
 * for the business token (`GET oauth/access_token`), checks with `debug_token` that the token's granular
 * scopes cover the WABA the popup named, reads the number (`GET /{phone-number-id}`) and registers it for
 * Cloud API (`POST /{phone-number-id}/register` with a new two-step PIN). Once the business exists,
 * `connectOnboardedNumber` stores the account (token sealed) and subscribes the app to the WABA's webhooks
 * with this account's callback URL (`POST /{waba-id}/subscribed_apps`, `override_callback_uri`).
 */

export interface OnboardedNumber {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  accessToken: string;
}

const TIMEOUT_MS = 15_000;

/** What the caller of a Graph call learns of a failure: a translated error (the provider's text stays out). */
const failed = () => new AppError(502, 'signUp.wabaFailed');

async function graphGet<T>(url: string, accessToken?: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw failed();
  }
  if (!res.ok) throw failed();
  return (await res.json().catch(() => {
    throw failed();
  })) as T;
}

async function graphPost(url: string, accessToken: string, body: unknown): Promise<void> {
  const { status } = await postJson(url, body, { authorization: `Bearer ${accessToken}` }, TIMEOUT_MS).catch(
    () => {
      throw failed();
    },
  );
  if (status < 200 || status >= 300) throw failed();
}

interface DebugToken {
  data?: {
    is_valid?: boolean;
    app_id?: string;
    granular_scopes?: { scope: string; target_ids?: string[] }[];
  };
}

/** Exchanges the popup's code and checks, reads and registers the number it onboarded. */
export async function exchangeEmbeddedSignup(
  meta: MetaAppConfig,
  input: { code: string; wabaId: string; phoneNumberId: string },
): Promise<OnboardedNumber> {
  const graph = meta.graphBaseUrl;
  const exchange = new URLSearchParams({
    client_id: meta.appId,
    client_secret: meta.appSecret,
    code: input.code,
  });
  const { access_token: accessToken } = await graphGet<{ access_token?: string }>(
    `${graph}/oauth/access_token?${exchange}`,
  );
  if (!accessToken) throw failed();

  const debug = new URLSearchParams({
    input_token: accessToken,
    access_token: `${meta.appId}|${meta.appSecret}`,
  });
  const { data } = await graphGet<DebugToken>(`${graph}/debug_token?${debug}`);
  const managed = data?.granular_scopes?.find((s) => s.scope === 'whatsapp_business_management')?.target_ids;
  if (!data?.is_valid || data.app_id !== meta.appId || !managed?.includes(input.wabaId)) throw failed();

  const number = await graphGet<{ display_phone_number?: string; verified_name?: string }>(
    `${graph}/${encodeURIComponent(input.phoneNumberId)}`,
    accessToken,
  );
  if (!number.display_phone_number) throw failed();
  const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await graphPost(`${graph}/${encodeURIComponent(input.phoneNumberId)}/register`, accessToken, {
    messaging_product: 'whatsapp',
    pin,
  });
  return {
    wabaId: input.wabaId,
    phoneNumberId: input.phoneNumberId,
    displayPhoneNumber: number.display_phone_number.replace(/\D/g, ''),
    verifiedName: number.verified_name ?? number.display_phone_number,
    accessToken,
  };
}

/** True when a business already has this WhatsApp number connected (one account per number). */
export async function whatsappNumberTaken(db: Db, phoneNumberId: string): Promise<boolean> {
  const rows = await db
    .select({ id: channelAccounts.id })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.channel, 'WAP'),
        eq(channelAccounts.status, 'connected'),
        sql`${channelAccounts.config}->>'phoneNumberId' = ${phoneNumberId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Stores the onboarded number as the business's WhatsApp account (the app's secret verifies its webhooks) and
 * subscribes the app to the WABA with this account's webhook URL. A refused subscription leaves the account
 * disconnected (logged without secrets); the business can connect again from its settings.
 */
export async function connectOnboardedNumber(
  deps: ServerDeps,
  clientId: string,
  meta: MetaAppConfig,
  number: OnboardedNumber,
): Promise<ChannelAccountRow> {
  const row = await insertWhatsappCloudAccount(deps, clientId, {
    name: number.verifiedName,
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    displayPhoneNumber: number.displayPhoneNumber,
    accessToken: number.accessToken,
    appSecret: meta.appSecret,
    verifyToken: randomBytes(16).toString('base64url'),
    graphBaseUrl: meta.graphBaseUrl,
  });
  try {
    await graphPost(
      `${whatsappConfigOf(row).graphBaseUrl}/${encodeURIComponent(number.wabaId)}/subscribed_apps`,
      number.accessToken,
      { override_callback_uri: webhookUrlOf(deps, row), verify_token: openSecrets(deps, row).verifyToken },
    );
  } catch {
    await markAccountDisconnected(deps.db, row);
    deps.logger.warn({ clientId, channelAccountId: row.id }, 'WABA webhook subscription refused');
    return { ...row, status: 'disconnected' };
  }
  return row;
}

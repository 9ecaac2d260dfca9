import { randomBytes, randomInt } from 'node:crypto';
import type { WebhookErrorObject } from './types.js';

/** Wire-format helpers for the WhatsApp Cloud API (reference/channel-protocols.md §1). */

const ERROR_HREF = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

export function newWamid(): string {
  return `wamid.HBgL${randomBytes(30).toString('base64url')}`;
}

/** Numeric ids like Meta's media / conversation ids. */
export function newNumericId(digits = 16): string {
  let s = String(randomInt(1, 10));
  while (s.length < digits) s += String(randomInt(0, 10));
  return s;
}

function fbtraceId(): string {
  return randomBytes(8).toString('base64url');
}

export function unixSeconds(ms = Date.now()): string {
  return String(Math.floor(ms / 1000));
}

/** `to` as sent ("+62 812-…") → wa_id digits. */
export function toWaId(input: string): string {
  return input.replace(/\D/g, '');
}

/** §1f synchronous error envelope. */
export function graphError(
  code: number,
  message: string,
  details?: string,
  type = 'OAuthException',
): { error: Record<string, unknown> } {
  const error: Record<string, unknown> = { message, type, code };
  if (details !== undefined) error.error_data = { messaging_product: 'whatsapp', details };
  error.fbtrace_id = fbtraceId();
  return { error };
}

function webhookError(code: number, title: string, details: string): WebhookErrorObject {
  return { code, title, message: title, error_data: { details }, href: ERROR_HREF };
}

export const REENGAGEMENT_ERROR = (): WebhookErrorObject =>
  webhookError(
    131047,
    'Re-engagement message',
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  );

export const UNDELIVERABLE_ERROR = (): WebhookErrorObject =>
  webhookError(131026, 'Message undeliverable', 'Message Undeliverable.');

export const UNSUPPORTED_INBOUND_ERROR = (): WebhookErrorObject =>
  webhookError(131051, 'Message type unknown', 'Message type is currently not supported.');

import type { AppConfig } from '../../platform/config.js';

/** Where the gateway posts its invoice callbacks (configured in the gateway's dashboard). */
export const PAYMENT_CALLBACK_PATH = '/webhooks/payments/xendit';

/** The URL the gateway posts invoice callbacks to (the demo's simulator is given it). */
export function paymentCallbackUrl(config: Pick<AppConfig, 'publicUrl'>): string {
  return `${config.publicUrl.replace(/\/$/, '')}${PAYMENT_CALLBACK_PATH}`;
}

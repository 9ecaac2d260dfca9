import { randomBytes } from 'node:crypto';
import type { PaymentGatewaySimulator } from '@sapa/simulators';
import type { AppConfig, PaymentGatewayConfig } from '../../platform/config.js';
import { paymentCallbackUrl } from '../payments/index.js';
import { DISBURSEMENT_CALLBACK_PATH } from '../wallet/index.js';

/** The bank accounts the demo's simulated bank holds (its name validator knows them; any other fails). */
export const DEMO_BANK_ACCOUNTS = [
  { bankCode: 'BCA', accountNumber: '1234567890', holderName: 'DEMO SAPA' },
  { bankCode: 'MANDIRI', accountNumber: '1370012345678', holderName: 'DEMO SAPA' },
];

/** The demo's bank pays a withdrawal out this long after it is asked (a real one: within 24 hours). */
const DEMO_PAYOUT_MS = 5_000;

/**
 * Demo mode: the payment gateway simulator (Xendit's Invoice API shape) in this process, on PAYMENT_SIM_PORT,
 * with a fresh secret key and callback token each start; its invoice and disbursement callbacks go to this
 * server, and its bank pays a withdrawal out after DEMO_PAYOUT_MS. Returns the gateway
 * account the payments module is to use.
 */
export async function startDemoPaymentGateway(
  config: AppConfig,
): Promise<{ sim: PaymentGatewaySimulator; gateway: PaymentGatewayConfig }> {
  const { startPaymentGatewaySimulator } = await import('@sapa/simulators');
  const advertised = new URL(config.publicUrl);
  advertised.port = String(config.paymentSimPort);
  const secretKey = `xnd_development_${randomBytes(24).toString('base64url')}`;
  const callbackToken = randomBytes(32).toString('base64url');
  const sim = await startPaymentGatewaySimulator({
    port: config.paymentSimPort,
    host: config.host,
    publicUrl: advertised.origin,
    secretKey,
    callbackToken,
    callbackUrl: paymentCallbackUrl(config),
    disbursementCallbackUrl: `${config.publicUrl.replace(/\/$/, '')}${DISBURSEMENT_CALLBACK_PATH}`,
    disbursementCompleteAfterMs: DEMO_PAYOUT_MS,
    bankAccounts: DEMO_BANK_ACCOUNTS,
  });
  return { sim, gateway: { baseUrl: sim.url, secretKey, callbackToken } };
}

import { randomBytes } from 'node:crypto';
import type { PaymentGatewaySimulator } from '@sapa/simulators';
import type { AppConfig, PaymentGatewayConfig } from '../../platform/config.js';
import { paymentCallbackUrl } from '../payments/index.js';

/**
 * Demo mode: the payment gateway simulator (Xendit's Invoice API shape) in this process, on PAYMENT_SIM_PORT,
 * with a fresh secret key and callback token each start; its callbacks go to this server. Returns the gateway
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
  });
  return { sim, gateway: { baseUrl: sim.url, secretKey, callbackToken } };
}

import type { AddressInfo } from 'node:net';
import {
  type PaymentGatewaySimulator,
  type PaymentGatewaySimulatorOptions,
  startPaymentGatewaySimulator,
} from '@sapa/simulators';
import { PAYMENT_CALLBACK_PATH } from '../../src/modules/payments/index.js';
import { startTestServer, type TestServer } from '../harness.js';
import type { TestDbKind } from '../test-database.js';

/**
 * Sapa on a real port with the payment gateway simulator, each knowing the other: Sapa calls the gateway with
 * `secretKey`, the gateway sends its signed notifications (`callbackToken`) to Sapa's callback path.
 */
export async function startServerWithGateway(options: {
  secretKey: string;
  callbackToken: string;
  env?: Record<string, string>;
  kind?: TestDbKind;
  gateway?: Partial<PaymentGatewaySimulatorOptions>;
}): Promise<{ server: TestServer; sim: PaymentGatewaySimulator }> {
  const sim = await startPaymentGatewaySimulator({
    secretKey: options.secretKey,
    callbackToken: options.callbackToken,
    callbackUrl: 'http://127.0.0.1:9/unset',
    retry: { attempts: 5, baseDelayMs: 50 },
    ...options.gateway,
  });
  const server = await startTestServer({
    ...(options.kind ? { kind: options.kind } : {}),
    env: {
      PAYMENT_GATEWAY_URL: sim.url,
      PAYMENT_GATEWAY_SECRET_KEY: options.secretKey,
      PAYMENT_GATEWAY_CALLBACK_TOKEN: options.callbackToken,
      ...options.env,
    },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  sim.setCallbackUrl(`${base}${PAYMENT_CALLBACK_PATH}`);
  return { server, sim };
}

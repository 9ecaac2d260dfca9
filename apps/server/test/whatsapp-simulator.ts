import type { AddressInfo } from 'node:net';
import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import { startWhatsappCloudSimulator, type WhatsappCloudSimulator } from '@sapa/simulators';
import { expect } from 'vitest';
import { signInFresh } from './auth-helpers.js';
import { bearer, makeBusiness } from './fixtures.js';
import { startTestServer, type TestServer } from './harness.js';

/** A business number on the simulator (Graph ids, display number and the app's secrets). */
export interface SimulatedNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  accessToken: string;
  appSecret: string;
}

/**
 * The test server listening on a real port with a WhatsApp Cloud simulator beside it: what a test needs to
 * go through the provider's real protocol (signed webhooks back to the server, Graph calls to the simulator).
 */
export async function listenWithSimulator(
  server: TestServer,
): Promise<{ base: string; sim: WhatsappCloudSimulator }> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  return { base, sim: await startWhatsappCloudSimulator({ port: 0 }) };
}

/** Connects `number` through the API as the business's WhatsApp account and points the simulator's webhooks at it. */
export async function connectSimulatedNumber(
  server: TestServer,
  sim: WhatsappCloudSimulator,
  base: string,
  tokens: TokenPair,
  number: SimulatedNumber,
): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/channel-accounts/whatsapp-cloud',
    headers: bearer(tokens),
    payload: { name: 'WA', ...number, verifyToken: 'sim-verify-token', graphBaseUrl: sim.graphBaseUrl },
  });
  expect(res.statusCode, res.body).toBe(200);
  const accountId = res.json().id as string;
  sim.registerNumber({ ...number, webhookUrl: `${base}/webhooks/whatsapp-cloud/${accountId}` });
  return accountId;
}

/**
 * How the WhatsApp feature tests start: the test server beside the simulator; a business named `name` (owner,
 * admin, agent and a fourth member who may use CONTACT only) with `number` connected as its WhatsApp account
 * (`accountId`); another business (`otherName`) to prove tenant isolation; the owner, the CONTACT-only member
 * and the other business's owner signed in. The caller closes `sim` and `server`.
 */
export async function startSimulatedBusiness(name: string, otherName: string, number: SimulatedNumber) {
  const server = await startTestServer();
  let sim: WhatsappCloudSimulator | undefined;
  try {
    const listening = await listenWithSimulator(server);
    sim = listening.sim;
    const biz = await makeBusiness(server.deps.db, name, [
      { featureAccess: featureStringFrom(['CONTACT']), csPosition: null },
    ]);
    const other = await makeBusiness(server.deps.db, otherName);
    const owner = await signInFresh(server.app, biz.owner.email);
    const contactOnly = await signInFresh(server.app, biz.members[3]!.email);
    const otherOwner = await signInFresh(server.app, other.owner.email);
    const accountId = await connectSimulatedNumber(server, sim, listening.base, owner, number);
    return { server, sim, base: listening.base, biz, other, owner, contactOnly, otherOwner, accountId };
  } catch (error) {
    await sim?.close();
    await server.close();
    throw error;
  }
}

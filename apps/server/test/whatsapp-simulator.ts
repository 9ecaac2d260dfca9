import type { AddressInfo } from 'node:net';
import { featureStringFrom, type TokenPair } from '@sapa/contracts';
import { startWhatsappCloudSimulator, type WhatsappCloudSimulator } from '@sapa/simulators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { messages } from '../src/modules/conversations/index.js';
import { signInFresh } from './auth-helpers.js';
import { bearer, makeBusiness } from './fixtures.js';
import { startTestServer, type TestServer, waitFor } from './harness.js';

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
export async function startSimulatedBusiness(
  name: string,
  otherName: string,
  number: SimulatedNumber,
  env?: Record<string, string>,
) {
  const server = await startTestServer(env ? { env } : {});
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

export type SimulatedBusiness = Awaited<ReturnType<typeof startSimulatedBusiness>>;

/**
 * `startSimulatedBusiness` as the preamble of a test file: before its tests the server, the simulator and the
 * businesses, then `setup` (the file's own seed); after them the simulator closes first (its webhooks stop and
 * its kept-alive connections to the server close with it), then the server.
 */
export function useSimulatedBusiness(
  name: string,
  otherName: string,
  number: SimulatedNumber,
  setup: (started: SimulatedBusiness) => Promise<void>,
): void {
  let started: SimulatedBusiness | undefined;
  beforeAll(async () => {
    started = await startSimulatedBusiness(name, otherName, number);
    await setup(started);
  });
  afterAll(async () => {
    await started?.sim.close();
    await started?.server.close();
  });
}

/**
 * A customer writes `text` from `waId` to the business's simulated number, and the message is waited for in
 * Sapa: the business then has an open WhatsApp chat inside its 24-hour window.
 */
export async function customerWritesIn(
  env: { server: TestServer; sim: WhatsappCloudSimulator; clientId: string; phoneNumberId: string },
  customer: { waId: string; name: string; text: string },
): Promise<{ waId: string; ticketId: string }> {
  const { messageId } = await env.sim.customerSends({
    phoneNumberId: env.phoneNumberId,
    from: customer.waId,
    name: customer.name,
    message: { type: 'text', text: customer.text },
  });
  const inbound = await waitFor(async () => {
    const [m] = await env.server.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.clientId, env.clientId), eq(messages.providerMessageId, messageId)));
    return m ?? false;
  });
  return { waId: customer.waId, ticketId: inbound.ticketId };
}

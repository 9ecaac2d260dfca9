import type { TokenPair } from '@sapa/contracts';
import { type MailSimulator, startMailSimulator } from '@sapa/simulators';
import { expect } from 'vitest';
import { startEmailListener } from '../../src/modules/channels/index.js';
import { bearer } from '../fixtures.js';
import type { TestServer } from '../harness.js';
import { type Business, useTestServer } from '../use-test-server.js';
import { freePort } from './telegram.js';

/** The domain Sapa receives mail for in these tests, and the business's address on it. */
export const DOMAIN = 'toko.test';
export const ADDRESS = `halo@${DOMAIN}`;
export const CUSTOMER = 'budi@pelanggan.test';

export let server: TestServer;
export let biz: Business;
export let other: Business;
export let owner: TokenPair;
export let otherOwner: TokenPair;
export let sim: MailSimulator;
export let accountId: string;
/** The server's HTTP origin (uploads are real multipart requests). */
export let base: string;
/** Sapa's inbound SMTP listener's port. */
export let sapaSmtpPort: number;
let listener: { port: number; close(): Promise<void> } | null = null;

/**
 * The relay URL of the simulator's SMTP server: STARTTLS required (nodemailer's URL options), its certificate
 * not checked (the simulator's own, for localhost).
 */
export const relayUrlOf = (port: number) =>
  `smtp://127.0.0.1:${port}?requireTLS=true&tls.rejectUnauthorized=false`;

/** Creates an email account through the API (`POST /api/channel-accounts/email`) as `tokens`. */
export function createEmail(tokens: TokenPair, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/channel-accounts/email',
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    payload,
  });
}

/**
 * The email feature's preamble: the webmail simulator (its SMTP server is Sapa's relay), a test server that
 * receives mail for `toko.test` with its SMTP listener on a real port (where the simulator sends), and the
 * owner's account `halo@toko.test` made through the API, with a header and a footer.
 */
export async function useEmailServer() {
  sapaSmtpPort = await freePort();
  sim = await startMailSimulator({
    sapaSmtp: { host: '127.0.0.1', port: sapaSmtpPort },
    sapaAddresses: () => [ADDRESS],
  });
  useTestServer({
    business: 'Email',
    other: 'Lain',
    server: {
      env: { EMAIL_DOMAINS: `${DOMAIN},other.test`, EMAIL_RELAY_URL: relayUrlOf(sim.smtpPort) },
    },
    setup: async (seeded) => {
      ({ server, biz, other, owner, otherOwner } = seeded);
      base = await server.app.listen({ port: 0, host: '127.0.0.1' });
      listener = await startEmailListener(server.deps, {
        port: sapaSmtpPort,
        host: '127.0.0.1',
        drain: server.jobDefs.whatsappInbound,
      });
      const res = await createEmail(owner, {
        addressPart: 'halo',
        domain: DOMAIN,
        displayName: 'Toko Email',
        header: 'Halo dari Toko Email,',
        footer: 'Salam, Toko Email',
      });
      expect(res.statusCode, res.body).toBe(200);
      accountId = res.json().id;
    },
    beforeClose: async () => {
      await listener?.close();
      await sim?.close();
    },
  });
}

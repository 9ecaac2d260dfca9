import type { MailSimulator } from '@sapa/simulators';
import type { ServerDeps } from '../../platform/deps.js';
import { findConnectedAccount, insertEmailAccount, listEmailAddresses } from '../channels/index.js';
import { findDemoBusinessId } from './demo.seed.js';

const DEMO_DOMAIN = 'demo.sapa.id';

/**
 * Demo mode: the webmail simulator in this process (its page on MAIL_SIM_PORT, its SMTP server on
 * MAIL_SIM_SMTP_PORT) as every customer's mail provider: Sapa's relay is its SMTP server unless
 * `EMAIL_RELAY_URL` names another, and it sends to Sapa's SMTP listener (`SMTP_PORT`). The demo business gets
 * `halo@demo.sapa.id` (with the partner's prefix) once; `demo.sapa.id` is the domain when none is configured.
 */
export async function startDemoEmail(
  deps: ServerDeps,
  options: { sapaSmtpPort: number },
): Promise<{ sim: MailSimulator; pageUrl: string } | null> {
  const demoId = await findDemoBusinessId(deps.db);
  if (!demoId) return null;
  const { email } = deps.config;
  if (email.domains.length === 0) email.domains = [DEMO_DOMAIN];
  const { startMailSimulator } = await import('@sapa/simulators');
  const advertised = new URL(deps.config.publicUrl);
  advertised.port = String(email.simPort);
  const sim = await startMailSimulator({
    port: email.simPort,
    host: deps.config.host,
    publicUrl: advertised.origin,
    smtpPort: email.simSmtpPort,
    sapaSmtp: { host: '127.0.0.1', port: options.sapaSmtpPort },
    sapaAddresses: () => listEmailAddresses(deps.db, demoId),
  });
  // STARTTLS to the simulator's SMTP server, as to a real relay (its certificate is its own, for localhost).
  email.relayUrl ??= `smtp://127.0.0.1:${sim.smtpPort}?requireTLS=true&tls.rejectUnauthorized=false`;
  if (!(await findConnectedAccount(deps.db, demoId, 'EML')))
    await insertEmailAccount(deps, demoId, {
      addressPart: 'halo',
      domain: email.domains[0]!,
      displayName: 'Toko Sapa Email',
      header: '',
      footer: 'Salam hangat,\nToko Sapa Demo',
    });
  return { sim, pageUrl: `${sim.url}/?me=budi@pelanggan.test&name=Budi` };
}

import type { PhoneSimulator } from '@sapa/simulators';
import type { AppConfig } from '../../platform/config.js';
import type { Telephony } from '../../platform/telephony/telephony.js';

/**
 * Demo with the SIP server running: the phone simulator's page (PHONE_SIM_PORT, default PORT + 23), where a person
 * picks a phone number and calls, or is called by, an agent of the call centre. Sapa's business line (inbound
 * calls routed to the agents) is not built yet, so the page suggests no number to call.
 */
export async function startDemoPhone(
  config: AppConfig,
  telephony: Telephony,
): Promise<{ sim: PhoneSimulator; pageUrl: string } | null> {
  if (!config.telephony) return null;
  const { startPhoneSimulator } = await import('@sapa/simulators');
  const advertised = new URL(config.publicUrl);
  advertised.port = String(config.telephony.phoneSimPort);
  const sim = await startPhoneSimulator({
    port: config.telephony.phoneSimPort,
    host: config.host,
    publicUrl: advertised.origin,
    sip: { wsUrl: telephony.wsUrl, domain: telephony.domain, secret: config.telephony.secret },
  });
  return { sim, pageUrl: sim.url };
}

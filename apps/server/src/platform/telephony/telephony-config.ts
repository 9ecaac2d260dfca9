import { join } from 'node:path';
import { z } from 'zod';
import { persistedSecret } from '../persisted-secret.js';

/** Phone calls' SIP server and media relay (`telephony.ts`); null in the config: not started (`TELEPHONY=off`). */
export interface TelephonyConfig {
  domain: string;
  /** Shared with Kamailio's auth_ephemeral; `SIP_SECRET`, else generated once into `DATA_DIR/sip-secret`. */
  secret: string;
  host: string;
  wsPort: number;
  udpPort: number;
  ngPort: number;
  rtpPorts: { min: number; max: number };
  /** Where the run's Kamailio configuration and pid files go. */
  dir: string;
  /** What the agents' browsers connect to (`SIP_WS_URL`, else ws://<PUBLIC_URL host>:<SIP_WS_PORT>). */
  wsUrl: string;
  /** Demo: the phone simulator's page (`PHONE_SIM_PORT`, default PORT + 23). */
  phoneSimPort: number;
}

const port = z.coerce.number().int().min(1).max(65535);
const telephonyEnv = z.object({
  TELEPHONY: z.enum(['on', 'off']).default('on'),
  SIP_DOMAIN: z
    .string()
    .regex(/^[\w.-]+$/)
    .optional(),
  SIP_SECRET: z
    .string()
    .min(16)
    .regex(/^[\w.:/-]+$/)
    .optional(),
  /** Kamailio's SIP over WebSocket (browsers) and SIP over UDP (phones); default PORT + 20. */
  SIP_WS_PORT: port.optional(),
  SIP_UDP_PORT: port.optional(),
  SIP_WS_URL: z.string().url().optional(),
  /** rtpengine's control port (default PORT + 21; its command line the next one). */
  RTPENGINE_NG_PORT: port.optional(),
  RTP_PORT_MIN: port.default(35_000),
  RTP_PORT_MAX: port.default(35_999),
  PHONE_SIM_PORT: port.optional(),
});

export function telephonyConfigOf(
  env: NodeJS.ProcessEnv,
  base: { dataDir: string; port: number; host: string; publicUrl: string },
): TelephonyConfig | null {
  const e = telephonyEnv.parse(env);
  if (e.TELEPHONY === 'off') return null;
  const wsPort = e.SIP_WS_PORT ?? base.port + 20;
  const host = base.host === '0.0.0.0' || base.host === '::' ? '127.0.0.1' : base.host;
  return {
    domain: e.SIP_DOMAIN ?? new URL(base.publicUrl).hostname.replace(/^localhost$/, 'sapa.local'),
    secret: e.SIP_SECRET ?? persistedSecret(base.dataDir, 'sip-secret', 32),
    host,
    wsPort,
    udpPort: e.SIP_UDP_PORT ?? base.port + 20,
    ngPort: e.RTPENGINE_NG_PORT ?? base.port + 21,
    rtpPorts: { min: e.RTP_PORT_MIN, max: Math.max(e.RTP_PORT_MIN, e.RTP_PORT_MAX) },
    dir: join(base.dataDir, 'telephony'),
    wsUrl: e.SIP_WS_URL ?? `ws://${new URL(base.publicUrl).hostname}:${wsPort}`,
    phoneSimPort: e.PHONE_SIM_PORT ?? base.port + 23,
  };
}

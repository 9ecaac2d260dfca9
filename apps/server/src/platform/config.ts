import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Everything the process reads from its environment, parsed once at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  PARTNER_CONFIG: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SAPA_DEMO: z.enum(['0', '1']).optional(),
  SAPA_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  PUBLIC_URL: z.string().optional(),
  /** Behind a reverse proxy that sets X-Forwarded-For: how many hops to trust (sign-in limits use the client IP). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Demo mode: port of the in-process WhatsApp Cloud simulator (default PORT + 1). */
  SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Outbound WhatsApp messages per second per number (Meta's default throughput is 80). */
  WHATSAPP_SEND_RATE: z.coerce.number().positive().default(80),
  /** Mail server for one-time codes and notification emails, e.g. smtps://user:pass@smtp.example.com:465. */
  SMTP_URL: z.string().url().optional(),
  /** The From of those emails. */
  SMTP_FROM: z.string().optional(),
  /** The platform's own WhatsApp Cloud number that sends one-time codes (its Graph phone number id and token). */
  PLATFORM_WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  PLATFORM_WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  PLATFORM_WHATSAPP_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v25.0'),
  /** The approved authentication template (one body parameter and a copy-code button: the code). */
  PLATFORM_WHATSAPP_OTP_TEMPLATE: z.string().default('sapa_otp'),
  PLATFORM_WHATSAPP_OTP_LANGUAGE: z.string().default('id'),
  /** DNS resolvers ("host:port", comma-separated) that check live-chat domains; the system's when unset. */
  DNS_SERVERS: z.string().optional(),
});

/** Where one-time codes go out; a channel without a provider falls back to the outbox table. */
export interface DeliveryConfig {
  /** `from`: null means the partner's brand at no-reply@localhost. */
  smtp: { url: string; from: string | null } | null;
  whatsapp: {
    phoneNumberId: string;
    accessToken: string;
    graphBaseUrl: string;
    otpTemplate: string;
    otpLanguage: string;
  } | null;
}

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  partnerConfigPath: string | undefined;
  webDist: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Demo mode: seed a demo business and expose the demo outbox. On by default on the embedded database. */
  demo: boolean;
  role: 'api' | 'worker' | 'all';
  publicUrl: string;
  /** Proxy hops whose X-Forwarded-For is believed; 0 = use the socket address (spoofed headers are ignored). */
  trustProxyHops: number;
  simPort: number;
  whatsappSendRate: number;
  delivery: DeliveryConfig;
  /** Resolvers for live-chat domain checks (001 §5); undefined = the system's. */
  dnsServers: string[] | undefined;
}

/** A secret that survives restarts of the embedded setup: generated once, kept in the data folder. */
function persistedSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = envSchema.parse(env);
  const dataDir = resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    partnerConfigPath: e.PARTNER_CONFIG,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    demo: e.SAPA_DEMO ? e.SAPA_DEMO === '1' : !e.DATABASE_URL,
    role: e.SAPA_ROLE,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    trustProxyHops: e.TRUST_PROXY,
    simPort: e.SIM_PORT ?? port + 1,
    whatsappSendRate: e.WHATSAPP_SEND_RATE,
    dnsServers: e.DNS_SERVERS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    delivery: deliveryConfigOf(e),
  };
}

function deliveryConfigOf(e: z.infer<typeof envSchema>): DeliveryConfig {
  const phoneNumberId = e.PLATFORM_WHATSAPP_PHONE_NUMBER_ID;
  const accessToken = e.PLATFORM_WHATSAPP_ACCESS_TOKEN;
  return {
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? null } : null,
    whatsapp:
      phoneNumberId && accessToken
        ? {
            phoneNumberId,
            accessToken,
            graphBaseUrl: e.PLATFORM_WHATSAPP_GRAPH_URL.replace(/\/$/, ''),
            otpTemplate: e.PLATFORM_WHATSAPP_OTP_TEMPLATE,
            otpLanguage: e.PLATFORM_WHATSAPP_OTP_LANGUAGE,
          }
        : null,
  };
}

import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { persistedSecret } from './persisted-secret.js';
import { type TelephonyConfig, telephonyConfigOf } from './telephony/telephony-config.js';

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
  /** Demo mode: the plan the demo business is seeded on (default Pro: every feature, WhatsApp included). */
  SAPA_DEMO_PLAN: z.enum(['FREE', 'FREE_TRIAL', 'STARTER', 'PRO', 'ENTERPRISE']).default('PRO'),
  SAPA_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  PUBLIC_URL: z.string().optional(),
  /** Behind a reverse proxy that sets X-Forwarded-For: how many hops to trust (sign-in limits use the client IP). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Demo mode: port of the in-process WhatsApp Cloud simulator (default PORT + 1). */
  SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Demo mode: port of the in-process Telegram Bot API simulator (default PORT + 3). */
  TELEGRAM_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  LINE_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Demo mode: port of the in-process Meta (Messenger and Instagram) simulator (default PORT + 5). */
  META_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Demo mode: port of the in-process Viber REST bot API simulator (default PORT + 6). */
  VIBER_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The email channel's inbound SMTP listener (smtp-server); unset: not started (demo: PORT + 8). */
  SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the inbound SMTP listener binds (default: HOST). */
  SMTP_HOST: z.string().optional(),
  /** The SMTP listener's STARTTLS key and certificate (PEM files); unset: a self-signed pair in DATA_DIR. */
  SMTP_TLS_KEY: z.string().optional(),
  SMTP_TLS_CERT: z.string().optional(),
  /** The domains Sapa receives mail for (comma-separated); email accounts are made on them (001 §5). */
  EMAIL_DOMAINS: z.string().optional(),
  /** 000 §6: the client (business) ids whose client events are logged (`POST /api/logs`), at most five, comma-separated. */
  LOG_CLIENT_IDS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().uuid()).max(5)),
  /** The relay agents' emails go out through, e.g. smtp://user:pass@smtp.example.com:587 (demo: the simulator). */
  EMAIL_RELAY_URL: z.string().url().optional(),
  /** Demo mode: the webmail simulator's page (default PORT + 7) and its SMTP server (default PORT + 9). */
  MAIL_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MAIL_SIM_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
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
  /** The payment gateway (Xendit Invoice API): base URL, secret API key, callback verification token. */
  PAYMENT_GATEWAY_URL: z.string().url().default('https://api.xendit.co'),
  PAYMENT_GATEWAY_SECRET_KEY: z.string().optional(),
  PAYMENT_GATEWAY_CALLBACK_TOKEN: z.string().optional(),
  /** Payment channels shown as temporarily off (comma-separated codes, e.g. "OVO,QRIS"), or "all". */
  PAYMENT_METHODS_OFF: z.string().optional(),
  /** 001 §8 withdrawals temporarily off: `true` stops new withdrawals (the wallet page says so). */
  WITHDRAWALS_OFF: z.enum(['true', 'false', '1', '0']).optional(),
  /** Where a rejected usage summary is e-mailed (001 §4: finance); default finance@ the public host. */
  FINANCE_EMAIL: z.string().email().optional(),
  /**
   * Meta's Embedded Signup (the sign-up's WhatsApp step): the Tech Provider's app id and secret, its Facebook
   * Login for Business configuration id, the Graph API and the login dialog. Demo mode without them: the
   * WhatsApp simulator plays Meta.
   */
  META_APP_ID: z.string().optional(),
  META_APP_SECRET: z.string().optional(),
  META_EMBEDDED_SIGNUP_CONFIG_ID: z.string().optional(),
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v25.0'),
  META_DIALOG_URL: z.string().url().default('https://www.facebook.com/v25.0/dialog/oauth'),
  /**
   * Shopify (Sapa as a Shopify app): the app's client id and secret from the Partner Dashboard, and where a
   * shop's admin lives (`{shop}` is the `<handle>.myshopify.com` domain). Demo mode without them: the Shopify
   * simulator (SHOPIFY_SIM_PORT, default PORT + 10) plays Shopify.
   */
  SHOPIFY_CLIENT_ID: z.string().optional(),
  SHOPIFY_CLIENT_SECRET: z.string().optional(),
  SHOPIFY_SHOP_ORIGIN: z.string().default('https://{shop}'),
  SHOPIFY_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * Shopee (Sapa as a Shopee Open Platform partner app): the partner id and key from the Open Platform console
   * and the API host. Demo mode without them: the Shopee simulator (SHOPEE_SIM_PORT, default PORT + 12).
   */
  SHOPEE_PARTNER_ID: z.coerce.number().int().positive().optional(),
  SHOPEE_PARTNER_KEY: z.string().optional(),
  SHOPEE_API_URL: z.string().url().default('https://partner.shopeemobile.com'),
  SHOPEE_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Demo mode: port of the in-process payment gateway simulator (default PORT + 2). */
  PAYMENT_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Web Push VAPID key pair (base64url, as `web-push generate-vapid-keys` prints); unset: made once in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** The contact push services see in the VAPID JWT (a mailto: or https: URL). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/)
    .optional(),
  /** Push service origins allowed beyond the browsers' own (comma-separated), e.g. a test push service. */
  PUSH_SERVICE_ORIGINS: z.string().optional(),
  /** Demo mode: port of the in-process Web Push service simulator (default PORT + 11). */
  PUSH_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/** Web Push (000 §7 push notification): the VAPID identity and the push services subscriptions may point at. */
export interface PushConfig {
  vapidPublicKey: string;
  vapidPrivateKey: string;
  vapidSubject: string;
  /** Origins allowed besides the browsers' push services (`PUSH_SERVICE_ORIGINS`; demo: its simulator). */
  extraServiceOrigins: string[];
  simPort: number;
}

/** The payment gateway's account (Xendit Invoice API). */
export interface PaymentGatewayConfig {
  baseUrl: string;
  secretKey: string;
  callbackToken: string;
}

/** Sapa's Shopify app. `shopOrigin` has `{shop}` where the shop's myshopify.com domain goes. */
export interface ShopifyAppConfig {
  clientId: string;
  clientSecret: string;
  shopOrigin: string;
}

/** Sapa's Shopee Open Platform partner app: every shop authorises it; its pushes come to one callback URL. */
export interface ShopeePartnerConfig {
  partnerId: number;
  partnerKey: string;
  apiBaseUrl: string;
}

/** The partner's Meta app for Embedded Signup (Facebook Login for Business, WhatsApp variation). */
export interface MetaAppConfig {
  appId: string;
  appSecret: string;
  configId: string;
  graphBaseUrl: string;
  dialogUrl: string;
}

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
  /** 000 §6 client-event logging: the (at most five) businesses whose events `POST /api/logs` keeps. */
  clientLogIds: string[];
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  partnerConfigPath: string | undefined;
  webDist: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Demo mode: seed a demo business and expose the demo outbox. On by default on the embedded database. */
  demo: boolean;
  /** Demo mode: the demo business's plan on its first start. */
  demoPlan: 'FREE' | 'FREE_TRIAL' | 'STARTER' | 'PRO' | 'ENTERPRISE';
  role: 'api' | 'worker' | 'all';
  publicUrl: string;
  /** Proxy hops whose X-Forwarded-For is believed; 0 = use the socket address (spoofed headers are ignored). */
  trustProxyHops: number;
  simPort: number;
  telegramSimPort: number;
  /** Demo: the LINE Messaging API simulator's port (PORT + 4). */
  lineSimPort: number;
  metaSimPort: number;
  /** Demo: the Viber REST bot API simulator's port (PORT + 6). */
  viberSimPort: number;
  whatsappSendRate: number;
  delivery: DeliveryConfig;
  /** Resolvers for live-chat domain checks (001 §5); undefined = the system's. */
  dnsServers: string[] | undefined;
  /** Null: online payment is off (no gateway account configured). */
  paymentGateway: PaymentGatewayConfig | null;
  /** Payment channel codes shown as temporarily off (001 §8); `all` turns every one off. */
  paymentMethodsOff: string[];
  /** 001 §8 withdrawals temporarily off (WITHDRAWALS_OFF); also off while no gateway is configured. */
  withdrawalsOff: boolean;
  /** Sapa's finance mailbox: rejected usage summaries go there (FINANCE_EMAIL). */
  financeEmail: string;
  paymentSimPort: number;
  /** Null: Shopify cannot be connected (no app configured). */
  shopify: ShopifyAppConfig | null;
  shopifySimPort: number;
  /** Null: Shopee cannot be connected (no partner app configured). */
  shopee: ShopeePartnerConfig | null;
  shopeeSimPort: number;
  /** Null: the sign-up's WhatsApp step cannot connect (no Meta app configured). */
  metaApp: MetaAppConfig | null;
  email: EmailChannelConfig;
  push: PushConfig;
  /** Phone calls' SIP server and media relay; null: `TELEPHONY=off`. */
  telephony: TelephonyConfig | null;
}

/** The email channel (001 §5): inbound SMTP listener, the domains it receives for, the outbound relay. */
export interface EmailChannelConfig {
  /** Null: no inbound SMTP listener. */
  smtpPort: number | null;
  smtpHost: string;
  /** PEM files for the listener's STARTTLS; null: a self-signed pair kept in `DATA_DIR/smtp-tls`. */
  tlsKeyFile: string | null;
  tlsCertFile: string | null;
  domains: string[];
  /** Null: agents' emails cannot go out (the send fails with the reason). */
  relayUrl: string | null;
  simPort: number;
  simSmtpPort: number;
}

/**
 * The VAPID key pair (P-256; public key as the uncompressed point, private key as the 32-byte scalar, both
 * base64url): generated once into `DATA_DIR/vapid-keys.json` beside `jwt-secret`, written whole before it is
 * linked into place so processes starting together read one pair.
 */
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const pair = {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: ecdh.getPrivateKey().toString('base64url'),
    };
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, JSON.stringify(pair), { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(temp, { force: true });
    }
  }
  return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
}

function pushConfigOf(
  e: z.infer<typeof envSchema>,
  dataDir: string,
  publicUrl: string,
  port: number,
): PushConfig {
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : persistedVapidKeys(dataDir);
  return {
    vapidPublicKey: keys.publicKey,
    vapidPrivateKey: keys.privateKey,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:push@${new URL(publicUrl).hostname}`,
    extraServiceOrigins: (e.PUSH_SERVICE_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
    simPort: e.PUSH_SIM_PORT ?? port + 11,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = envSchema.parse(env);
  const dataDir = resolve(e.DATA_DIR);
  const port = e.PORT;
  const demo = e.SAPA_DEMO ? e.SAPA_DEMO === '1' : !e.DATABASE_URL;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret', 48),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    partnerConfigPath: e.PARTNER_CONFIG,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    demo,
    demoPlan: e.SAPA_DEMO_PLAN,
    role: e.SAPA_ROLE,
    publicUrl,
    trustProxyHops: e.TRUST_PROXY,
    simPort: e.SIM_PORT ?? port + 1,
    telegramSimPort: e.TELEGRAM_SIM_PORT ?? port + 3,
    lineSimPort: e.LINE_SIM_PORT ?? port + 4,
    metaSimPort: e.META_SIM_PORT ?? port + 5,
    viberSimPort: e.VIBER_SIM_PORT ?? port + 6,
    whatsappSendRate: e.WHATSAPP_SEND_RATE,
    dnsServers: e.DNS_SERVERS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    delivery: deliveryConfigOf(e),
    paymentGateway:
      e.PAYMENT_GATEWAY_SECRET_KEY && e.PAYMENT_GATEWAY_CALLBACK_TOKEN
        ? {
            baseUrl: e.PAYMENT_GATEWAY_URL.replace(/\/$/, ''),
            secretKey: e.PAYMENT_GATEWAY_SECRET_KEY,
            callbackToken: e.PAYMENT_GATEWAY_CALLBACK_TOKEN,
          }
        : null,
    paymentMethodsOff: (e.PAYMENT_METHODS_OFF ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean),
    withdrawalsOff: e.WITHDRAWALS_OFF === 'true' || e.WITHDRAWALS_OFF === '1',
    financeEmail: e.FINANCE_EMAIL ?? `finance@${new URL(publicUrl).hostname}`,
    paymentSimPort: e.PAYMENT_SIM_PORT ?? port + 2,
    shopify:
      e.SHOPIFY_CLIENT_ID && e.SHOPIFY_CLIENT_SECRET
        ? {
            clientId: e.SHOPIFY_CLIENT_ID,
            clientSecret: e.SHOPIFY_CLIENT_SECRET,
            shopOrigin: e.SHOPIFY_SHOP_ORIGIN.replace(/\/$/, ''),
          }
        : null,
    shopifySimPort: e.SHOPIFY_SIM_PORT ?? port + 10,
    shopee:
      e.SHOPEE_PARTNER_ID && e.SHOPEE_PARTNER_KEY
        ? {
            partnerId: e.SHOPEE_PARTNER_ID,
            partnerKey: e.SHOPEE_PARTNER_KEY,
            apiBaseUrl: e.SHOPEE_API_URL.replace(/\/$/, ''),
          }
        : null,
    shopeeSimPort: e.SHOPEE_SIM_PORT ?? port + 12,
    metaApp:
      e.META_APP_ID && e.META_APP_SECRET && e.META_EMBEDDED_SIGNUP_CONFIG_ID
        ? {
            appId: e.META_APP_ID,
            appSecret: e.META_APP_SECRET,
            configId: e.META_EMBEDDED_SIGNUP_CONFIG_ID,
            graphBaseUrl: e.META_GRAPH_URL.replace(/\/$/, ''),
            dialogUrl: e.META_DIALOG_URL,
          }
        : null,
    clientLogIds: e.LOG_CLIENT_IDS,
    email: {
      smtpPort: e.SMTP_PORT ?? (demo ? port + 8 : null),
      smtpHost: e.SMTP_HOST ?? e.HOST,
      tlsKeyFile: e.SMTP_TLS_KEY ?? null,
      tlsCertFile: e.SMTP_TLS_CERT ?? null,
      domains: (e.EMAIL_DOMAINS ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      relayUrl: e.EMAIL_RELAY_URL ?? null,
      simPort: e.MAIL_SIM_PORT ?? port + 7,
      simSmtpPort: e.MAIL_SIM_SMTP_PORT ?? port + 9,
    },
    push: pushConfigOf(e, dataDir, publicUrl, port),
    telephony: telephonyConfigOf(env, { dataDir, port, host: e.HOST, publicUrl }),
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

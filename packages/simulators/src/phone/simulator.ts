import { createHmac } from 'node:crypto';
import { build } from 'esbuild';
import Fastify from 'fastify';
import { listenAdvertised } from '../listen.js';
import { phonePage } from './page.js';

/**
 * The telephone network's side of phone calls: a page where a person picks a phone number and calls the
 * business (or is called by an agent) with the microphone. The page is a SIP phone (JsSIP) registered to Sapa's
 * Kamailio; this simulator is the carrier that lets any number on (it signs the number's ephemeral credential
 * with the SIP secret, as Sapa signs its agents').
 */
export interface PhoneSimulatorOptions {
  port?: number;
  host?: string;
  publicUrl?: string;
  /** Sapa's SIP server: where the page's phone connects, its domain, the auth_ephemeral secret. */
  sip: { wsUrl: string; domain: string; secret: string };
  /** The number the page suggests calling (the business's line). */
  businessNumber?: string;
}

export interface PhoneSimulator {
  url: string;
  close(): Promise<void>;
}

/** A phone number the network lets on: 8 to 15 digits (E.164 without the plus). */
const NUMBER = /^\d{8,15}$/;
const CREDENTIAL_SECONDS = 12 * 60 * 60;

let jssipBundle: Promise<string> | null = null;

/** JsSIP for the page, bundled once per process (the `JsSIP` global). */
function jssipScript(): Promise<string> {
  jssipBundle ??= build({
    stdin: { contents: "export { default } from 'jssip';", resolveDir: import.meta.dirname },
    bundle: true,
    format: 'iife',
    globalName: 'JsSIPModule',
    footer: { js: 'window.JsSIP = JsSIPModule.default;' },
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text);
  return jssipBundle;
}

export async function startPhoneSimulator(options: PhoneSimulatorOptions): Promise<PhoneSimulator> {
  const app = Fastify({ logger: false });
  app.get('/', (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(
      phonePage({
        wsUrl: options.sip.wsUrl,
        domain: options.sip.domain,
        businessNumber: options.businessNumber,
      }),
    ),
  );
  app.get('/jssip.js', async (_req, reply) => reply.type('text/javascript').send(await jssipScript()));
  app.post<{ Body: { number?: unknown } }>('/credential', (req, reply) => {
    const number = typeof req.body?.number === 'string' ? req.body.number : '';
    if (!NUMBER.test(number)) return reply.code(400).send({ error: 'A phone number is 8 to 15 digits.' });
    const username = `${Math.floor(Date.now() / 1000) + CREDENTIAL_SECONDS}:${number}`;
    return {
      username,
      password: createHmac('sha256', options.sip.secret).update(username).digest('base64'),
    };
  });
  const url = await listenAdvertised(app, options);
  return { url, close: () => app.close() };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { writeToneWav } from '../../apps/server/test/servers/telephony.js';
import type { createSipPhone, SipPhone } from '../../apps/web/src/shared/sip/sip-phone.js';

/** What the test page keeps on its window (functions given to `page.evaluate` run there, typed by this). */
interface PhoneWindow {
  SapaSip: { createSipPhone: typeof createSipPhone };
  phone: SipPhone;
  calls: { state: string; registered: boolean; incoming: string | null };
}

/**
 * The web app's SIP phone (`apps/web/src/shared/sip/sip-phone.ts`, bundled as it is) in Debian's Chromium with a
 * fake microphone that says a tone, on a page of its own; what it hears is measured with WebAudio.
 */
export interface BrowserPhone {
  page: Page;
  /** Waits until the phone is registered. */
  registered(): Promise<void>;
  call(target: string): Promise<void>;
  /** Waits for an incoming call and answers it; returns the caller's user. */
  answerIncoming(): Promise<string>;
  /** Seconds of sound and its tone's frequency, over `ms` of listening to the other side. */
  listen(ms: number): Promise<{ loud: number; hz: number }>;
  state(): Promise<string>;
  hangUp(): Promise<void>;
  close(): Promise<void>;
}

const SIP_PHONE = resolve(import.meta.dirname, '../../apps/web/src/shared/sip/sip-phone.ts');

async function pageServer(): Promise<Server> {
  const bundle = await build({
    entryPoints: [SIP_PHONE],
    bundle: true,
    format: 'iife',
    globalName: 'SapaSip',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const server = createServer((req, res) => {
    if (req.url === '/sip-phone.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><audio id="remote" autoplay></audio><script src="/sip-phone.js"></script>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

export async function startBrowserPhone(options: {
  dir: string;
  wsUrl: string;
  domain: string;
  user: string;
  credential: { username: string; password: string };
  toneHz: number;
}): Promise<BrowserPhone> {
  const server = await pageServer();
  const browser = await launchWithMicrophone(options.dir, options.user, options.toneHz);
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.evaluate(
    ({ wsUrl, domain, user, credential }) => {
      const w = window as unknown as PhoneWindow;
      w.calls = { state: 'idle', registered: false, incoming: null };
      (window as unknown as { remoteStream(): MediaStream | null }).remoteStream = () =>
        w.phone.streams().remote;
      w.phone = w.SapaSip.createSipPhone(
        {
          wsUrl,
          domain,
          user,
          credential,
          remoteAudio: document.getElementById('remote') as HTMLAudioElement,
        },
        {
          onRegistered: () => {
            w.calls.registered = true;
          },
          onIncoming: (from: string) => {
            w.calls.incoming = from;
          },
          onState: (state: string) => {
            w.calls.state = state;
          },
        },
      );
    },
    { wsUrl: options.wsUrl, domain: options.domain, user: options.user, credential: options.credential },
  );
  return {
    page,
    async registered() {
      await page.waitForFunction(() => (window as unknown as PhoneWindow).calls.registered === true, null, {
        timeout: 15_000,
      });
    },
    async call(target) {
      await page.evaluate((t) => (window as unknown as PhoneWindow).phone.call(t), target);
    },
    async answerIncoming() {
      await page.waitForFunction(() => (window as unknown as PhoneWindow).calls.incoming !== null, null, {
        timeout: 15_000,
      });
      return page.evaluate(() => {
        const w = window as unknown as PhoneWindow;
        w.phone.answer();
        return w.calls.incoming as string;
      });
    },
    listen: (ms) => listenToRemote(page, ms),
    state: () => page.evaluate(() => (window as unknown as PhoneWindow).calls.state as string),
    async hangUp() {
      await page.evaluate(() => (window as unknown as PhoneWindow).phone.hangUp());
    },
    async close() {
      await page.evaluate(() => (window as unknown as PhoneWindow).phone.stop()).catch(() => undefined);
      await browser.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * Seconds of sound and its tone's frequency (zero crossings) over `ms` of the other side's audio, through
 * WebAudio, on a page whose `window.remoteStream()` gives that audio (the web app's phone here, the phone
 * simulator's page).
 */
export function listenToRemote(page: Page, ms: number): Promise<{ loud: number; hz: number }> {
  return page.evaluate(async (ms) => {
    const remote = (window as unknown as { remoteStream(): MediaStream | null }).remoteStream();
    if (!remote) return { loud: 0, hz: 0 };
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaStreamSource(remote).connect(analyser);
    const buffer = new Float32Array(analyser.fftSize);
    let loudSeconds = 0;
    let crossings = 0;
    const frameSeconds = analyser.fftSize / context.sampleRate;
    for (const end = performance.now() + ms; performance.now() < end; ) {
      await new Promise((r) => setTimeout(r, frameSeconds * 1000));
      analyser.getFloatTimeDomainData(buffer);
      let energy = 0;
      for (const v of buffer) energy += v * v;
      if (Math.sqrt(energy / buffer.length) < 0.01) continue;
      loudSeconds += frameSeconds;
      for (let i = 1; i < buffer.length; i++) if (buffer[i - 1]! < 0 !== buffer[i]! < 0) crossings++;
    }
    await context.close();
    return { loud: loudSeconds, hz: loudSeconds > 0 ? crossings / 2 / loudSeconds : 0 };
  }, ms);
}

/** Debian's Chromium whose (fake) microphone says a tone, media allowed without asking, audio autoplaying. */
export async function launchWithMicrophone(dir: string, name: string, toneHz: number): Promise<Browser> {
  const microphone = join(dir, `microphone-${name}.wav`);
  writeToneWav(microphone, toneHz, 30, 48_000);
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${microphone}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sipCredentialFor } from '../../src/platform/telephony/sip-credentials.js';
import { startTelephony, type Telephony } from '../../src/platform/telephony/telephony.js';
import { freePort } from '../free-port.js';
import { waitFor } from '../wait-for.js';

/** A WAV file of a pure tone (16-bit mono PCM): what a test phone or the fake microphone says. */
export function writeToneWav(path: string, hz: number, seconds: number, rate: number) {
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(path, Buffer.concat([header, data]));
}

/**
 * What a recording heard: seconds of sound (frames of 20 ms louder than near silence) and the tone's
 * frequency in the sound (from its zero crossings), of a 16-bit mono WAV as baresip's `sndfile` writes.
 */
export function heardIn(path: string): { seconds: number; hz: number } {
  const wav = readFileSync(path);
  const rate = wav.readUInt32LE(24);
  const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, Math.floor((wav.length - 44) / 2));
  const frame = Math.round(rate / 50);
  let loudFrames = 0;
  let crossings = 0;
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += samples[i]! * samples[i]!;
    if (Math.sqrt(energy / frame) < 500) continue;
    loudFrames++;
    for (let i = start + 1; i < start + frame; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
  }
  const seconds = (loudFrames * frame) / rate;
  return { seconds, hz: seconds > 0 ? crossings / 2 / seconds : 0 };
}

/** A scripted phone: baresip registered to Sapa's SIP server over UDP, saying a tone, recording what it hears. */
export interface TestPhone {
  user: string;
  /** What the phone heard in its last call (`heardIn` of its recording); zero before any. */
  heard(): { seconds: number; hz: number };
  output(): string;
  stop(): Promise<void>;
}

export async function startTestPhone(options: {
  dir: string;
  user: string;
  domain: string;
  credential: { username: string; password: string };
  proxy: { host: string; port: number };
  sipPort: number;
  toneHz: number;
  /** Answer calls by itself. */
  autoAnswer?: boolean;
  /** Dial this SIP user once registered. */
  dial?: string;
  /** Wait for the registration (false: a test expecting it to fail reads `output`). */
  waitRegistered?: boolean;
}): Promise<TestPhone> {
  const dir = join(options.dir, options.user);
  const recordings = join(dir, 'rec');
  mkdirSync(recordings, { recursive: true });
  const tone = join(dir, 'tone.wav');
  writeToneWav(tone, options.toneHz, 60, 8000);
  writeFileSync(
    join(dir, 'config'),
    [
      'poll_method epoll',
      `sip_listen 127.0.0.1:${options.sipPort}`,
      'module_path /usr/lib/baresip/modules',
      'module g711.so',
      'module aufile.so',
      'module sndfile.so',
      'module_app account.so',
      'module_app menu.so',
      `audio_source aufile,${tone}`,
      `snd_path ${recordings}`,
      '',
    ].join('\n'),
  );
  const { username, password } = options.credential;
  writeFileSync(
    join(dir, 'accounts'),
    `<sip:${options.user}@${options.domain}>;auth_user=${username};auth_pass=${password};` +
      `outbound="sip:${options.proxy.host}:${options.proxy.port}";answermode=${options.autoAnswer ? 'auto' : 'manual'};` +
      'regint=60;ptime=20;audio_codecs=PCMU\n',
  );
  const args = ['-f', dir];
  if (options.dial) args.push('-e', `/dial sip:${options.dial}@${options.domain}`);
  const child: ChildProcess = spawn('/usr/bin/baresip', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  const phone: TestPhone = {
    user: options.user,
    heard() {
      const decoded = readdirSync(recordings)
        .filter((f) => f.endsWith('-dec.wav'))
        .sort();
      const last = decoded.at(-1);
      return last ? heardIn(join(recordings, last)) : { seconds: 0, hz: 0 };
    },
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  if (options.waitRegistered !== false)
    await waitFor(async () => /\} 200 OK/.test(output), 15_000).catch(() => {
      throw new Error(`${options.user} did not register:\n${output}`);
    });
  return phone;
}

/** Sapa's SIP server and media relay on free ports, with scripted phones made on demand; `close` ends all. */
export interface TestTelephony {
  telephony: Telephony;
  dir: string;
  secret: string;
  domain: string;
  rtpPorts: { min: number; max: number };
  /** A scripted phone saying `toneHz`; by default registered with a credential Sapa would sign for it. */
  phone(
    user: string,
    toneHz: number,
    extra?: { autoAnswer?: boolean; dial?: string; credentialUser?: string; secret?: string },
  ): Promise<TestPhone>;
  close(): Promise<void>;
}

export async function startTestTelephony(): Promise<TestTelephony> {
  const dir = mkdtempSync(join(tmpdir(), 'sapa-telephony-'));
  const secret = randomBytes(16).toString('hex');
  const domain = 'sapa.test';
  const min = 40_000 + Math.floor(Math.random() * 200) * 100;
  const rtpPorts = { min, max: min + 99 };
  const telephony = await startTelephony({
    dir,
    domain,
    secret,
    wsPort: await freePort(),
    udpPort: await freePort(),
    ngPort: await freePort(),
    rtpPorts,
  });
  const phones: TestPhone[] = [];
  return {
    telephony,
    dir,
    secret,
    domain,
    rtpPorts,
    async phone(user, toneHz, extra = {}) {
      const credential = sipCredentialFor(
        extra.secret ?? secret,
        extra.credentialUser ?? user,
        600,
        new Date(),
      );
      const started = await startTestPhone({
        dir,
        user,
        domain,
        credential,
        proxy: telephony.udpAddress,
        sipPort: await freePort(),
        toneHz,
        autoAnswer: extra.autoAnswer,
        dial: extra.dial,
        waitRegistered: extra.credentialUser === undefined && extra.secret === undefined,
      });
      phones.push(started);
      return started;
    },
    async close() {
      await Promise.all(phones.map((p) => p.stop()));
      await telephony.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

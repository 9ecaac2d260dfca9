import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { AppConfig } from '../../../../platform/config.js';

export interface TlsPair {
  key: string;
  cert: string;
}

/**
 * The key and certificate the SMTP listener offers with STARTTLS: the configured PEM files
 * (`SMTP_TLS_KEY`, `SMTP_TLS_CERT`), else a self-signed pair made once for the first email domain and kept
 * in `DATA_DIR/smtp-tls` (senders that require a trusted certificate need the configured pair; most MTAs
 * accept any certificate for opportunistic STARTTLS).
 */
export async function smtpTlsOf(config: Pick<AppConfig, 'dataDir' | 'email'>): Promise<TlsPair> {
  const { tlsKeyFile, tlsCertFile, domains } = config.email;
  if (tlsKeyFile && tlsCertFile)
    return { key: await readFile(tlsKeyFile, 'utf8'), cert: await readFile(tlsCertFile, 'utf8') };
  const dir = join(config.dataDir, 'smtp-tls');
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  if (existsSync(keyFile) && existsSync(certFile))
    return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') };
  const names = domains.length > 0 ? domains : ['localhost'];
  const name = names[0]!;
  const notAfter = new Date();
  notAfter.setFullYear(notAfter.getFullYear() + 5);
  const pems = await generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [{ name: 'subjectAltName', altNames: names.map((value) => ({ type: 2, value })) }],
  });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  await writeFile(certFile, pems.cert);
  return { key: pems.private, cert: pems.cert };
}

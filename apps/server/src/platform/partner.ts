import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { offeredChannels, type PartnerConfig, partnerConfigSchema } from '@sapa/contracts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const DEFAULT_PARTNER_CONFIG = resolve(repoRoot, 'config/partners/sapa.json');

/**
 * The white-label partner profile (brand, channels, flags) from a JSON file; a bad file stops the start. The
 * channels it offers are its allowed channels less those its feature flags turn off.
 */
export function loadPartnerConfig(path: string | undefined): PartnerConfig {
  const file = path ? resolve(path) : DEFAULT_PARTNER_CONFIG;
  const partner = partnerConfigSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { ...partner, allowedChannels: offeredChannels(partner) };
}

export function readVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

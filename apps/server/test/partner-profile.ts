import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PartnerConfig } from '@sapa/contracts';

/** Sapa's own partner profile (`config/partners/sapa.json`). */
export const sapaProfile = (): PartnerConfig =>
  JSON.parse(readFileSync(new URL('../../../config/partners/sapa.json', import.meta.url), 'utf8'));

/**
 * A partner profile file (for `PARTNER_CONFIG`): Sapa's own under another code, with these feature flags
 * changed. Answers the file's path.
 */
export function partnerFileWith(code: string, flags: Partial<PartnerConfig['featureFlags']>): string {
  const sapa = sapaProfile();
  const file = join(mkdtempSync(join(tmpdir(), 'sapa-partner-')), 'partner.json');
  writeFileSync(file, JSON.stringify({ ...sapa, code, featureFlags: { ...sapa.featureFlags, ...flags } }));
  return file;
}

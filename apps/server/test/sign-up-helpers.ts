import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WhatsappCloudSimulator } from '@sapa/simulators';
import { waitFor } from './harness.js';

/** A partner profile file: Sapa's own (`config/partners/sapa.json`) with the given changes (PARTNER_CONFIG). */
export function partnerFileWith(changes: { code?: string; featureFlags: Record<string, unknown> }): string {
  const sapa = JSON.parse(
    readFileSync(new URL('../../../config/partners/sapa.json', import.meta.url), 'utf8'),
  );
  const file = join(mkdtempSync(join(tmpdir(), 'sapa-partner-')), 'partner.json');
  writeFileSync(
    file,
    JSON.stringify({
      ...sapa,
      ...(changes.code ? { code: changes.code } : {}),
      featureFlags: { ...sapa.featureFlags, ...changes.featureFlags },
    }),
  );
  return file;
}

/** The sign-up code as the person reads it: the platform number's first template to their phone. */
export async function signUpCodeOnPhone(
  sim: WhatsappCloudSimulator,
  platformPhoneNumberId: string,
  phone: string,
): Promise<string> {
  const [first] = await waitFor(async () => {
    const sent = sim.conversation(platformPhoneNumberId, phone);
    return sent.length > 0 ? sent : undefined;
  });
  const template = first!.request.template as {
    components: { type: string; parameters: { text: string }[] }[];
  };
  return template.components.find((c) => c.type === 'body')!.parameters[0]!.text;
}

import type { ChannelCode } from '@sapa/contracts';

/**
 * The path segment of each channel's webhook URL (`/webhooks/<segment>/<channel account id>`), for the
 * channels whose provider posts to Sapa. A leaf file: the account views (webhook URL) and the generic webhook
 * route read it without importing the connectors.
 */
export const WEBHOOK_PATHS: Readonly<Partial<Record<ChannelCode, string>>> = {
  WAP: 'whatsapp-cloud',
  TLG: 'telegram',
  LNE: 'line',
  MSG: 'messenger',
  IGM: 'instagram',
  VBR: 'viber',
};

/** The channel whose webhooks arrive under this path segment; undefined: none. */
export function channelOfWebhookPath(segment: string): ChannelCode | undefined {
  const found = Object.entries(WEBHOOK_PATHS).find(([, path]) => path === segment);
  return found?.[0] as ChannelCode | undefined;
}

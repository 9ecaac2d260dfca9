import { z } from 'zod';

/**
 * The white-label partner configuration (000 §1, §4): brand, partner code, offered channels and feature
 * flags. Loaded by the server from a JSON file and served to the web app.
 */
export const CHANNEL_CODES = [
  'WAP',
  'IGM',
  'MSG',
  'TPD',
  'LZD',
  'SHP',
  'TTS',
  'WPU',
  'VBR',
  'LNE',
  'TLG',
  'LVC',
  'EML',
  'WAC',
] as const;
export type ChannelCode = (typeof CHANNEL_CODES)[number];

export const partnerConfigSchema = z.object({
  code: z.string().min(1),
  brandName: z.string().min(1),
  emailUserPrefix: z.string().default(''),
  /** The product states it is integrated with a WhatsApp Business API partner (000 §1). */
  tagline: z.object({ id: z.string(), en: z.string() }).default({ id: '', en: '' }),
  primaryColor: z.string().default('teal'),
  allowedChannels: z.array(z.enum(CHANNEL_CODES)),
  /** The forbidden message is shown except for the SmartChat brand (000 §2 Route guard). */
  showForbiddenMessage: z.boolean().default(true),
  featureFlags: z.object({
    multiplePackageSubscription: z.boolean(),
    wabaRequired: z.boolean(),
    shopeeConnect: z.boolean(),
    lineTelegram: z.boolean(),
    unofficialWhatsapp: z.boolean(),
  }),
  /** Where the consent agreement text is fetched from (000 §7). */
  consentAgreementUrl: z.string().default('/pp.html'),
});
export type PartnerConfig = z.infer<typeof partnerConfigSchema>;

/** The channels each feature flag switches off when it is false (000 §4: "Shopee connect off", …). */
const CHANNELS_BEHIND_FLAG: Record<'shopeeConnect' | 'lineTelegram' | 'unofficialWhatsapp', ChannelCode[]> = {
  shopeeConnect: ['SHP'],
  lineTelegram: ['LNE', 'TLG'],
  unofficialWhatsapp: ['WPU'],
};

/**
 * The channels a partner really offers: its allowed channels less those whose feature flag is off. The server
 * applies it when it loads the profile, so every check and picker that reads `allowedChannels` honours the
 * flags. (The other flags, WABA required and multiple package subscription, belong to sign-up and
 * subscriptions.)
 */
export function offeredChannels(
  partner: Pick<PartnerConfig, 'allowedChannels' | 'featureFlags'>,
): ChannelCode[] {
  const off = new Set(
    Object.entries(CHANNELS_BEHIND_FLAG).flatMap(([flag, codes]) =>
      partner.featureFlags[flag as keyof typeof CHANNELS_BEHIND_FLAG] ? [] : codes,
    ),
  );
  return partner.allowedChannels.filter((code) => !off.has(code));
}

/** Account status of a business (000 §4 Subscription: Free, Free Trial, an active package, Expired). */
export const ACCOUNT_STATUSES = ['Free', 'Free Trial', 'Active', 'Expired'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const appInfoResponse = z.object({
  version: z.string(),
  partner: partnerConfigSchema,
  demo: z.boolean(),
});
export type AppInfo = z.infer<typeof appInfoResponse>;

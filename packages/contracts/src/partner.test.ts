import { describe, expect, it } from 'vitest';
import { type ChannelCode, offeredChannels, type PartnerConfig } from './partner.js';

const ALL: ChannelCode[] = ['WAP', 'IGM', 'MSG', 'SHP', 'WPU', 'LNE', 'TLG', 'LVC'];
const flags = (off: Partial<PartnerConfig['featureFlags']>): PartnerConfig['featureFlags'] => ({
  multiplePackageSubscription: true,
  wabaRequired: true,
  shopeeConnect: true,
  lineTelegram: true,
  unofficialWhatsapp: true,
  ...off,
});

describe('offeredChannels (000 §4: allowed channels, feature flags)', () => {
  it.each([
    { case: 'every flag on', off: {}, offered: ALL },
    {
      case: 'Shopee connect off',
      off: { shopeeConnect: false },
      offered: ['WAP', 'IGM', 'MSG', 'WPU', 'LNE', 'TLG', 'LVC'],
    },
    {
      case: 'Line and Telegram off',
      off: { lineTelegram: false },
      offered: ['WAP', 'IGM', 'MSG', 'SHP', 'WPU', 'LVC'],
    },
    {
      case: 'unofficial WhatsApp off',
      off: { unofficialWhatsapp: false },
      offered: ['WAP', 'IGM', 'MSG', 'SHP', 'LNE', 'TLG', 'LVC'],
    },
    {
      case: 'flags of sign-up only',
      off: { wabaRequired: false, multiplePackageSubscription: false },
      offered: ALL,
    },
  ])('$case', ({ off, offered }) => {
    expect(offeredChannels({ allowedChannels: ALL, featureFlags: flags(off) })).toEqual(offered);
  });

  it('never offers a channel the partner is not allowed, whatever its flag', () => {
    expect(offeredChannels({ allowedChannels: ['WAP'], featureFlags: flags({}) })).toEqual(['WAP']);
  });
});

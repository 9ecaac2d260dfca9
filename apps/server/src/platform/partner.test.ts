import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPartnerConfig } from './partner.js';

describe('loadPartnerConfig', () => {
  it("offers KOALA_PLUS's allowed channels less Shopee, whose connection its flags turn off (000 §4)", () => {
    const partner = loadPartnerConfig(
      resolve(import.meta.dirname, '../../../../config/partners/koala-plus.json'),
    );
    expect(partner.allowedChannels).toEqual(['WAP', 'IGM', 'MSG', 'TPD', 'LZD', 'LNE', 'TLG']);
  });
});

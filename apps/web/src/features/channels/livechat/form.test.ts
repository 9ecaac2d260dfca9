import { describe, expect, it } from 'vitest';
import {
  checkLogoFile,
  emptyValues,
  type LivechatValues,
  newPreChatRow,
  sectionsWithErrors,
  takenCustomizedData,
  textColourOn,
  validateLivechat,
} from './form';

const LOGO_ID = '0190f5a4-0000-7000-8000-000000000001';

function filled(overrides: Partial<LivechatValues> = {}): LivechatValues {
  return {
    ...emptyValues(),
    name: 'Toko Batik',
    domain: 'https://batik.example.id',
    logoUploadId: LOGO_ID,
    personaName: 'Sari',
    onlineTitle: 'Halo!',
    onlineMessage: 'Ada yang bisa kami bantu?',
    offlineTitle: 'Kami sedang offline',
    offlineMessage: 'Tinggalkan pesan, kami balas besok.',
    consentText: 'Saya setuju data saya disimpan.',
    ...overrides,
  };
}

describe('validateLivechat (001 §5 live chat and pre-chat form)', () => {
  it('accepts a complete account and builds the contract body', () => {
    const result = validateLivechat(
      filled({ fields: [newPreChatRow({ label: 'Email', customizedData: 'email' })] }),
    );
    expect(result.success).toBe(true);
    if (result.success)
      expect(result.body.preChatForm.fields).toEqual([{ label: 'Email', customizedData: 'email' }]);
  });

  it('reports the title and message limits 30 / 80 and a domain without http(s)://', () => {
    const result = validateLivechat(
      filled({ onlineTitle: 'x'.repeat(31), offlineMessage: 'y'.repeat(81), domain: 'batik.example.id' }),
    );
    expect(result.errors).toMatchObject({
      onlineTitle: 'livechat.titleMax',
      offlineMessage: 'livechat.messageMax',
      domain: 'livechat.domainInvalid',
    });
    expect(sectionsWithErrors(result.errors)).toEqual(['basic', 'content']);
  });

  it('requires the logo, the consent text and each row’s label and customized data, by full path', () => {
    const result = validateLivechat(
      filled({ logoUploadId: null, consentText: ' ', fields: [newPreChatRow()] }),
    );
    expect(result.errors).toMatchObject({
      logoUploadId: 'livechat.logoRequired',
      'preChatForm.consentText': 'livechat.consentRequired',
      'preChatForm.fields.0.label': 'livechat.labelRequired',
      'preChatForm.fields.0.customizedData': 'livechat.customizedDataRequired',
    });
    expect(sectionsWithErrors(result.errors)).toEqual(['display', 'preChat']);
  });

  it('refuses a fourth component and the same customized data twice', () => {
    const rows = ['email', 'phone', 'city', 'company'].map((data) =>
      newPreChatRow({ label: data, customizedData: data as 'email' }),
    );
    expect(validateLivechat(filled({ fields: rows })).errors['preChatForm.fields']).toBe(
      'livechat.preChatMax3',
    );
    const twice = [
      newPreChatRow({ label: 'A', customizedData: 'email' }),
      newPreChatRow({ label: 'B', customizedData: 'email' }),
    ];
    expect(validateLivechat(filled({ fields: twice })).errors).toEqual({
      'preChatForm.fields.1.customizedData': 'livechat.customizedDataDuplicate',
    });
  });
});

describe('takenCustomizedData', () => {
  it('lists what the other rows picked', () => {
    const a = newPreChatRow({ customizedData: 'email' });
    const b = newPreChatRow({ customizedData: 'city' });
    const c = newPreChatRow();
    expect([...takenCustomizedData([a, b, c], b.key)]).toEqual(['email']);
    expect([...takenCustomizedData([a, b, c], c.key)].sort()).toEqual(['city', 'email']);
  });
});

describe('checkLogoFile (001 §5 logo: png/jpg/jpeg, 5 MB, 320x320)', () => {
  const png = { type: 'image/png', name: 'logo.png', size: 20_000, width: 320, height: 320 };
  it('accepts a png or jpeg up to 320x320 and 5 MB', () => {
    expect(checkLogoFile(png)).toBeNull();
    expect(checkLogoFile({ ...png, type: 'image/jpeg', name: 'logo.JPEG' })).toBeNull();
    expect(checkLogoFile({ ...png, size: 5 * 1024 * 1024 })).toBeNull();
  });
  it('names the problem', () => {
    expect(checkLogoFile({ ...png, type: 'image/gif', name: 'logo.gif' })).toBe('livechat.logoType');
    expect(checkLogoFile({ ...png, name: 'logo.webp' })).toBe('livechat.logoType');
    expect(checkLogoFile({ ...png, width: null, height: null })).toBe('livechat.logoType');
    expect(checkLogoFile({ ...png, size: 5 * 1024 * 1024 + 1 })).toBe('livechat.logoSize');
    expect(checkLogoFile({ ...png, width: 321 })).toBe('livechat.logoDimension');
    expect(checkLogoFile({ ...png, height: 640 })).toBe('livechat.logoDimension');
  });
});

describe('textColourOn', () => {
  it('puts white on dark colours and dark text on light ones', () => {
    expect(textColourOn('#0CA678')).toBe('#FFFFFF');
    expect(textColourOn('#74C0FC')).toBe('#1A1B1E');
    expect(textColourOn('#1C7ED6')).toBe('#FFFFFF');
    expect(textColourOn('#212529')).toBe('#FFFFFF');
    expect(textColourOn('#FFD43B')).toBe('#1A1B1E');
    expect(textColourOn('not a colour')).toBe('#FFFFFF');
  });
});

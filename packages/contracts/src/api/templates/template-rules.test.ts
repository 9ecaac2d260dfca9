import { describe, expect, it } from 'vitest';
import {
  positionalTemplateBody,
  type TemplateInput,
  templateHeaderFileProblem,
  templateInputSchema,
  templateInsightRates,
  templateStatusOf,
} from './templates.js';

const ACCOUNT = '018f0000-0000-7000-8000-0000000000aa';
const base: TemplateInput = {
  channelAccountId: ACCOUNT,
  name: 'promo_juni',
  language: 'id',
  category: 'MARKETING',
  subCategory: 'custom',
  body: 'Halo, ada promo!',
};

/** The message keys of the problems of `patch` applied to a valid template, by field path. */
function problems(patch: Partial<TemplateInput>): Record<string, string> {
  const result = templateInputSchema.safeParse({ ...base, ...patch });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const long = (n: number, c = 'a') => c.repeat(n);
const button = (b: Record<string, string>) => ({ type: 'QUICK_REPLY' as const, text: 'OK', ...b });

describe('a valid template passes', () => {
  it.each([
    ['static', {}],
    ['name of 150', { name: long(150) }],
    ['header text of 150', { headerType: 'text', headerText: long(150, 'x') }],
    ['body of 1024', { body: long(1024, 'x') }],
    [
      'positional variables',
      {
        templateType: 'manual_variables',
        body: 'Halo {{1}}, pesanan {{2}}',
        variables: [
          { name: 'nama', sample: 'Budi' },
          { name: 'nomor', sample: '#1' },
        ],
      },
    ],
    [
      'named variables',
      {
        templateType: 'contact_variables',
        body: 'Halo {{nama}}',
        variables: [{ name: 'nama', sample: 'Budi', contactField: 'name' }],
      },
    ],
    [
      'every button kind',
      {
        buttons: [
          button({ text: 'Ya' }),
          { type: 'PHONE_NUMBER', text: 'Telepon', phoneNumber: '6281234567' },
          { type: 'URL', text: 'Toko', url: 'https://toko.id/promo' },
        ],
      },
    ],
    ['image header', { headerType: 'image', headerMediaUrl: 'https://cdn.toko.id/a.png' }],
    ['authentication', { category: 'AUTHENTICATION', subCategory: 'one_time_passcode' }],
  ] as const)('%s', (_name, patch) => {
    expect(problems(patch as Partial<TemplateInput>)).toEqual({});
  });
});

describe('001 §5 template rules, each with its message', () => {
  it.each([
    ['name required', { name: '' }, 'name', 'template.nameRequired'],
    ['name at most 150', { name: long(151) }, 'name', 'validation.max150'],
    ['name uppercase', { name: 'Promo' }, 'name', 'template.nameFormat'],
    ['name with a space', { name: 'promo juni' }, 'name', 'template.nameFormat'],
    ['name with a dash', { name: 'promo-juni' }, 'name', 'template.nameFormat'],
    ['account required', { channelAccountId: '' }, 'channelAccountId', 'template.accountRequired'],
    ['category required', { category: undefined }, 'category', 'template.categoryRequired'],
    ['category unknown', { category: 'PROMO' as never }, 'category', 'template.categoryRequired'],
    [
      'subcategory of another category',
      { subCategory: 'order_status' },
      'subCategory',
      'template.subCategoryInvalid',
    ],
    ['language required', { language: undefined }, 'language', 'template.languageRequired'],
    [
      'header text required',
      { headerType: 'text', headerText: '' },
      'headerText',
      'template.headerTextRequired',
    ],
    [
      'header text at most 150',
      { headerType: 'text', headerText: long(151) },
      'headerText',
      'validation.max150',
    ],
    ['media header needs a sample', { headerType: 'video' }, 'headerMediaUrl', 'template.mediaRequired'],
    ['body required', { body: '   ' }, 'body', 'template.bodyRequired'],
    ['body at most 1024', { body: long(1025) }, 'body', 'template.bodyMax'],
    ['footer at most 60', { footer: long(61) }, 'footer', 'template.footerMax'],
    [
      'variable with a special character in the body',
      {
        body: 'Halo {{na-ma}}',
        templateType: 'manual_variables',
        variables: [{ name: 'nama', sample: 'B' }],
      },
      'body',
      'template.variableName',
    ],
    [
      'variable name with a special character',
      { body: 'Halo {{1}}', templateType: 'manual_variables', variables: [{ name: 'na ma', sample: 'B' }] },
      'variables.0.name',
      'template.variableName',
    ],
    [
      'variable name required',
      { body: 'Halo {{1}}', templateType: 'manual_variables', variables: [{ name: '', sample: 'B' }] },
      'variables.0.name',
      'template.variableNameRequired',
    ],
    [
      'sample required',
      { body: 'Halo {{1}}', templateType: 'manual_variables', variables: [{ name: 'nama', sample: ' ' }] },
      'variables.0.sample',
      'template.sampleRequired',
    ],
    [
      'a placeholder without a variable',
      {
        body: 'Halo {{1}} {{2}}',
        templateType: 'manual_variables',
        variables: [{ name: 'nama', sample: 'B' }],
      },
      'body',
      'template.variablesMismatch',
    ],
    [
      'positions must start at 1',
      { body: 'Halo {{2}}', templateType: 'manual_variables', variables: [{ name: 'nama', sample: 'B' }] },
      'body',
      'template.variablesMismatch',
    ],
    [
      'a variable not in the body',
      { body: 'Halo', templateType: 'manual_variables', variables: [{ name: 'nama', sample: 'B' }] },
      'body',
      'template.variablesMismatch',
    ],
    [
      'static with variables',
      { body: 'Halo {{1}}', templateType: 'static', variables: [{ name: 'nama', sample: 'B' }] },
      'templateType',
      'template.staticNoVariables',
    ],
    [
      'manual without variables',
      { templateType: 'manual_variables' },
      'templateType',
      'template.typeNeedsVariables',
    ],
    [
      'contact variables need a field',
      { body: 'Halo {{1}}', templateType: 'contact_variables', variables: [{ name: 'nama', sample: 'B' }] },
      'variables.0.contactField',
      'template.contactFieldRequired',
    ],
    [
      'a variable template is no new message',
      {
        body: 'Halo {{1}}',
        templateType: 'manual_variables',
        variables: [{ name: 'nama', sample: 'B' }],
        isNewMessage: true,
      },
      'isNewMessage',
      'template.newMessageVariables',
    ],
    [
      'button text required',
      { buttons: [button({ text: ' ' })] },
      'buttons.0.text',
      'template.buttonTextRequired',
    ],
    [
      'button text at most 25',
      { buttons: [button({ text: long(26) })] },
      'buttons.0.text',
      'template.buttonTextMax',
    ],
    [
      'duplicate button texts',
      { buttons: [button({ text: 'Ya' }), button({ text: 'ya' })] },
      'buttons.1.text',
      'template.buttonTextDuplicate',
    ],
    [
      'call phone required',
      { buttons: [{ type: 'PHONE_NUMBER', text: 'Telepon' }] },
      'buttons.0.phoneNumber',
      'template.buttonPhoneRequired',
    ],
    ...(
      [
        ['081234567890', 'starts with 0'],
        ['62123456', '8 digits'],
        ['62123456789012', '14 digits'],
        ['62812abc567', 'letters'],
      ] as const
    ).map(
      ([phone, what]) =>
        [
          `call phone ${what}`,
          { buttons: [{ type: 'PHONE_NUMBER', text: 'Telepon', phoneNumber: phone }] },
          'buttons.0.phoneNumber',
          'template.buttonPhone',
        ] as const,
    ),
    [
      'url required',
      { buttons: [{ type: 'URL', text: 'Toko' }] },
      'buttons.0.url',
      'template.buttonUrlRequired',
    ],
    [
      'url without http',
      { buttons: [{ type: 'URL', text: 'Toko', url: 'toko.id/promo' }] },
      'buttons.0.url',
      'template.buttonUrl',
    ],
    [
      'url ftp',
      { buttons: [{ type: 'URL', text: 'Toko', url: 'ftp://toko.id' }] },
      'buttons.0.url',
      'template.buttonUrl',
    ],
    [
      'wa.me link',
      { buttons: [{ type: 'URL', text: 'Chat', url: 'https://wa.me/6281234567' }] },
      'buttons.0.url',
      'template.buttonWaMe',
    ],
    [
      'api.whatsapp.com link',
      { buttons: [{ type: 'URL', text: 'Chat', url: 'http://api.whatsapp.com/send?phone=62812' }] },
      'buttons.0.url',
      'template.buttonWaMe',
    ],
    [
      'duplicate urls',
      {
        buttons: [
          { type: 'URL', text: 'Toko', url: 'https://toko.id' },
          { type: 'URL', text: 'Toko 2', url: 'https://toko.id' },
        ],
      },
      'buttons.1.url',
      'template.buttonUrlDuplicate',
    ],
    [
      'at most 10 buttons',
      { buttons: Array.from({ length: 11 }, (_, i) => button({ text: `B${i}` })) },
      'buttons',
      'template.buttonsMax',
    ],
  ] as const)('%s', (_name, patch, path, message) => {
    expect(problems(patch as Partial<TemplateInput>)[path]).toBe(message);
  });
});

describe('named placeholders are stored positional', () => {
  it.each([
    ['Halo {{nama}}, pesanan {{nomor}}', ['nama', 'nomor'], 'Halo {{1}}, pesanan {{2}}'],
    ['{{nomor}} untuk {{nama}}', ['nama', 'nomor'], '{{2}} untuk {{1}}'],
    ['Halo {{1}}', ['nama'], 'Halo {{1}}'],
    ['Halo {{ nama }}', ['nama'], 'Halo {{1}}'],
    ['Halo {{lain}}', ['nama'], 'Halo {{lain}}'],
  ])('%s', (body, names, expected) => {
    expect(
      positionalTemplateBody(
        body,
        names.map((name) => ({ name })),
      ),
    ).toBe(expected);
  });
});

describe('001 §5 header media limits', () => {
  const MB = 1024 * 1024;
  it.each([
    ['image', { mime: 'image/png', size: 5 * MB, width: 500, height: 500 }, null],
    ['image', { mime: 'image/bmp', size: 1 }, null],
    ['image', { mime: 'image/gif', size: 1 }, 'template.mediaType'],
    ['image', { mime: 'image/jpeg', size: 5 * MB + 1 }, 'template.mediaTooLarge'],
    ['image', { mime: 'image/jpeg', size: 1, width: 501, height: 100 }, 'template.imageSize'],
    ['video', { mime: 'video/mp4', size: 16 * MB }, null],
    ['video', { mime: 'video/3gpp', size: 16 * MB + 1 }, 'template.mediaTooLarge'],
    ['video', { mime: 'video/webm', size: 1 }, 'template.mediaType'],
    ['document', { mime: 'application/pdf', size: 100 * MB }, null],
    ['document', { mime: 'application/pdf', size: 100 * MB + 1 }, 'template.mediaTooLarge'],
  ] as const)('%s %j → %s', (kind, file, expected) => {
    expect(templateHeaderFileProblem(kind, file)).toBe(expected);
  });
});

describe('provider statuses', () => {
  it.each([
    ['APPROVED', 'approved'],
    ['REJECTED', 'rejected'],
    ['PAUSED', 'paused'],
    ['PENDING_DELETION', 'pending_deletion'],
    ['', 'pending'],
  ])('%s → %s', (given, expected) => {
    expect(templateStatusOf(given)).toBe(expected);
  });
});

describe('template insight rates (percent of recipients, one decimal)', () => {
  const totals = (recipients: number, delivered: number, read: number, failed: number) => ({
    recipients,
    sent: delivered + failed,
    delivered,
    read,
    failed,
    pending: 0,
  });
  it.each([
    [totals(0, 0, 0, 0), { delivered: 0, read: 0, failed: 0 }],
    [totals(3, 2, 1, 1), { delivered: 66.7, read: 33.3, failed: 33.3 }],
    [totals(1000, 1000, 250, 0), { delivered: 100, read: 25, failed: 0 }],
  ])('%j → %j', (t, expected) => {
    expect(templateInsightRates(t)).toEqual(expected);
  });
});

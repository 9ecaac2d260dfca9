import { describe, expect, it } from 'vitest';
import { broadcastKeyOf } from '../../outbound/send-keys.js';
import { graphTemplateMessageOf } from './template-send.js';

const B = '0190a0a0-0000-7000-8000-00000000000b';
const R = '0190a0a0-0000-7000-8000-00000000000c';

describe('the Graph template message of a recipient', () => {
  it('fills the body parameters, sends an empty value as "-" and carries the key', () => {
    expect(
      graphTemplateMessageOf({
        values: ['Sari', ''],
        templateName: 'promo',
        templateLanguage: 'id',
        header: null,
        callbackKey: broadcastKeyOf(B, R),
      }),
    ).toEqual({
      type: 'template',
      template: {
        name: 'promo',
        language: { code: 'id' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Sari' },
              { type: 'text', text: '-' },
            ],
          },
        ],
      },
      biz_opaque_callback_data: `sapa-bc:${B}:${R}`,
    });
  });
  it('has no components without variables', () => {
    const m = graphTemplateMessageOf({
      values: [],
      templateName: 'info',
      templateLanguage: 'en',
      header: null,
      callbackKey: broadcastKeyOf(B, R),
    });
    expect(m.template).toEqual({ name: 'info', language: { code: 'en' } });
  });
});

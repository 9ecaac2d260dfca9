import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors.js';
import { renderTemplateMessage } from './templates.service.js';

const template = {
  id: '018f0000-0000-7000-8000-000000000001',
  name: 'update_pesanan',
  language: 'id',
  body: 'Halo {{1}}, pesanan {{2}} {{3}}.',
  variables: [
    { name: 'nama', sample: 'Budi', contactField: 'name' },
    { name: 'nomor', sample: '#1', contactField: null },
    { name: 'status', sample: 'dikirim', contactField: null },
  ],
};

describe('a template message from its variables', () => {
  it('renders the body and the Graph body parameters in order', () => {
    const content = renderTemplateMessage(template, ['', '#1042', 'dikirim'], { name: 'Rina' });
    expect(content.text).toBe('Halo Rina, pesanan #1042 dikirim.');
    expect(content.payload.template).toEqual({
      name: 'update_pesanan',
      language: 'id',
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Rina' },
            { type: 'text', text: '#1042' },
            { type: 'text', text: 'dikirim' },
          ],
        },
      ],
    });
  });

  it('sends no components for a template without variables', () => {
    const content = renderTemplateMessage({ ...template, body: 'Halo!', variables: [] }, [], {});
    expect(content).toMatchObject({ text: 'Halo!', payload: { template: { components: [] } } });
  });

  it.each([
    [['', '#1', 'ok'], {}, ['variables.0']],
    [['Rina', '', ''], {}, ['variables.1', 'variables.2']],
    [[], { name: null }, ['variables.0', 'variables.1', 'variables.2']],
  ])('refuses %j with contact %j: missing %j', (typed, contact, fields) => {
    try {
      renderTemplateMessage(template, typed, contact);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).key).toBe('template.variableRequired');
      expect(Object.keys((err as AppError).fields ?? {})).toEqual(fields);
    }
  });

  it('sends a media header with its link before the body', () => {
    const content = renderTemplateMessage(
      { ...template, headerType: 'image', headerMediaUrl: 'https://cdn.toko.id/promo.png' },
      ['', '#7', 'dikirim'],
      { name: 'Rina' },
    );
    expect(content.payload.template.components.map((c) => c.type)).toEqual(['header', 'body']);
    expect(content.payload.template.components[0]).toEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { link: 'https://cdn.toko.id/promo.png' } }],
    });
  });
});

import { CHANNELS, CHAT_WINDOW_MS, type ChannelCode } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { REFRESHABLE_CHANNELS } from '../channels.service.js';
import { connectorFor } from './registry.js';

describe('the connector registry', () => {
  it('finds WhatsApp Cloud with webhooks, provider media, read receipts, templates and the 24-hour window', () => {
    const wap = connectorFor('WAP')!;
    expect(wap.code).toBe('WAP');
    expect(wap.capabilities).toEqual({
      windowMs: CHAT_WINDOW_MS,
      templates: true,
      attachments: ['image', 'video', 'audio', 'document'],
    });
    expect(wap.webhook && wap.media && wap.markRead && wap.templates).toBeTruthy();
  });

  it('finds live chat: Sapa is its provider, so no webhooks, provider media or templates', () => {
    const lvc = connectorFor('LVC')!;
    expect(lvc.code).toBe('LVC');
    expect(lvc.capabilities.templates).toBe(false);
    expect(lvc.capabilities.windowMs).toBeNull();
    expect([lvc.webhook, lvc.media, lvc.markRead, lvc.templates]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('finds Telegram with webhooks and provider media, every attachment kind, no window, templates or receipts', () => {
    const tlg = connectorFor('TLG')!;
    expect(tlg.code).toBe('TLG');
    expect(tlg.capabilities).toEqual({
      windowMs: null,
      templates: false,
      attachments: ['image', 'video', 'audio', 'document'],
    });
    expect(tlg.webhook && tlg.media).toBeTruthy();
    expect([tlg.markRead, tlg.templates]).toEqual([undefined, undefined]);
  });

  it('finds LINE with webhooks and provider media, no documents sent (000 §5), no window, templates or receipts', () => {
    const lne = connectorFor('LNE')!;
    expect(lne.code).toBe('LNE');
    expect(lne.capabilities).toEqual({
      windowMs: null,
      templates: false,
      attachments: ['image', 'video', 'audio'],
    });
    expect(lne.webhook?.eventsOf && lne.webhook.checked && lne.media).toBeTruthy();
    expect([lne.markRead, lne.templates, lne.release]).toEqual([undefined, undefined, undefined]);
  });

  it.each([
    ['MSG', ['image', 'video', 'audio', 'document']],
    ['IGM', ['image', 'video', 'audio']],
  ])(
    'finds %s (Meta messaging core): webhooks, provider media, the 24-hour window, attachments %j',
    (code, kinds) => {
      const meta = connectorFor(code)!;
      expect(meta.code).toBe(code);
      expect(meta.capabilities).toEqual({ windowMs: CHAT_WINDOW_MS, templates: false, attachments: kinds });
      expect(meta.webhook?.eventsOf && meta.media).toBeTruthy();
      expect([meta.templates, meta.webhook?.checked]).toEqual([undefined, undefined]);
    },
  );
  it('finds Viber with webhooks (split into events), provider media and release; no audio, window or templates', () => {
    const vbr = connectorFor('VBR')!;
    expect(vbr.capabilities).toEqual({
      windowMs: null,
      templates: false,
      attachments: ['image', 'video', 'document'],
    });
    expect(vbr.webhook?.eventsOf && vbr.webhook.parseBody && vbr.media && vbr.release).toBeTruthy();
  });

  it('has no connector for a channel Sapa does not connect yet', () => {
    expect(connectorFor('TPD')).toBeUndefined();
    expect(connectorFor('')).toBeUndefined();
  });

  it('offers refresh (001 §4) exactly on the channels the account view calls refreshable', () => {
    const withRefresh = (Object.keys(CHANNELS) as ChannelCode[]).filter(
      (code) => connectorFor(code)?.refresh,
    );
    expect(new Set(withRefresh)).toEqual(new Set(REFRESHABLE_CHANNELS));
  });
});

import {
  MAX_ATTACHMENTS,
  REALTIME_RECONNECT,
  WIDGET_SOCKET_PATH,
  WIDGET_TOKEN_HEADER,
  widgetEndpoints,
} from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { TOKEN_HEADER, WIDGET_ROUTES } from './api.js';
import { pickLanguage } from './i18n.js';
import { RECONNECT, reconnectDelay } from './reconnect.js';

describe('widget reconnect back-off', () => {
  it('uses the same socket path, token header and file limit as the server', async () => {
    // widget.ts touches `document` only when a widget is built, so importing it here is safe.
    const widget = await import('./widget.js');
    expect(widget.WIDGET_SOCKET_PATH).toBe(WIDGET_SOCKET_PATH);
    expect(widget.MAX_FILES).toBe(MAX_ATTACHMENTS);
    expect(TOKEN_HEADER).toBe(WIDGET_TOKEN_HEADER);
  });
  it.each(Object.entries(WIDGET_ROUTES))(
    'calls %s with the method and path of its contract endpoint',
    (name, route) => {
      const endpoint = widgetEndpoints[name as keyof typeof widgetEndpoints];
      expect(route.method).toBe(endpoint.method);
      expect(`/api/widget/:accountId${route.path}`).toBe(endpoint.path);
    },
  );
  it('uses the same constants as the contracts', () => {
    for (const [key, value] of Object.entries(RECONNECT))
      expect(value).toEqual(REALTIME_RECONNECT[key as keyof typeof REALTIME_RECONNECT]);
  });
  it.each([
    [0, 0, 1_000],
    [0, 1, 5_000],
    [1, 0, 1_300],
    [2, 0, 1_690],
    [9, 1, 10_000],
  ])('attempt %i with random %f waits %i ms', (attempt, random, ms) => {
    expect(reconnectDelay(attempt, random)).toBe(ms);
  });
});

describe('widget language', () => {
  it.each([
    ['en-US', 'id-ID', 'en'],
    ['', 'en-GB', 'en'],
    ['fr', 'de', 'id'],
    [null, null, 'id'],
    ['id', 'en', 'id'],
  ] as const)('page %s, browser %s → %s', (page, browser, lang) => {
    expect(pickLanguage(page, browser)).toBe(lang);
  });
});

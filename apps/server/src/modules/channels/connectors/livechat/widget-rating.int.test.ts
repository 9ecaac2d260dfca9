import { tappedReplyOf } from '@sapa/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountBody,
  create,
  owner,
  SHOP,
  server,
  useLivechatServer,
} from '../../../../../test/servers/livechat.js';
import { messages } from '../../../conversations/index.js';

useLivechatServer();

describe('the widget’s survey stars (001 §3 survey rating in the live chat)', () => {
  it('a tapped star is the visitor’s answer: its stars as the text, the rating as a tapped reply', async () => {
    const accountId = (await create(owner, await accountBody(owner, { domain: SHOP }))).json().id as string;
    const widget = (path: string) => `/api/widget/${accountId}${path}`;
    const session = await server.app.inject({
      method: 'POST',
      url: widget('/session'),
      headers: { origin: SHOP },
      payload: { name: 'Bintang', fields: { email: 'bintang@example.com' }, consent: true },
    });
    const headers = { 'x-sapa-visitor': session.json().token as string, origin: SHOP };
    const rated = await server.app.inject({
      method: 'POST',
      url: widget('/messages'),
      headers,
      payload: { clientMessageId: crypto.randomUUID(), rating: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toMatchObject({ from: 'visitor', type: 'interactive', text: '⭐⭐⭐⭐ 4/5' });
    const [row] = await server.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, rated.json().id), eq(messages.direction, 'in')));
    expect(tappedReplyOf(row?.payload)).toEqual({ id: 'survey:4', title: '⭐⭐⭐⭐ 4/5' });
    const refused = await server.app.inject({
      method: 'POST',
      url: widget('/messages'),
      headers: { ...headers, 'accept-language': 'en' },
      payload: { clientMessageId: crypto.randomUUID(), rating: 6 },
    });
    expect(refused.statusCode).toBe(400);
  });
});

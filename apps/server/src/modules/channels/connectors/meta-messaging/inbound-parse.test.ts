import { describe, expect, it } from 'vitest';
import { metaEventsOf, parseMetaDelivery } from './inbound-parse.js';
import { INSTAGRAM, MESSENGER } from './platform.js';

const NOW = new Date('2026-11-26T06:00:00Z');
const PAGE = '100000000000001';
const delivery = (object: string, messaging: unknown[], id = PAGE) => ({
  id: 'd1',
  clientId: 'c1',
  channelAccountId: 'a1',
  accountAddress: PAGE,
  raw: { object, entry: [{ id, time: 1, messaging }] },
});
const from = (extra: Record<string, unknown>) => ({
  sender: { id: '42' },
  recipient: { id: PAGE },
  timestamp: NOW.getTime() - 1000,
  ...extra,
});

describe('a Meta delivery split into its events (every entry, every messaging item)', () => {
  it.each([
    ['a message by its mid', from({ message: { mid: 'm_1', text: 'hi' } }), 'mid:m_1'],
    ['a deletion apart from its message', from({ message: { mid: 'm_1', is_deleted: true } }), 'deleted:m_1'],
    ['a postback by its mid', from({ postback: { mid: 'm_2', title: 'Go' } }), 'postback:m_2'],
    [
      'a receipt by its hash',
      from({ delivery: { mids: ['m_3'], watermark: 1 } }),
      expect.stringMatching(/^sha256:/),
    ],
  ])('%s', (_name, event, key) => {
    const events = metaEventsOf(MESSENGER)({ object: 'page', entry: [{ id: PAGE, messaging: [event] }] });
    expect(events).toEqual([{ key, body: { object: 'page', entry: [{ id: PAGE, messaging: [event] }] } }]);
  });

  it('keeps every event of two entries; another platform’s object is not split', () => {
    const body = {
      object: 'page',
      entry: [
        { id: PAGE, messaging: [from({ message: { mid: 'a' } }), from({ message: { mid: 'b' } })] },
        { id: PAGE, messaging: [from({ message: { mid: 'c' } })] },
      ],
    };
    expect(metaEventsOf(MESSENGER)(body)?.map((e) => e.key)).toEqual(['mid:a', 'mid:b', 'mid:c']);
    expect(metaEventsOf(INSTAGRAM)(body)).toBeNull();
  });
});

describe('a stored Meta event in Sapa’s shape', () => {
  const parse = (object: string, event: unknown, platform = object === 'page' ? MESSENGER : INSTAGRAM) =>
    parseMetaDelivery(platform)(delivery(object, [event]), NOW);

  it.each([
    [
      'text',
      from({ message: { mid: 'm', text: 'Halo' } }),
      { type: 'text', text: 'Halo', providerMessageId: 'm' },
    ],
    [
      'an image to download',
      from({
        message: { mid: 'm', attachments: [{ type: 'image', payload: { url: 'https://cdn/x.jpg' } }] },
      }),
      { type: 'image', payload: { metaMediaUrl: 'https://cdn/x.jpg', mime: null, filename: null } },
    ],
    [
      'a file',
      from({ message: { mid: 'm', attachments: [{ type: 'file', payload: { url: 'https://cdn/a.pdf' } }] } }),
      { type: 'document' },
    ],
    [
      'a sticker',
      from({
        message: { mid: 'm', attachments: [{ type: 'image', payload: { url: 'u', sticker_id: 369 } }] },
      }),
      { type: 'sticker', payload: { stickerId: '369', metaMediaUrl: 'u' } },
    ],
    [
      'a quick reply',
      from({ message: { mid: 'm', text: 'Ya', quick_reply: { payload: 'YES' } } }),
      { text: 'Ya', payload: { quickReply: 'YES', reply: { id: 'YES', title: 'Ya' } } },
    ],
    [
      'a postback',
      from({ postback: { mid: 'p', title: 'Katalog', payload: 'CAT' } }),
      { type: 'button', text: 'Katalog', providerMessageId: 'p', payload: { postback: 'CAT' } },
    ],
    [
      'a message the Page sent elsewhere (echo): the customer is the recipient',
      {
        sender: { id: PAGE },
        recipient: { id: '42' },
        message: { mid: 'e', text: 'dari HP', is_echo: true },
      },
      { echo: true, sender: { externalId: '42', name: null }, text: 'dari HP' },
    ],
  ])('Messenger: %s', (_name, event, expected) => {
    expect(parse('page', event).messages).toEqual([expect.objectContaining({ channel: 'MSG', ...expected })]);
  });

  it.each([
    [
      'the echo of Sapa’s own send',
      {
        sender: { id: PAGE },
        recipient: { id: '42' },
        message: { mid: 'e', is_echo: true, metadata: 'sapa:1' },
      },
    ],
    ['a deleted message', from({ message: { mid: 'm', is_deleted: true } })],
    ['an unreact', from({ reaction: { mid: 'm', action: 'unreact' } })],
    ['a read watermark without mid', from({ read: { watermark: 1 } })],
  ])('Messenger: %s gives no message', (_name, event) => {
    expect(parse('page', event).messages).toEqual([]);
  });

  it('Instagram: a story reply and a story mention are marked; a seen mid is a read receipt', () => {
    const reply = parse(
      'instagram',
      from({ message: { mid: 'r', text: 'Mau', reply_to: { story: { url: 's', id: '9' } } } }),
    );
    expect(reply.messages[0]).toMatchObject({
      channel: 'IGM',
      text: 'Mau',
      payload: { story: 'reply', storyUrl: 's' },
    });
    const mention = parse(
      'instagram',
      from({
        message: { mid: 'n', attachments: [{ type: 'story_mention', payload: { url: 'https://cdn/s' } }] },
      }),
    );
    expect(mention.messages[0]).toMatchObject({
      type: 'image',
      payload: { story: 'mention', metaMediaUrl: 'https://cdn/s' },
    });
    const seen = parse('instagram', from({ read: { mid: 'out1' } }));
    expect(seen.statuses.map((s) => s.status)).toEqual([
      { clientId: 'c1', channelAccountId: 'a1', ref: { providerMessageId: 'out1' }, status: 'read' },
    ]);
  });

  it('Messenger: a read watermark reads everything sent to that customer up to it', () => {
    const read = parse('page', from({ read: { watermark: 1_700_000_000_000 } }));
    expect(read.statuses.map((s) => [s.status.ref, s.status.status])).toEqual([
      [{ customerExternalId: from({}).sender.id, upTo: new Date(1_700_000_000_000) }, 'read'],
    ]);
    expect(parse('page', from({ read: { watermark: 0 } })).statuses).toEqual([]);
  });

  it('Messenger: delivered mids are receipts; an entry of another Page is foreign', () => {
    const delivered = parse('page', from({ delivery: { mids: ['o1', 'o2'], watermark: 1 } }));
    expect(delivered.statuses.map((s) => [s.status.ref, s.status.status])).toEqual([
      [{ providerMessageId: 'o1' }, 'delivered'],
      [{ providerMessageId: 'o2' }, 'delivered'],
    ]);
    const foreign = parseMetaDelivery(MESSENGER)(
      delivery('page', [from({ message: { mid: 'x' } })], '999'),
      NOW,
    );
    expect([foreign.messages, foreign.foreignChanges]).toEqual([[], 1]);
  });
});

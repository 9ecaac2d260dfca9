import { describe, expect, it } from 'vitest';
import { broadcastKeyOf, parseBroadcastKey } from '../channels/index.js';
import { mergeTransitions, type RecipientTransition } from './broadcasts.transitions.js';

const B = '0190a0a0-0000-7000-8000-00000000000b';
const R = '0190a0a0-0000-7000-8000-00000000000c';

describe('broadcast key (biz_opaque_callback_data)', () => {
  it('round-trips', () => {
    expect(parseBroadcastKey(broadcastKeyOf(B, R))).toEqual({ broadcastId: B, recipientId: R });
  });
  it.each([
    [undefined],
    [42],
    ['opt'],
    [`sapa-bc:${B}`],
    [`sapa-bc:${B}:not-a-uuid`],
    [`sapa-bc:${B}:${R}:extra`],
    [`other:${B}:${R}`],
  ])('%j is not one', (key) => {
    expect(parseBroadcastKey(key)).toBeNull();
  });
});

describe('reports of one recipient in one batch merge into one move', () => {
  const t = (
    status: RecipientTransition['status'],
    at: number,
    extra: Partial<RecipientTransition> = {},
  ) => ({
    broadcastId: B,
    recipientId: R,
    status,
    ...(status === 'sent' ? { sentAt: new Date(at) } : {}),
    ...(status === 'delivered' ? { deliveredAt: new Date(at) } : {}),
    ...(status === 'read' ? { readAt: new Date(at) } : {}),
    ...(status === 'failed' ? { failedAt: new Date(at), error: { code: 'wa.failed', message: 'x' } } : {}),
    ...extra,
  });
  it.each([
    [['sent', 'delivered'], 'delivered'],
    [['delivered', 'sent'], 'delivered'],
    [['read', 'delivered', 'sent'], 'read'],
    [['sent', 'failed'], 'failed'],
    [['read', 'failed'], 'read'],
    [['failed', 'read'], 'read'],
  ] as const)('%j → %s', (statuses, expected) => {
    const merged = mergeTransitions(statuses.map((s, i) => t(s, 1000 + i)));
    expect(merged).toHaveLength(1);
    expect(merged[0]!.status).toBe(expected);
  });
  it('keeps the earliest time of each step and the provider id', () => {
    const [m] = mergeTransitions([
      t('delivered', 2000),
      t('sent', 1000, { providerMessageId: 'wamid.1' }),
      t('delivered', 1500),
    ]);
    expect(m).toMatchObject({ status: 'delivered', providerMessageId: 'wamid.1' });
    expect(m!.sentAt?.getTime()).toBe(1000);
    expect(m!.deliveredAt?.getTime()).toBe(1500);
  });
  it('keeps recipients apart', () => {
    expect(mergeTransitions([t('sent', 1), { ...t('sent', 1), recipientId: B }])).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { INBOUND_LANES } from '../../inbound/inbound-drain.js';
import { broadcastKeyOf } from '../../outbound/send-keys.js';
import { laneOfDelivery, laneOfDeliveryText } from './inbound-lane.js';

const B = '0190f4c8-0000-7000-8000-000000000001';
const R = '0190f4c8-0000-7000-8000-000000000002';
const key = broadcastKeyOf(B, R);
const status = (extra: Record<string, unknown> = {}) => ({ id: 'wamid.1', status: 'delivered', ...extra });
const change = (value: Record<string, unknown>, field = 'messages') => ({ field, value });
const body = (...changes: unknown[]) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'w', changes }],
});

const { conversations, broadcastStatuses } = INBOUND_LANES;

describe('the drain lane of a WhatsApp delivery', () => {
  it.each([
    [
      'one broadcast status',
      body(change({ statuses: [status({ biz_opaque_callback_data: key })] })),
      broadcastStatuses,
    ],
    [
      'broadcast statuses in two changes and two entries',
      {
        entry: [
          { changes: [change({ statuses: [status({ biz_opaque_callback_data: key })] })] },
          { changes: [change({ statuses: [status({ biz_opaque_callback_data: key, status: 'read' })] })] },
        ],
      },
      broadcastStatuses,
    ],
    ['a status of an agent message (no key)', body(change({ statuses: [status()] })), conversations],
    [
      'a broadcast status beside an agent message status',
      body(change({ statuses: [status({ biz_opaque_callback_data: key }), status()] })),
      conversations,
    ],
    [
      'a key that is not a broadcast key',
      body(change({ statuses: [status({ biz_opaque_callback_data: 'x' })] })),
      conversations,
    ],
    [
      'a customer message beside a broadcast status',
      body(
        change({
          messages: [{ id: 'm', from: '628' }],
          statuses: [status({ biz_opaque_callback_data: key })],
        }),
      ),
      conversations,
    ],
    [
      'an error beside a broadcast status',
      body(change({ errors: [{ code: 1 }], statuses: [status({ biz_opaque_callback_data: key })] })),
      conversations,
    ],
    [
      'a template review',
      body(change({ event: 'APPROVED' }, 'message_template_status_update')),
      conversations,
    ],
    ['a change with no statuses', body(change({})), conversations],
    ['no entries', { entry: [] }, conversations],
    ['not a webhook', 'hello', conversations],
    ['null', null, conversations],
  ])('%s', (_name, delivery, lane) => {
    expect(laneOfDelivery(delivery)).toBe(lane);
  });

  it('reads raw text, and leaves text that is not JSON to the conversation lane', () => {
    expect(
      laneOfDeliveryText(
        JSON.stringify(body(change({ statuses: [status({ biz_opaque_callback_data: key })] }))),
      ),
    ).toBe(broadcastStatuses);
    expect(laneOfDeliveryText('{not json')).toBe(conversations);
  });
});

import type { ChannelCode } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { connectedChannels } from './connectedChannels';

const ALLOWED: ChannelCode[] = ['WAP', 'IGM', 'MSG', 'TLG', 'LVC', 'EML'];

describe('channel pickers offer connected channels only (issue 16)', () => {
  it.each<[string, { channel: ChannelCode; status: 'connected' | 'disconnected' }[], ChannelCode[]]>([
    ['nothing connected', [], []],
    ['WhatsApp connected', [{ channel: 'WAP', status: 'connected' }], ['WAP']],
    ['a disconnected account', [{ channel: 'IGM', status: 'disconnected' }], []],
    [
      'two accounts of one channel, one disconnected',
      [
        { channel: 'WAP', status: 'disconnected' },
        { channel: 'WAP', status: 'connected' },
      ],
      ['WAP'],
    ],
    [
      'in the partner order, not the accounts order',
      [
        { channel: 'LVC', status: 'connected' },
        { channel: 'WAP', status: 'connected' },
      ],
      ['WAP', 'LVC'],
    ],
    ['a channel the partner does not allow', [{ channel: 'SHP', status: 'connected' }], []],
  ])('%s', (_case, accounts, expected) => {
    expect(connectedChannels(accounts, ALLOWED)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from './realtime-writes.js';

/** ws's frame parser (exported by ws, not declared by its types). */
interface FrameReceiver {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  write(chunk: Buffer): void;
}
const { Receiver } = ws as unknown as { Receiver: new (options: { isServer: boolean }) => FrameReceiver };

/** Parses frames the way a ws client does. */
function receive(bytes: Buffer): string[] {
  const texts: string[] = [];
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data, isBinary) => {
    expect(isBinary).toBe(false);
    texts.push(data.toString('utf8'));
  });
  receiver.write(bytes);
  return texts;
}

describe('textFrame', () => {
  it('frames text of every length class as a client reads it', () => {
    for (const n of [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]) {
      const text = 'x'.repeat(n);
      expect(receive(textFrame(Buffer.from(text)))).toEqual([text]);
    }
  });

  it('concatenated frames are read as separate messages, in order', () => {
    const a = textFrame(Buffer.from('{"a":1}'));
    const b = textFrame(Buffer.from('é'.repeat(200)));
    expect(receive(Buffer.concat([a, b, a]))).toEqual(['{"a":1}', 'é'.repeat(200), '{"a":1}']);
  });
});

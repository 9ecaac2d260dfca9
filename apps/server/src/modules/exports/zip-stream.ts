import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A zip archive written as a stream (PKWARE APPNOTE 4.3): each entry is deflated as it is written and
 * followed by a data descriptor (general-purpose flag bit 3), so neither the sizes nor the CRC need to be
 * known up front and nothing but the central directory (a few bytes per entry) is kept in memory. No ZIP64:
 * an entry or an archive over 4 GiB is refused.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;
const MAX_32 = 0xffffffff;

interface CentralEntry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date of a moment (local fields, 2-second resolution; zip has no time zone). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

export interface ZipEntrySink {
  /** Writes bytes of the entry; resolves when the deflater can take more (backpressure). */
  write(chunk: Buffer | string): Promise<void>;
  /** Ends the entry (writes its data descriptor). */
  end(): Promise<void>;
}

export class ZipStreamWriter {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private readonly stamp: { time: number; date: number };
  private open = false;

  constructor(
    private readonly out: Writable,
    private readonly options: { level?: number; modifiedAt?: Date } = {},
  ) {
    this.stamp = dosDateTime(options.modifiedAt ?? new Date());
  }

  private async writeRaw(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (this.offset > MAX_32) throw new Error('zip archive larger than 4 GiB');
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  /** Starts an entry; only one entry is open at a time. */
  async entry(name: string): Promise<ZipEntrySink> {
    if (this.open) throw new Error('previous zip entry still open');
    this.open = true;
    const nameBytes = Buffer.from(name, 'utf8');
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes (14..25) stay zero: they follow in the data descriptor.
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    await this.writeRaw(Buffer.concat([header, nameBytes]));

    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    const input = new PassThrough();
    const done = pipeline(input, createDeflateRaw({ level: this.options.level ?? 6 }), async (source) => {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        compressedSize += chunk.length;
        await this.writeRaw(chunk);
      }
    });
    // A failure before end() is awaited surfaces there; keep it from being an unhandled rejection meanwhile.
    done.catch(() => {});

    return {
      write: async (chunk) => {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        if (bytes.length === 0) return;
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (size > MAX_32) throw new Error('zip entry larger than 4 GiB');
        if (!input.write(bytes)) await Promise.race([once(input, 'drain'), done]);
      },
      end: async () => {
        input.end();
        await done;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
        descriptor.writeUInt32LE(crc >>> 0, 4);
        descriptor.writeUInt32LE(compressedSize, 8);
        descriptor.writeUInt32LE(size, 12);
        await this.writeRaw(descriptor);
        this.entries.push({ name: nameBytes, crc: crc >>> 0, compressedSize, size, offset });
        this.open = false;
      },
    };
  }

  /** A whole entry from one piece of text or bytes. */
  async file(name: string, content: Buffer | string): Promise<void> {
    const sink = await this.entry(name);
    await sink.write(content);
    await sink.end();
  }

  /** Writes the central directory and ends the output stream; resolves with the archive's size. */
  async finish(): Promise<number> {
    if (this.open) throw new Error('zip entry still open');
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(CENTRAL_HEADER, 0);
      h.writeUInt16LE(VERSION, 4);
      h.writeUInt16LE(VERSION, 6);
      h.writeUInt16LE(FLAGS, 8);
      h.writeUInt16LE(DEFLATE, 10);
      h.writeUInt16LE(this.stamp.time, 12);
      h.writeUInt16LE(this.stamp.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressedSize, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra length, comment length, disk number, internal and external attributes stay zero
      h.writeUInt32LE(e.offset, 42);
      await this.writeRaw(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.writeRaw(end);
    const finished = once(this.out, 'finish');
    this.out.end();
    await finished;
    return this.offset;
  }
}

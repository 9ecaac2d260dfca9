import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Write coalescing. Every event costs a write per agent socket, and on a busy inbox those writes are most
 * of the hub's CPU: on 200 loopback sockets, ten 1.2 KB frames per write cost about a sixth of the CPU of
 * one frame per write (sender and receiver together), and framing each event once per socket costs
 * about as much again. So an event is serialised and framed once (a server's frames are unmasked: the
 * bytes are the same for every socket), queued per socket, and the queue leaves in one write: at the
 * end of the tick after a quiet spell (an inbound batch is published in one go), then at the end of each
 * `coalesceMs` window while events keep coming. An event waits at most `coalesceMs`; after a quiet spell
 * it does not wait. Sockets that were queued the same frames share one concatenated buffer.
 */
export class WriteCoalescer {
  private root = new FrameRun(null, null);
  private pending = new Map<WebSocket, FrameRun>();
  private window: NodeJS.Timeout | null = null;
  private tickFlush = false;

  constructor(private readonly coalesceMs: number) {}

  /** Queues a frame for the socket; false when the socket must go through ws (a negotiated extension). */
  queue(socket: WebSocket, frame: Buffer): boolean {
    if (socket.extensions || !rawStreamOf(socket)) return false;
    this.pending.set(socket, (this.pending.get(socket) ?? this.root).followedBy(frame));
    if (!this.window && !this.tickFlush) {
      this.tickFlush = true;
      process.nextTick(this.flush);
    }
    return true;
  }

  /** Writes what is queued now and ends the window (the hub is closing). */
  stop() {
    if (this.window) clearTimeout(this.window);
    this.window = null;
    this.flush();
  }

  private readonly flush = () => {
    this.tickFlush = false;
    if (this.pending.size === 0) return;
    const queued = this.pending;
    this.pending = new Map();
    this.root = new FrameRun(null, null);
    for (const [socket, run] of queued) {
      const stream = rawStreamOf(socket);
      if (socket.readyState !== socket.OPEN || !stream || stream.destroyed) continue;
      stream.write(run.bytes());
    }
    if (!this.window && this.coalesceMs > 0) {
      this.window = setTimeout(this.endWindow, this.coalesceMs);
      this.window.unref();
    }
  };

  private readonly endWindow = () => {
    this.window = null;
    this.flush();
  };
}

/** The socket's TCP stream (ws keeps it as `_socket`). */
function rawStreamOf(socket: WebSocket): Duplex | undefined {
  return (socket as unknown as { _socket?: Duplex })._socket;
}

/** A final, unmasked text frame (RFC 6455 §5.2): the bytes ws writes for a server's `send(text)`. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const header = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    frame.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(frame, header);
  return frame;
}

/**
 * A sequence of frames queued in one window, as a path in a tree: sockets queued the same frames in the
 * same order reach the same node, and share its concatenated bytes.
 */
class FrameRun {
  private readonly next = new Map<Buffer, FrameRun>();
  private concatenated: Buffer | undefined;
  constructor(
    private readonly parent: FrameRun | null,
    private readonly frame: Buffer | null,
  ) {}

  followedBy(frame: Buffer): FrameRun {
    let run = this.next.get(frame);
    if (!run) {
      run = new FrameRun(this, frame);
      this.next.set(frame, run);
    }
    return run;
  }

  bytes(): Buffer {
    if (!this.concatenated) {
      const frames: Buffer[] = [];
      for (let run: FrameRun | null = this; run?.frame; run = run.parent) frames.push(run.frame);
      this.concatenated = frames.length === 1 ? frames[0]! : Buffer.concat(frames.reverse());
    }
    return this.concatenated;
  }
}

import { REALTIME_PATH, REALTIME_RECONNECT, type RealtimeEvent, realtimeEventSchema } from '@sapa/contracts';
import { nextStep, randomMinDelay, realtimeUrl } from './policy';

export type RealtimeState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface RealtimeClientOptions<E = RealtimeEvent> {
  /** The socket's path: the chat socket by default (the call socket is `/ws/call`). */
  path?: string;
  /** Reads a frame: by default a chat event of the signed-in business; null drops it. */
  parse?: (raw: unknown) => E | null;
  getToken: () => string | null;
  /** Events of another business are ignored (000 §4). */
  getClientId: () => string | null;
  onEvent: (event: E) => void;
  onState: (state: RealtimeState) => void;
  /** Called on every (re)connection, so missed events can be caught up. */
  onOpen: () => void;
  /** Called before connecting when the token is known to be expired (lets the API client refresh it). */
  refreshToken?: () => Promise<void>;
  tokenExpiresAt?: () => number | null;
}

/** A WebSocket of 000 §7 Real-time (the chat socket by default) with the reconnect policy of `policy.ts`. */
export class RealtimeClient<E = RealtimeEvent> {
  private socket: WebSocket | null = null;
  private token: string | null = null;
  private retries = 0;
  private readonly minDelayMs = randomMinDelay();
  private openedAt: number | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private uptimeTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private state: RealtimeState = 'offline';

  constructor(private readonly options: RealtimeClientOptions<E>) {}

  get currentState(): RealtimeState {
    return this.state;
  }

  start(): void {
    this.stopped = false;
    this.retries = 0;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.closeSocket();
    this.setState('offline');
  }

  /** Sends a frame when the socket is open (false otherwise). */
  send(frame: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** The access token changed (refresh, another tab): reconnect with the new one. */
  tokenChanged(): void {
    if (this.stopped) return;
    const token = this.options.getToken();
    if (!token) {
      this.stop();
      return;
    }
    if (token === this.token && this.state !== 'offline') return;
    this.clearTimers();
    this.closeSocket();
    this.retries = 0;
    this.connect();
  }

  /** Try again now (after giving up, or when the browser comes back online). */
  retryNow(): void {
    if (this.stopped || this.state === 'connected' || this.state === 'connecting') return;
    this.clearTimers();
    this.retries = 0;
    this.connect();
  }

  private setState(state: RealtimeState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onState(state);
  }

  private clearTimers(): void {
    for (const timer of [this.connectTimer, this.reconnectTimer, this.uptimeTimer])
      if (timer) clearTimeout(timer);
    this.connectTimer = null;
    this.reconnectTimer = null;
    this.uptimeTimer = null;
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.openedAt = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onclose = null;
    socket.onerror = null;
    socket.onmessage = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.setState(this.retries === 0 && this.state !== 'reconnecting' ? 'connecting' : 'reconnecting');
    const expiresAt = this.options.tokenExpiresAt?.() ?? null;
    if (expiresAt !== null && expiresAt > 0 && expiresAt <= Date.now() && this.options.refreshToken) {
      await this.options.refreshToken().catch(() => undefined);
      if (this.stopped) return;
    }
    const token = this.options.getToken();
    if (!token) {
      this.stop();
      return;
    }
    this.token = token;
    let socket: WebSocket;
    try {
      socket = new WebSocket(realtimeUrl(window.location, this.options.path ?? REALTIME_PATH, token));
    } catch {
      this.handleClose();
      return;
    }
    this.socket = socket;
    this.connectTimer = setTimeout(() => {
      // No open within 4 s: a failed attempt.
      if (this.socket === socket && this.openedAt === null) this.handleClose();
    }, REALTIME_RECONNECT.connectTimeoutMs);
    socket.onopen = () => {
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.openedAt = Date.now();
      this.uptimeTimer = setTimeout(() => {
        this.retries = 0;
      }, REALTIME_RECONNECT.minUptimeMs);
      this.setState('connected');
      this.options.onOpen();
    };
    socket.onmessage = (message) => this.handleMessage(message.data);
    socket.onclose = () => this.handleClose();
    socket.onerror = () => {
      // A close follows an error; nothing else to do.
    };
  }

  private handleMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      return;
    }
    const event = this.options.parse ? this.options.parse(raw) : this.chatEventOf(raw);
    if (event !== null) this.options.onEvent(event);
  }

  private chatEventOf(raw: unknown): E | null {
    const parsed = realtimeEventSchema.safeParse(raw);
    if (!parsed.success) return null;
    const clientId = this.options.getClientId();
    if (!clientId || parsed.data.clientId !== clientId) return null;
    return parsed.data as E;
  }

  private handleClose(): void {
    const uptimeMs = this.openedAt === null ? null : Date.now() - this.openedAt;
    this.clearTimers();
    this.closeSocket();
    if (this.stopped) return;
    const step = nextStep(
      { retries: this.retries, uptimeMs, hasToken: !!this.options.getToken() },
      this.minDelayMs,
    );
    if (step.kind === 'stop') {
      this.stop();
      return;
    }
    if (step.kind === 'give-up') {
      this.setState('offline');
      return;
    }
    this.retries = step.retries;
    this.setState('reconnecting');
    this.reconnectTimer = setTimeout(() => void this.connect(), step.delayMs);
  }
}

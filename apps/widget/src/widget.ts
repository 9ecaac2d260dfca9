import type { WidgetConfig, WidgetMessage, WidgetServerFrame } from '@sapa/contracts';
import { ApiError, createApi, type WidgetApi } from './api.js';
import { CHAT_ICON, CLIP_ICON, h, icon, uuid } from './dom.js';
import { LABELS, type Labels, pickLanguage } from './i18n.js';
import { messageView } from './message-view.js';
import { preChatForm } from './pre-chat-form.js';
import { RECONNECT, reconnectDelay } from './reconnect.js';
import { STYLES } from './styles.js';

/** Copies of @sapa/contracts values (importing them would bundle zod); a unit test keeps them equal. */
export const WIDGET_SOCKET_PATH = '/ws/widget';
const UNAUTHORIZED_CLOSE = 4401;
const ORIGIN_REFUSED_CLOSE = 4403;
export const MAX_FILES = 20;

interface Pending {
  clientMessageId: string;
  text: string;
  files: File[];
  failed: boolean;
}

/** The widget of one live-chat account on one page. */
export class SapaWidget {
  private readonly root: ShadowRoot;
  private readonly t: Labels;
  private readonly lang: string;
  private readonly api: WidgetApi;
  private readonly storageKey: string;
  private config: WidgetConfig | null = null;
  private token: string | null = null;
  private messages = new Map<string, WidgetMessage>();
  private pending: Pending[] = [];
  private files: File[] = [];
  private open = false;
  private unread = 0;
  private socket: WebSocket | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private connection: 'up' | 'reconnecting' | 'down' = 'up';
  private blobUrls = new Map<string, string>();
  private readReported = new Set<string>();
  private el!: {
    launcher: HTMLButtonElement;
    badge: HTMLSpanElement;
    panel: HTMLDivElement;
    header: HTMLElement;
    body: HTMLDivElement;
    bar: HTMLDivElement;
    footer: HTMLDivElement;
  };

  constructor(
    host: HTMLElement,
    private readonly base: string,
    accountId: string,
  ) {
    this.lang = pickLanguage(document.documentElement.lang, navigator.language);
    this.t = LABELS[this.lang as keyof typeof LABELS];
    this.storageKey = `sapa-widget:${accountId}`;
    try {
      this.token = localStorage.getItem(this.storageKey);
    } catch {
      this.token = null;
    }
    this.api = createApi(base, accountId, this.lang, () => this.token);
    this.root = host.attachShadow({ mode: 'open' });
    this.root.append(h('style', {}, STYLES));
    this.build();
    document.addEventListener('visibilitychange', () => this.reportRead());
  }

  async start() {
    try {
      this.config = await this.api.config();
    } catch {
      // A refused origin or an unknown account: the widget stays hidden on this page.
      this.el.launcher.hidden = true;
      return;
    }
    this.el.launcher.hidden = false;
    this.applyConfig();
    if (this.token) {
      try {
        await this.api.me();
        await this.loadHistory();
        this.connect();
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) this.forget();
      }
    }
    this.render();
  }

  // ───────────────────────────── layout ─────────────────────────────

  private build() {
    const badge = h('span', { className: 'badge', hidden: true });
    const launcher = h(
      'button',
      {
        className: 'launcher',
        type: 'button',
        'aria-label': this.t.open,
        hidden: true,
        onclick: () => this.toggle(),
      },
      icon(CHAT_ICON),
      badge,
    );
    const header = h('header');
    const body = h('div', { className: 'body', role: 'log', 'aria-live': 'polite' });
    const bar = h('div', { className: 'bar', hidden: true });
    const footer = h('div');
    const panel = h(
      'div',
      { className: 'panel', role: 'dialog', 'aria-label': this.t.panel, hidden: true },
      header,
      bar,
      body,
      footer,
    );
    panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.toggle(false);
    });
    this.root.append(launcher, panel);
    this.el = { launcher, badge, panel, header, body, bar, footer };
  }

  private applyConfig() {
    const c = this.config!;
    this.el.panel.style.setProperty('--c', c.colour);
    this.el.launcher.style.setProperty('--c', c.colour);
    // The launcher keeps its chat icon (issue 16 §9: a logo alone did not say "chat"); the logo is in the
    // panel's header.
    this.renderHeader();
  }

  private renderHeader() {
    const c = this.config!;
    this.el.header.replaceChildren(
      ...(c.logoUrl ? [h('img', { src: `${this.base}${c.logoUrl}`, alt: '' })] : []),
      h(
        'div',
        { className: 't' },
        h('h2', { className: 'title' }, c.title),
        h('p', { className: 'message' }, c.message),
        h('p', {}, h('span', { className: `dot${c.online ? ' on' : ''}` }), c.personaName),
      ),
      h(
        'button',
        { className: 'x', type: 'button', 'aria-label': this.t.close, onclick: () => this.toggle(false) },
        '×',
      ),
    );
  }

  private toggle(force?: boolean) {
    this.open = force ?? !this.open;
    this.el.panel.hidden = !this.open;
    this.el.launcher.setAttribute('aria-expanded', String(this.open));
    if (this.open) {
      this.unread = 0;
      this.refreshPresence();
      this.render();
      this.reportRead();
      const first = this.el.panel.querySelector<HTMLElement>('input, textarea');
      first?.focus();
    } else this.el.launcher.focus();
    this.renderBadge();
  }

  /** Online or offline may have changed since the page loaded: the header follows on each open. */
  private refreshPresence() {
    void this.api
      .config()
      .then((c) => {
        this.config = c;
        this.renderHeader();
      })
      .catch(() => undefined);
  }

  private renderBadge() {
    this.el.badge.hidden = this.unread === 0 || this.open;
    this.el.badge.textContent = String(this.unread);
  }

  private render() {
    if (!this.config) return;
    if (!this.token) return this.renderForm();
    this.renderMessages();
    this.renderComposer();
  }

  // ───────────────────────────── pre-chat form ─────────────────────────────

  private renderForm() {
    const form = preChatForm(this.config!, this.t, async (input) => {
      const session = await this.api.session(input);
      this.remember(session.token);
      this.messages.clear();
      this.connect();
      this.render();
      this.el.footer.querySelector('textarea')?.focus();
    });
    this.el.body.replaceChildren(form);
    this.el.footer.replaceChildren();
  }

  // ───────────────────────────── conversation ─────────────────────────────

  private async loadHistory() {
    const { items } = await this.api.messages();
    this.messages = new Map(items.map((m) => [m.id, m]));
    const undelivered = items.filter(
      (m) => m.from === 'agent' && (m.status === 'sent' || m.status === 'pending'),
    );
    if (undelivered.length)
      this.receipt(
        undelivered.map((m) => m.id),
        'delivered',
      );
  }

  private renderMessages() {
    const list = [...this.messages.values()].sort(
      (a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1),
    );
    // Stars under the survey question while it is the last message (a rating, or any message, ends it).
    const asking = list.at(-1)?.survey === true && this.pending.length === 0 ? list.at(-1) : undefined;
    const nodes: Node[] = list.map((m) => this.renderMessage(m, m === asking));
    for (const p of this.pending) {
      nodes.push(
        h(
          'div',
          { className: `msg visitor${p.failed ? ' failed' : ''}`, 'data-pending': p.clientMessageId },
          p.text || p.files.map((f) => f.name).join(', '),
          h(
            'div',
            { className: 'meta' },
            p.failed
              ? h(
                  'button',
                  { className: 'file', type: 'button', onclick: () => this.retry(p) },
                  this.t.failed,
                )
              : this.t.sending,
          ),
        ),
      );
    }
    if (nodes.length === 0) nodes.push(h('div', { className: 'note' }, this.t.empty));
    const atBottom = this.el.body.scrollHeight - this.el.body.scrollTop - this.el.body.clientHeight < 40;
    this.el.body.replaceChildren(...nodes);
    if (atBottom || this.pending.length) this.el.body.scrollTop = this.el.body.scrollHeight;
  }

  private renderMessage(m: WidgetMessage, stars = false): HTMLElement {
    return messageView(m, {
      t: this.t,
      lang: this.lang,
      stars,
      fetchMedia: (url) => this.blobUrl(url),
      onImageShown: () => {
        if (this.open) this.el.body.scrollTop = this.el.body.scrollHeight;
      },
      onRate: (n) => void this.rate(n),
    });
  }

  private async blobUrl(url: string): Promise<string> {
    const known = this.blobUrls.get(url);
    if (known) return known;
    const made = URL.createObjectURL(await this.api.blob(url));
    this.blobUrls.set(url, made);
    return made;
  }

  private renderComposer() {
    if (this.el.footer.querySelector('.composer')) return this.renderFiles();
    const input = h('textarea', {
      rows: 1,
      placeholder: this.t.placeholder,
      'aria-label': this.t.placeholder,
    });
    const picker = h('input', {
      type: 'file',
      multiple: true,
      hidden: true,
      accept: 'image/*,video/*,application/pdf,*/*',
    });
    picker.addEventListener('change', () => {
      const chosen = [...(picker.files ?? [])];
      picker.value = '';
      if (this.files.length + chosen.length > MAX_FILES) {
        this.showBar(this.t.tooManyFiles);
        return;
      }
      this.files.push(...chosen);
      this.renderFiles();
    });
    const submit = () => {
      const text = input.value.trim();
      if (!text && this.files.length === 0) return;
      input.value = '';
      const p: Pending = { clientMessageId: uuid(), text, files: this.files, failed: false };
      this.files = [];
      this.renderFiles();
      this.pending.push(p);
      void this.deliver(p);
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        submit();
      }
    });
    this.el.footer.replaceChildren(
      h('div', { className: 'files' }),
      h(
        'div',
        { className: 'composer' },
        h(
          'button',
          {
            className: 'icon',
            type: 'button',
            'aria-label': this.t.attach,
            title: this.t.attach,
            onclick: () => picker.click(),
          },
          icon(CLIP_ICON),
        ),
        picker,
        input,
        h('button', { className: 'primary send', type: 'button', onclick: submit }, this.t.send),
      ),
    );
    this.renderFiles();
  }

  private renderFiles() {
    const box = this.el.footer.querySelector('.files');
    if (!box) return;
    box.replaceChildren(
      ...this.files.map((f, i) =>
        h(
          'span',
          {},
          f.name,
          h(
            'button',
            {
              type: 'button',
              'aria-label': `${this.t.removeFile} ${f.name}`,
              onclick: () => {
                this.files.splice(i, 1);
                this.renderFiles();
              },
            },
            '×',
          ),
        ),
      ),
    );
  }

  private async deliver(p: Pending) {
    p.failed = false;
    this.renderMessages();
    try {
      const attachmentIds: string[] = [];
      for (const f of p.files) attachmentIds.push((await this.api.upload(f)).uploadId);
      const first = await this.api.send({ clientMessageId: p.clientMessageId, text: p.text, attachmentIds });
      this.pending = this.pending.filter((x) => x !== p);
      this.messages.set(first.id, first);
      // The other parts (one per attachment) arrive on the socket; a fresh history covers a missed frame.
      if (attachmentIds.length) await this.loadHistory().catch(() => undefined);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        this.forget();
        return this.render();
      }
      p.failed = true;
      if (err instanceof ApiError && err.status < 500) this.showBar(err.message);
    }
    this.renderMessages();
  }

  /** A tapped star: the rating goes as the visitor's answer to the survey. */
  private async rate(rating: number) {
    try {
      const sent = await this.api.send({ clientMessageId: uuid(), text: '', attachmentIds: [], rating });
      this.messages.set(sent.id, sent);
    } catch (err) {
      if (err instanceof ApiError) this.showBar(err.message);
    }
    this.renderMessages();
  }

  private retry(p: Pending) {
    void this.deliver(p);
  }

  private showBar(text: string, action?: { label: string; run: () => void }) {
    this.el.bar.hidden = false;
    this.el.bar.replaceChildren(
      h('span', {}, text),
      action
        ? h('button', { type: 'button', onclick: action.run }, action.label)
        : h('button', { type: 'button', 'aria-label': this.t.close, onclick: () => this.hideBar() }, '×'),
    );
  }

  private hideBar() {
    this.el.bar.hidden = true;
  }

  // ───────────────────────────── real time ─────────────────────────────

  private connect() {
    if (!this.token) return;
    clearTimeout(this.reconnectTimer);
    this.socket?.close();
    const url = `${this.base.replace(/^http/, 'ws')}${WIDGET_SOCKET_PATH}?token=${encodeURIComponent(this.token)}`;
    const ws = new WebSocket(url);
    this.socket = ws;
    let openedAt = 0;
    const timeout = setTimeout(() => ws.close(), RECONNECT.connectTimeoutMs);
    ws.onopen = () => {
      clearTimeout(timeout);
      openedAt = Date.now();
    };
    ws.onmessage = (e) => this.onFrame(JSON.parse(String(e.data)) as WidgetServerFrame);
    ws.onclose = (e) => {
      clearTimeout(timeout);
      if (this.socket !== ws) return;
      this.socket = null;
      if (e.code === UNAUTHORIZED_CLOSE) {
        this.forget();
        return this.render();
      }
      if (e.code === ORIGIN_REFUSED_CLOSE) return;
      if (openedAt && Date.now() - openedAt >= RECONNECT.minUptimeMs) this.attempt = 0;
      if (this.attempt >= RECONNECT.maxRetries) {
        this.connection = 'down';
        this.showBar(this.t.offline, {
          label: this.t.retry,
          run: () => {
            this.attempt = 0;
            this.connect();
          },
        });
        return;
      }
      this.connection = 'reconnecting';
      this.showBar(this.t.reconnecting);
      this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempt++, Math.random()));
    };
  }

  private onFrame(frame: WidgetServerFrame) {
    if (frame.type === 'ready') {
      if (this.connection !== 'up') {
        // Back after a cut: fetch what was missed.
        this.connection = 'up';
        this.hideBar();
        void this.loadHistory()
          .then(() => this.renderMessages())
          .catch(() => undefined);
      }
      if (this.config && this.config.online !== frame.online) this.refreshPresence();
      return;
    }
    if (frame.type === 'message') {
      const m = frame.message;
      const known = this.messages.get(m.id);
      this.messages.set(m.id, known ? { ...m, status: known.status } : m);
      if (m.from === 'agent' && !known) {
        this.receipt([m.id], 'delivered');
        if (!this.open) {
          this.unread++;
          this.renderBadge();
        }
      }
      this.pending = this.pending.filter((p) => p.clientMessageId !== m.clientMessageId);
      if (this.token) this.renderMessages();
      this.reportRead();
      return;
    }
    if (frame.type === 'message.status') {
      const m = this.messages.get(frame.id);
      if (m) this.messages.set(frame.id, { ...m, status: frame.status });
    }
  }

  /** Receipts in frames of at most 60 ids (the server's socket frames are small: 4 KB). */
  private receipt(messageIds: string[], status: 'delivered' | 'read') {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    for (let i = 0; i < messageIds.length; i += 60)
      this.socket.send(JSON.stringify({ type: 'receipt', messageIds: messageIds.slice(i, i + 60), status }));
  }

  /** Read receipts: only while the chat is open and the page visible. */
  private reportRead() {
    if (!this.open || document.visibilityState !== 'visible' || this.socket?.readyState !== WebSocket.OPEN)
      return;
    const ids = [...this.messages.values()]
      .filter((m) => m.from === 'agent' && m.status !== 'read' && !this.readReported.has(m.id))
      .map((m) => m.id);
    if (ids.length === 0) return;
    for (const id of ids) this.readReported.add(id);
    this.receipt(ids, 'read');
  }

  private remember(token: string) {
    this.token = token;
    try {
      localStorage.setItem(this.storageKey, token);
    } catch {
      // Private mode: the session lasts for this page only.
    }
  }

  private forget() {
    this.token = null;
    this.socket?.close();
    this.socket = null;
    this.messages.clear();
    try {
      localStorage.removeItem(this.storageKey);
    } catch {
      // nothing stored
    }
  }
}

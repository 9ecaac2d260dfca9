/**
 * What every simulator's customer chat page shares (self-contained HTML + JS, no framework, no external
 * assets): the layout's CSS in the provider's colours, and the script helpers — the thread's entries, the
 * live feed (SSE) with the history behind it, bubbles with a file and a text, and posting a send.
 */

export interface ChatPageTheme {
  /** Around the page, the page, the header, the customer's own bubbles. */
  page: string;
  main: string;
  header: string;
  own: string;
  radius: number;
}

export function chatPageCss(theme: ChatPageTheme): string {
  return `
  body { font-family: system-ui, sans-serif; margin: 0; background: ${theme.page}; color: #111; }
  main { max-width: 480px; margin: 0 auto; min-height: 100vh; display: flex; flex-direction: column; background: ${theme.main}; }
  header { background: ${theme.header}; color: #fff; padding: 12px 16px; }
  header h1 { font-size: 18px; margin: 0 0 8px; }
  .setup { display: grid; grid-template-columns: auto 1fr; gap: 6px 8px; align-items: center; font-size: 14px; }
  .setup input, .setup select { padding: 4px 6px; font-size: 14px; }
  #thread { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 6px; }
  .bubble { max-width: 80%; padding: 6px 10px; border-radius: ${theme.radius}px; box-shadow: 0 1px 1px rgba(0,0,0,.15); white-space: pre-wrap; word-wrap: break-word; }
  .out { align-self: flex-start; background: #fff; }
  .in { align-self: flex-end; background: ${theme.own}; }
  .meta { font-size: 11px; color: #667; margin-top: 2px; text-align: right; }
  .bubble img { max-width: 100%; display: block; border-radius: 4px; }
  form.compose { display: flex; gap: 6px; padding: 8px; background: #f0f0f0; align-items: center; flex-wrap: wrap; }
  form.compose input[type=text] { flex: 1; padding: 8px; border-radius: 16px; border: 1px solid #ccc; }
  #status { font-size: 12px; color: #a00; padding: 0 8px; min-height: 1em; }
  .empty { color: #667; text-align: center; font-size: 13px; }
  .choices { display: flex; flex-direction: column; gap: 4px; margin-top: 6px; }
  .choices button { background: #fff; border: 1px solid #bcd; color: #1a5fb4; border-radius: 14px; padding: 4px 10px; cursor: pointer; font-size: 14px; }
  .choices button:disabled { color: #889; cursor: default; }`;
}

/** One of the setup fields (the customer's id, name): remembered, sent with every message. */
export interface ChatPageField {
  /** Element id (also its localStorage key after the page's prefix). */
  id: string;
  /** Its name in the query string, the history and event URLs and the send body. */
  param: string;
  label: string;
  placeholder: string;
  inputmode?: 'numeric';
  type?: 'text' | 'tel';
  /** How the value is read: digits only, trimmed, or as typed. */
  read?: 'digits' | 'trim';
  /** Refused before sending when it does not match (a JS regex literal), or when empty if `required`. */
  pattern?: string;
  required?: boolean;
  /** Shown when the value is refused. */
  missing?: string;
  /** A JS expression giving a first value when the address and the browser have none (then remembered). */
  initialJs?: string;
}

/**
 * A provider's customer chat page, as configuration: the business account to write to (a select filled from
 * `account.listPath`), the customer's fields (the first one identifies the chat), the file input and how a
 * file is sent. `script` replaces the plain-bubble `render` (and adds whatever the page needs).
 */
export interface ChatPageConfig {
  title: string;
  heading: string;
  theme: ChatPageTheme;
  extraCss?: string;
  account: {
    id: string;
    param: string;
    label: string;
    listPath: string;
    emptyLabel: string;
    missing: string;
    /** JS functions of one list item: its value and its label. */
    valueJs: string;
    labelJs: string;
  };
  fields: ChatPageField[];
  storagePrefix: string;
  historyPath: string;
  file: { id: string; label: string; accept?: string; bodyJs: string };
  emptyText: string;
  script?: string;
  /** Controls put in the compose form before the message box (Instagram: send as a story reply or mention). */
  composeExtra?: string;
  /** JS statements run on `body` before each send (they read `composeExtra`'s controls). */
  sendExtraJs?: string;
  /**
   * The customer reads: when the page shows a business message newer than the last one reported while the
   * tab is visible, it posts the chat's params to `customer/read` (the provider's read receipt).
   */
  readReceipts?: boolean;
}

/** The page's read receipts: `render` also reports the newest business message once it is seen. */
const READ_RECEIPTS_JS = `
  var lastRead = 0;
  function markRead() {
    var latest = 0;
    order.forEach(function (id) { var e = entries.get(id); if (e.direction === 'out' && e.at > latest) latest = e.at; });
    if (!latest || latest <= lastRead || document.visibilityState !== 'visible') return;
    lastRead = latest;
    fetch('customer/read', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params()) });
  }
  var paint = render;
  render = function () { paint(); markRead(); };
  document.addEventListener('visibilitychange', markRead);`;

/** A setup field's first value: what the person already typed, else the address's, the browser's, a new one. */
const initialValueJs = (c: ChatPageConfig, f: ChatPageField) => {
  const value = `$('${f.id}').value || q.get('${f.param}') || store.getItem('${c.storagePrefix}${f.id}')`;
  if (!f.initialJs) return `    $('${f.id}').value = ${value} || '';`;
  return `    var ${f.id}Value = ${value};
    if (!${f.id}Value) { ${f.id}Value = ${f.initialJs}; store.setItem('${c.storagePrefix}${f.id}', ${f.id}Value); }
    $('${f.id}').value = ${f.id}Value;`;
};

const readJs = (f: ChatPageField) =>
  f.read === 'digits'
    ? `$('${f.id}').value.replace(/\\D/g, '')`
    : f.read === 'trim'
      ? `$('${f.id}').value.trim()`
      : `$('${f.id}').value`;

const checkJs = (f: ChatPageField) => {
  const refused = f.pattern ? `!${f.pattern}.test(p.${f.param})` : `!p.${f.param}.trim()`;
  return f.pattern || f.required
    ? `    if (${refused}) { setStatus(${JSON.stringify(f.missing ?? '')}); return Promise.resolve(); }\n`
    : '';
};

const fieldHtml = (f: ChatPageField) =>
  `      <label for="${f.id}">${f.label}</label>
      <input id="${f.id}" type="${f.type ?? 'text'}"${f.inputmode ? ` inputmode="${f.inputmode}"` : ''} placeholder="${f.placeholder}" autocomplete="off">`;

/** The whole customer page (HTML, CSS and script) of one provider, from its configuration. */
export function chatPageHtml(c: ChatPageConfig): string {
  const a = c.account;
  const [who] = c.fields;
  if (!who) throw new Error('a chat page needs a field naming the customer');
  const params = [`${a.param}: $('${a.id}').value`, ...c.fields.map((f) => `${f.param}: ${readJs(f)}`)];
  const all = [a.param, ...c.fields.map((f) => f.param)];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${c.title}</title>
<link rel="icon" href="data:,">
<style>
${chatPageCss(c.theme)}${c.extraCss ?? ''}
</style>
</head>
<body>
<main>
  <header>
    <h1>${c.heading}</h1>
    <div class="setup">
      <label for="${a.id}">${a.label}</label>
      <select id="${a.id}"></select>
${c.fields.map(fieldHtml).join('\n')}
    </div>
  </header>
  <div id="thread" role="log" aria-label="Conversation" aria-live="polite"></div>
  <div id="status" role="status"></div>
  <form class="compose" id="compose">
    ${c.composeExtra ?? ''}
    <label for="message">Message</label>
    <input id="message" type="text" autocomplete="off">
    <label for="${c.file.id}">${c.file.label}</label>
    <input id="${c.file.id}" type="file"${c.file.accept ? ` accept="${c.file.accept}"` : ''}>
    <button type="submit" id="send" disabled>Send</button>
  </form>
</main>
<script>
(function () {
${CHAT_PAGE_HELPERS}
  function params() {
    return { ${params.join(', ')} };
  }

${c.script ?? '  function render() { renderBubbles(); }'}
${c.readReceipts ? READ_RECEIPTS_JS : ''}

  function connect() {
    var p = params();
    var q = p.${a.param} && p.${who.param}
      ? '${a.param}=' + encodeURIComponent(p.${a.param}) + '&${who.param}=' + encodeURIComponent(p.${who.param})
      : '';
    openFeed(p.${a.param} + ':' + p.${who.param}, q, '${c.historyPath}');
  }

  function send(body) {
    var p = params();
    if (!p.${a.param}) { setStatus(${JSON.stringify(a.missing)}); return Promise.resolve(); }
${c.fields.map(checkJs).join('')}    connect();
${all.map((k) => `    body.${k} = p.${k};`).join('\n')}
${c.sendExtraJs ?? ''}
    return postSend(body);
  }

  onCompose('${c.file.id}', ${c.file.bodyJs}, ${JSON.stringify(c.emptyText)});
  rememberFields(${JSON.stringify([a.id, ...c.fields.map((f) => f.id)])}, '${c.storagePrefix}');

  fetch('${a.listPath}').then(function (r) { return r.json(); }).then(function (items) {
    var sel = $('${a.id}');
    var valueOf = ${a.valueJs};
    fillSelect(sel, items, ${JSON.stringify(a.emptyLabel)}, valueOf, ${a.labelJs});
    var q = new URLSearchParams(location.search);
    var saved = q.get('${a.param}') || store.getItem('${c.storagePrefix}${a.id}');
    if (saved && items.some(function (i) { return valueOf(i) === saved; })) sel.value = saved;
${c.fields.map((f) => initialValueJs(c, f)).join('\n')}
    connect();
    // Sending waits for the accounts (a send before them would have none to go to).
    $('send').disabled = false;
  });
})();
</script>
</body>
</html>
`;
}

/** The usual file body: the file (base64, type, name) with the text as its caption. */
export const FILE_WITH_CAPTION_JS = `function (base64, file, text) {
    return { file: { base64: base64, mime: file.type, name: file.name }, caption: text };
  }`;

/**
 * Script helpers, placed at the top of a page's script (its own `render` draws the thread): `openFeed(key,
 * query, historyPath)` follows one chat (SSE from `customer/events`, the history from `historyPath`, whose
 * answer lists `entries`); `postSend(body)` posts to `customer/send` and shows a refusal; `readBase64`;
 * the bubble parts and `renderBubbles` (a page's `render` for a thread of plain bubbles); `onCompose`, `rememberFields` and `fillSelect` (they call the page's `send` and
 * `connect`).
 */
export const CHAT_PAGE_HELPERS = `
  var $ = function (id) { return document.getElementById(id); };
  var entries = new Map();
  var order = [];
  var source = null;
  var current = '';
  var store = window.localStorage;

  function setStatus(t) { $('status').textContent = t || ''; }

  function upsert(e) {
    if (!entries.has(e.id)) order.push(e.id);
    entries.set(e.id, e);
  }

  function startThread() {
    var thread = $('thread');
    thread.textContent = '';
    if (order.length === 0) {
      var p = document.createElement('p');
      p.className = 'empty';
      p.textContent = 'No messages yet.';
      thread.appendChild(p);
    }
    return thread;
  }

  // The thread as bubbles (a file, then its text, then the time). The business's messages are list items, the
  // customer's own are not (tests count list items).
  function renderBubbles() {
    var thread = startThread();
    order.forEach(function (id) {
      var e = entries.get(id);
      var div = document.createElement('div');
      div.className = 'bubble ' + e.direction;
      div.setAttribute('role', e.direction === 'out' ? 'listitem' : 'article');
      div.dataset.direction = e.direction === 'out' ? 'business' : 'customer';
      if (e.fileUrl) {
        var isImage = e.kind === 'photo' || (e.mime || '').indexOf('image/') === 0;
        appendFile(div, e.fileUrl, isImage, isImage ? 'photo' : e.filename || 'file');
      }
      if (e.text) appendText(div, e.text);
      if (e.buttons && e.buttons.length) appendChoices(div, e);
      var meta = document.createElement('div');
      meta.className = 'meta';
      meta.textContent = new Date(e.at).toLocaleTimeString();
      div.appendChild(meta);
      thread.appendChild(div);
    });
    thread.scrollTop = thread.scrollHeight;
  }

  // The business message's reply buttons (quick replies, an inline keyboard): a tap sends { tap } to the
  // simulator, which answers in the provider's own inbound shape. Quick replies go once a later message came.
  function appendChoices(div, e) {
    var box = document.createElement('div');
    box.className = 'choices';
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', 'Reply buttons');
    var later = order.indexOf(e.id) < order.length - 1;
    e.buttons.forEach(function (b) {
      var btn = document.createElement('button');
      btn.type = 'button';
      btn.textContent = b.title;
      btn.disabled = !!(e.buttonsOnce && later);
      btn.addEventListener('click', function () { send({ tap: { id: b.id, title: b.title, messageId: e.id } }); });
      box.appendChild(btn);
    });
    div.appendChild(box);
  }

  function appendFile(div, url, isImage, label) {
    if (isImage) {
      var img = document.createElement('img');
      img.src = url;
      img.alt = label;
      div.appendChild(img);
      return;
    }
    var a = document.createElement('a');
    a.href = url;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = label;
    div.appendChild(a);
  }

  function appendText(div, text) {
    var t = document.createElement('div');
    t.className = 'text';
    t.textContent = text;
    div.appendChild(t);
  }

  function openFeed(k, q, historyPath) {
    if (k === current) return;
    current = k;
    if (source) { source.close(); source = null; }
    entries.clear();
    order = [];
    if (!q) { render(); return; }
    source = new EventSource('customer/events?' + q);
    source.onmessage = function (ev) {
      if (current !== k) return;
      upsert(JSON.parse(ev.data));
      render();
    };
    fetch(historyPath + '?' + q).then(function (r) { return r.json(); }).then(function (data) {
      if (current !== k) return;
      data.entries.forEach(upsert);
      order.sort(function (a, b) { return entries.get(a).at - entries.get(b).at; });
      render();
    });
  }

  function postSend(body) {
    return fetch('customer/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || 'Send failed'); return j; }); })
      .then(function () { setStatus(''); })
      .catch(function (err) { setStatus(err.message); });
  }

  function readBase64(file, done) {
    var reader = new FileReader();
    reader.onload = function () { done(String(reader.result).split(',')[1] || ''); };
    reader.readAsDataURL(file);
  }

  // The compose form: a file (its body from fileBody(base64, file, text)) or the text, sent with send().
  function onCompose(fileInput, fileBody, emptyText) {
    $('compose').addEventListener('submit', function (ev) {
      ev.preventDefault();
      var text = $('message').value;
      var file = $(fileInput).files[0];
      if (file) {
        readBase64(file, function (base64) {
          send(fileBody(base64, file, text)).then(function () {
            $(fileInput).value = ''; $('message').value = '';
          });
        });
        return;
      }
      if (!text.trim()) { setStatus(emptyText); return; }
      send({ text: text }).then(function () { $('message').value = ''; });
    });
  }

  // The setup fields are remembered (localStorage, under prefix + id) and follow the chosen chat.
  function rememberFields(ids, prefix) {
    ids.forEach(function (id) {
      $(id).addEventListener('change', function () {
        store.setItem(prefix + id, $(id).value);
        connect();
      });
    });
  }

  // The choice of the business's account: one option per item, or one saying there is none.
  function fillSelect(sel, items, emptyLabel, valueOf, labelOf) {
    if (items.length === 0) {
      var none = document.createElement('option');
      none.value = ''; none.textContent = emptyLabel;
      sel.appendChild(none);
    }
    items.forEach(function (item) {
      var o = document.createElement('option');
      o.value = valueOf(item);
      o.textContent = labelOf(item);
      sel.appendChild(o);
    });
  }
`;

/**
 * The "customer phone" page: a person picks the business number, enters a phone number and name, chats,
 * attaches an image. Live updates come over SSE; showing business messages while the page is visible marks
 * them read; reply buttons answer with a button reply.
 */
import { chatPageHtml } from '../chat-page.js';

// The page's own render (ticks, read marks, reply buttons), on top of the shared helpers.
const script = `  function ticks(s) {
    if (s === 'read') return '✓✓ read';
    if (s === 'delivered') return '✓✓';
    if (s === 'sent') return '✓';
    return '…';
  }

  function render() {
    var thread = startThread();
    order.forEach(function (id) {
      var e = entries.get(id);
      var div = document.createElement('div');
      div.className = 'bubble ' + e.direction;
      div.dataset.messageId = e.id;
      // Business messages are list items; the customer's own bubbles are not (tests count listitems).
      div.setAttribute('role', e.direction === 'out' ? 'listitem' : 'article');
      div.dataset.direction = e.direction === 'out' ? 'business' : 'customer';
      if (e.mediaUrl) {
        var isImage = e.type === 'image' || e.type === 'sticker' || (e.mime || '').indexOf('image/') === 0;
        appendFile(div, e.mediaUrl, isImage, isImage ? 'image' : e.filename || (e.type + ' attachment'));
      }
      if (e.text) appendText(div, e.text);
      if (e.buttons && e.buttons.length) {
        var bs = document.createElement('div');
        bs.className = 'buttons';
        var list = e.buttons[0].kind === 'list';
        if (list) {
          // A list: one button opens its rows, as WhatsApp opens the list's sheet.
          var open = document.createElement('button');
          open.type = 'button';
          open.textContent = '☰ ' + (e.buttons[0].listLabel || 'Menu');
          open.setAttribute('aria-expanded', 'false');
          open.onclick = function () {
            var shown = rows.hidden;
            rows.hidden = !shown;
            open.setAttribute('aria-expanded', String(shown));
          };
          bs.appendChild(open);
          var rows = document.createElement('div');
          rows.className = 'buttons';
          rows.setAttribute('role', 'group');
          rows.setAttribute('aria-label', e.buttons[0].listLabel || 'Menu');
          rows.hidden = true;
          bs.appendChild(rows);
        }
        e.buttons.forEach(function (b) {
          var btn = document.createElement('button');
          btn.type = 'button';
          btn.textContent = b.title;
          btn.onclick = function () { tap(e, b); };
          (list ? rows : bs).appendChild(btn);
        });
        div.appendChild(bs);
      }
      var meta = document.createElement('div');
      meta.className = 'meta';
      var time = new Date(e.at).toLocaleTimeString();
      meta.textContent = e.direction === 'out' ? time : time + (e.readByBusiness ? ' ✓✓ read' : ' ✓');
      div.appendChild(meta);
      thread.appendChild(div);
    });
    thread.scrollTop = thread.scrollHeight;
    maybeRead();
  }

  function maybeRead() {
    if (document.visibilityState !== 'visible') return;
    var p = params();
    var unread = order.some(function (id) {
      var e = entries.get(id);
      return e.direction === 'out' && e.status !== 'read' && e.status !== 'failed';
    });
    if (!unread || !p.phoneNumberId || !p.waId) return;
    fetch('customer/read', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(p) });
  }

  function tap(e, b) {
    if (b.kind === 'reply') send({ buttonReply: { id: b.id, title: b.title }, contextMessageId: e.id });
    else if (b.kind === 'list') send({ listReply: { id: b.id, title: b.title }, contextMessageId: e.id });
    else send({ buttonPayload: { payload: b.id, text: b.title }, contextMessageId: e.id });
  }

  $('phone').addEventListener('input', function () { store.setItem('sim.phone', $('phone').value); });
  document.addEventListener('visibilitychange', maybeRead);
`;

export const customerPageHtml = chatPageHtml({
  title: 'Customer phone — WhatsApp simulator',
  heading: 'Customer phone',
  theme: { page: '#e5ddd5', main: '#efeae2', header: '#075e54', own: '#d9fdd3', radius: 8 },
  extraCss: `
  .buttons { display: flex; flex-direction: column; gap: 4px; margin-top: 6px; }
  .buttons button { background: #fff; border: 1px solid #cde; color: #027eb5; border-radius: 6px; padding: 4px; cursor: pointer; }`,
  account: {
    id: 'business',
    param: 'phoneNumberId',
    label: 'Business number',
    listPath: 'customer/numbers',
    emptyLabel: 'No business numbers registered',
    missing: 'Choose a business number first.',
    valueJs: 'function (n) { return n.phoneNumberId; }',
    labelJs: `function (n) {
      return n.businessName === n.displayPhoneNumber ? n.displayPhoneNumber : n.businessName + ' (' + n.displayPhoneNumber + ')';
    }`,
  },
  fields: [
    {
      id: 'phone',
      param: 'waId',
      label: 'Your phone number',
      placeholder: '6281234567890',
      type: 'tel',
      inputmode: 'numeric',
      read: 'digits',
      required: true,
      missing: 'Enter your phone number (digits only).',
    },
    { id: 'name', param: 'name', label: 'Your name', placeholder: 'Budi' },
  ],
  storagePrefix: 'sim.',
  historyPath: 'customer/conversation',
  file: {
    id: 'image',
    label: 'Attach image',
    accept: 'image/*',
    bodyJs: `function (base64, file, text) {
    return { image: { base64: base64, mime: file.type || 'image/jpeg' }, caption: text };
  }`,
  },
  emptyText: 'Type a message or attach an image.',
  script,
});

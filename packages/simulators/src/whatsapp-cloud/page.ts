/**
 * The "customer phone" page: self-contained HTML + JS (no framework, no external assets). A person picks the
 * business number, enters a phone number and name, chats, attaches an image. Live updates come over SSE;
 * showing business messages while the page is visible marks them read.
 */
export const customerPageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer phone — WhatsApp simulator</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #e5ddd5; color: #111; }
  main { max-width: 480px; margin: 0 auto; min-height: 100vh; display: flex; flex-direction: column; background: #efeae2; }
  header { background: #075e54; color: #fff; padding: 12px 16px; }
  header h1 { font-size: 18px; margin: 0 0 8px; }
  .setup { display: grid; grid-template-columns: auto 1fr; gap: 6px 8px; align-items: center; font-size: 14px; }
  .setup input, .setup select { padding: 4px 6px; font-size: 14px; }
  #thread { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 6px; }
  .bubble { max-width: 80%; padding: 6px 10px; border-radius: 8px; box-shadow: 0 1px 1px rgba(0,0,0,.15); white-space: pre-wrap; word-wrap: break-word; }
  .out { align-self: flex-start; background: #fff; }
  .in { align-self: flex-end; background: #d9fdd3; }
  .meta { font-size: 11px; color: #667; margin-top: 2px; text-align: right; }
  .bubble img { max-width: 100%; display: block; border-radius: 4px; }
  .buttons { display: flex; flex-direction: column; gap: 4px; margin-top: 6px; }
  .buttons button { background: #fff; border: 1px solid #cde; color: #027eb5; border-radius: 6px; padding: 4px; cursor: pointer; }
  form.compose { display: flex; gap: 6px; padding: 8px; background: #f0f0f0; align-items: center; flex-wrap: wrap; }
  form.compose input[type=text] { flex: 1; padding: 8px; border-radius: 16px; border: 1px solid #ccc; }
  #status { font-size: 12px; color: #a00; padding: 0 8px; min-height: 1em; }
  .empty { color: #667; text-align: center; font-size: 13px; }
</style>
</head>
<body>
<main>
  <header>
    <h1>Customer phone</h1>
    <div class="setup">
      <label for="business">Business number</label>
      <select id="business"></select>
      <label for="phone">Your phone number</label>
      <input id="phone" type="tel" inputmode="numeric" placeholder="6281234567890" autocomplete="off">
      <label for="name">Your name</label>
      <input id="name" type="text" placeholder="Budi" autocomplete="off">
    </div>
  </header>
  <div id="thread" role="log" aria-label="Conversation" aria-live="polite"></div>
  <div id="status" role="status"></div>
  <form class="compose" id="compose">
    <label for="message">Message</label>
    <input id="message" type="text" autocomplete="off">
    <label for="image">Attach image</label>
    <input id="image" type="file" accept="image/*">
    <button type="submit">Send</button>
  </form>
</main>
<script>
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var entries = new Map();
  var order = [];
  var source = null;
  var current = '';
  var store = window.localStorage;

  function params() {
    return { phoneNumberId: $('business').value, waId: $('phone').value.replace(/\\D/g, ''), name: $('name').value };
  }
  function setStatus(t) { $('status').textContent = t || ''; }

  function ticks(s) {
    if (s === 'read') return '✓✓ read';
    if (s === 'delivered') return '✓✓';
    if (s === 'sent') return '✓';
    return '…';
  }

  function render() {
    var thread = $('thread');
    thread.textContent = '';
    if (order.length === 0) {
      var p = document.createElement('p');
      p.className = 'empty';
      p.textContent = 'No messages yet.';
      thread.appendChild(p);
    }
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
        if (isImage) {
          var img = document.createElement('img');
          img.src = e.mediaUrl;
          img.alt = 'image';
          div.appendChild(img);
        } else {
          var a = document.createElement('a');
          a.href = e.mediaUrl;
          a.target = '_blank';
          a.rel = 'noopener';
          a.textContent = e.filename || (e.type + ' attachment');
          div.appendChild(a);
        }
      }
      if (e.text) {
        var t = document.createElement('div');
        t.className = 'text';
        t.textContent = e.text;
        div.appendChild(t);
      }
      if (e.buttons && e.buttons.length) {
        var bs = document.createElement('div');
        bs.className = 'buttons';
        e.buttons.forEach(function (b) {
          var btn = document.createElement('button');
          btn.type = 'button';
          btn.textContent = b.title;
          btn.onclick = function () { tap(e, b); };
          bs.appendChild(btn);
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

  function upsert(e) {
    if (!entries.has(e.id)) order.push(e.id);
    entries.set(e.id, e);
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

  function connect() {
    var p = params();
    var k = p.phoneNumberId + ':' + p.waId;
    if (k === current) return;
    current = k;
    if (source) { source.close(); source = null; }
    entries.clear();
    order = [];
    if (!p.phoneNumberId || !p.waId) { render(); return; }
    var q = 'phoneNumberId=' + encodeURIComponent(p.phoneNumberId) + '&waId=' + encodeURIComponent(p.waId);
    source = new EventSource('customer/events?' + q);
    source.onmessage = function (ev) {
      if (current !== k) return;
      upsert(JSON.parse(ev.data));
      render();
    };
    fetch('customer/conversation?' + q).then(function (r) { return r.json(); }).then(function (data) {
      if (current !== k) return;
      data.entries.forEach(upsert);
      order.sort(function (a, b) { return entries.get(a).at - entries.get(b).at; });
      render();
    });
  }

  function send(body) {
    var p = params();
    if (!p.phoneNumberId) { setStatus('Choose a business number first.'); return Promise.resolve(); }
    if (!p.waId) { setStatus('Enter your phone number (digits only).'); return Promise.resolve(); }
    connect();
    body.phoneNumberId = p.phoneNumberId; body.waId = p.waId; body.name = p.name;
    return fetch('customer/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || 'Send failed'); return j; }); })
      .then(function () { setStatus(''); })
      .catch(function (err) { setStatus(err.message); });
  }

  function tap(e, b) {
    if (b.kind === 'reply') send({ buttonReply: { id: b.id, title: b.title }, contextMessageId: e.id });
    else if (b.kind === 'list') send({ listReply: { id: b.id, title: b.title }, contextMessageId: e.id });
    else send({ buttonPayload: { payload: b.id, text: b.title }, contextMessageId: e.id });
  }

  $('compose').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var text = $('message').value;
    var file = $('image').files[0];
    if (file) {
      var reader = new FileReader();
      reader.onload = function () {
        var base64 = String(reader.result).split(',')[1] || '';
        send({ image: { base64: base64, mime: file.type || 'image/jpeg' }, caption: text }).then(function () {
          $('image').value = ''; $('message').value = '';
        });
      };
      reader.readAsDataURL(file);
      return;
    }
    if (!text.trim()) { setStatus('Type a message or attach an image.'); return; }
    send({ text: text }).then(function () { $('message').value = ''; });
  });

  ['business', 'phone', 'name'].forEach(function (id) {
    $(id).addEventListener('change', function () {
      store.setItem('sim.' + id, $(id).value);
      connect();
    });
  });
  $('phone').addEventListener('input', function () { store.setItem('sim.phone', $('phone').value); });
  document.addEventListener('visibilitychange', maybeRead);

  fetch('customer/numbers').then(function (r) { return r.json(); }).then(function (nums) {
    var sel = $('business');
    if (nums.length === 0) {
      var o = document.createElement('option');
      o.value = ''; o.textContent = 'No business numbers registered';
      sel.appendChild(o);
    }
    nums.forEach(function (n) {
      var o = document.createElement('option');
      o.value = n.phoneNumberId;
      o.textContent = n.businessName === n.displayPhoneNumber ? n.displayPhoneNumber : n.businessName + ' (' + n.displayPhoneNumber + ')';
      sel.appendChild(o);
    });
    var q = new URLSearchParams(location.search);
    var saved = q.get('phoneNumberId') || store.getItem('sim.business');
    if (saved && nums.some(function (n) { return n.phoneNumberId === saved; })) sel.value = saved;
    $('phone').value = q.get('waId') || store.getItem('sim.phone') || '';
    $('name').value = q.get('name') || store.getItem('sim.name') || '';
    connect();
  });
})();
</script>
</body>
</html>
`;

/**
 * The webmail page: self-contained HTML + JS (no framework, no external assets). A person enters their
 * address, sees the emails Sapa sent them and their own, reads one (headers, text, files), replies to it or
 * writes a new one with files, and sees new mail live (server-sent events). The email's HTML is never
 * rendered here: the text part is shown.
 */
export const webmailPageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Webmail — email simulator</title>
<link rel="icon" href="data:,">
<style>
*{box-sizing:border-box} body{margin:0;font:15px/1.45 system-ui,sans-serif;background:#eef1f5;color:#1f2933}
header{background:#3b5bdb;color:#fff;padding:10px 16px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
header h1{font-size:18px;margin:0 12px 0 0} header label{font-size:13px}
input,textarea,select,button{font:inherit} input,textarea{border:1px solid #c5ccd6;border-radius:6px;padding:6px 8px;width:100%}
header input{width:auto;min-width:220px}
main{display:grid;grid-template-columns:minmax(240px,1fr) 2fr;gap:12px;padding:12px;max-width:1200px;margin:auto}
@media (max-width:700px){main{grid-template-columns:1fr}}
section{background:#fff;border-radius:8px;padding:12px;box-shadow:0 1px 2px #0002}
#list{list-style:none;margin:0;padding:0} #list li button{all:unset;display:block;width:100%;padding:8px;border-bottom:1px solid #e4e7eb;cursor:pointer}
#list li button:hover,#list li button[aria-current=true]{background:#edf2ff}
.meta{font-size:12px;color:#52606d} .subject{font-weight:600} pre{white-space:pre-wrap;font:inherit;margin:8px 0}
form label{display:block;font-size:13px;margin-top:8px} button.primary{background:#3b5bdb;color:#fff;border:0;border-radius:6px;padding:8px 16px;margin-top:10px;cursor:pointer}
#status{min-height:1.4em;color:#c92a2a;font-size:13px} .files a{display:inline-block;margin-right:10px}
</style>
</head>
<body>
<header>
  <h1>Webmail</h1>
  <label for="me">Your address</label>
  <input id="me" type="email" autocomplete="off" placeholder="budi@pelanggan.test">
  <label for="name">Your name</label>
  <input id="name" type="text" autocomplete="off" placeholder="Budi">
</header>
<main>
  <section aria-labelledby="inbox-title">
    <h2 id="inbox-title">Mail</h2>
    <ul id="list" aria-live="polite"></ul>
  </section>
  <section>
    <article id="view" aria-live="polite"><p class="meta">Choose an email to read it.</p></article>
    <form id="compose">
      <h2 id="compose-title">New email</h2>
      <input type="hidden" id="replyTo">
      <label for="to">To</label><input id="to" list="sapa" autocomplete="off"><datalist id="sapa"></datalist>
      <label for="cc">Cc (comma separated)</label><input id="cc" autocomplete="off">
      <label for="subject">Subject</label><input id="subject" autocomplete="off">
      <label for="body">Message</label><textarea id="body" rows="6"></textarea>
      <label for="files">Attach files</label><input id="files" type="file" multiple>
      <button class="primary" id="send" type="submit">Send</button>
      <div id="status" role="status"></div>
    </form>
  </section>
</main>
<script>
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var store = window.localStorage;
  var q = new URLSearchParams(location.search);
  $('me').value = q.get('me') || store.getItem('mailsim.me') || 'budi@pelanggan.test';
  $('name').value = q.get('name') || store.getItem('mailsim.name') || 'Budi';
  var current = null; var items = [];
  function text(el, t) { el.textContent = t; return el; }
  function el(tag, cls) { var e = document.createElement(tag); if (cls) e.className = cls; return e; }
  function size(n) { return n >= 1048576 ? (n / 1048576).toFixed(1) + ' MB' : Math.max(1, Math.round(n / 1024)) + ' KB'; }
  function me() { return $('me').value.trim().toLowerCase(); }
  function load() {
    store.setItem('mailsim.me', me()); store.setItem('mailsim.name', $('name').value);
    return fetch('api/messages?address=' + encodeURIComponent(me())).then(function (r) { return r.json(); }).then(function (list) {
      items = list; var ul = $('list'); ul.textContent = '';
      list.slice().reverse().forEach(function (m) {
        var li = el('li'); var b = el('button'); b.type = 'button'; b.dataset.id = m.id;
        b.setAttribute('aria-current', String(current === m.id));
        b.appendChild(text(el('div', 'subject'), m.subject || '(no subject)'));
        b.appendChild(text(el('div', 'meta'), (m.direction === 'in' ? 'From ' + m.from : 'To ' + m.to.join(', ')) + ' · ' + new Date(m.date).toLocaleString()));
        b.onclick = function () { show(m.id); };
        li.appendChild(b); ul.appendChild(li);
      });
      if (current) show(current);
    });
  }
  function show(id) {
    var m = items.find(function (x) { return x.id === id; }); if (!m) return; current = id;
    var v = $('view'); v.textContent = '';
    v.appendChild(text(el('h2'), m.subject || '(no subject)'));
    v.appendChild(text(el('div', 'meta'), 'From: ' + (m.fromName ? m.fromName + ' <' + m.from + '>' : m.from)));
    v.appendChild(text(el('div', 'meta'), 'To: ' + m.to.join(', ')));
    if (m.cc.length) v.appendChild(text(el('div', 'meta'), 'Cc: ' + m.cc.join(', ')));
    v.appendChild(text(el('pre'), m.text));
    if (m.files.length) {
      var f = el('div', 'files');
      m.files.forEach(function (file) { var a = el('a'); a.href = 'api/files/' + file.id; a.download = file.filename; text(a, file.filename + ' (' + size(file.size) + ')'); f.appendChild(a); });
      v.appendChild(f);
    }
    var r = el('button', 'primary'); r.type = 'button'; r.id = 'reply'; text(r, 'Reply');
    r.onclick = function () {
      $('replyTo').value = m.id; $('to').value = m.direction === 'in' ? m.from : m.to.join(', ');
      $('subject').value = /^re:/i.test(m.subject) ? m.subject : 'Re: ' + m.subject;
      text($('compose-title'), 'Reply'); $('body').focus();
    };
    v.appendChild(r);
  }
  function readFile(file) {
    return new Promise(function (resolve, reject) {
      var fr = new FileReader();
      fr.onload = function () { resolve({ filename: file.name, mime: file.type || 'application/octet-stream', base64: String(fr.result).split(',')[1] || '' }); };
      fr.onerror = reject; fr.readAsDataURL(file);
    });
  }
  $('compose').onsubmit = function (e) {
    e.preventDefault(); text($('status'), '');
    if (!me()) { text($('status'), 'Enter your address.'); return; }
    if (!$('to').value.trim()) { text($('status'), 'Enter the recipient.'); return; }
    if (!$('body').value.trim() && !$('files').files.length) { text($('status'), 'Write a message or attach a file.'); return; }
    $('send').disabled = true;
    Promise.all(Array.from($('files').files).map(readFile)).then(function (files) {
      return fetch('api/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({
        from: me(), fromName: $('name').value, to: $('to').value, cc: $('cc').value, subject: $('subject').value,
        text: $('body').value, replyTo: $('replyTo').value || undefined, files: files }) });
    }).then(function (r) { return r.json().then(function (b) { if (!r.ok) throw new Error(b.error || 'Not sent'); return b; }); })
      .then(function (m) {
        current = m.id; $('body').value = ''; $('files').value = ''; $('replyTo').value = ''; $('cc').value = '';
        text($('compose-title'), 'New email'); text($('status'), ''); return load();
      })
      .catch(function (err) { text($('status'), err.message); })
      .finally(function () { $('send').disabled = false; });
  };
  $('me').onchange = function () { current = null; load(); };
  fetch('api/sapa-addresses').then(function (r) { return r.json(); }).then(function (list) {
    var dl = $('sapa'); list.forEach(function (a) { var o = el('option'); o.value = a; dl.appendChild(o); });
    if (!$('to').value && list[0]) $('to').value = list[0];
  });
  new EventSource('api/events').onmessage = function () { load(); };
  load();
})();
</script>
</body>
</html>`;

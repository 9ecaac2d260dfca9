/**
 * The Embedded Signup popup (self-contained HTML + JS): a Facebook-Login-like consent where a person picks or
 * creates a WhatsApp Business Account and adds a business phone number. On finish it posts, to the window that
 * opened it and only on that window's origin (`redirect_uri`), the session-info message Meta's flow posts —
 * `{ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id, waba_id, business_id } }` — and the
 * login response the JavaScript SDK hands to `FB.login`'s callback — `{ type: 'FB_LOGIN_RESPONSE',
 * authResponse: { code } }` —, then closes. Cancel posts `event: 'CANCEL'`.
 */
export const embeddedSignupPageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in with Facebook — WhatsApp Embedded Signup (simulator)</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f0f2f5; color: #1c1e21; }
  main { max-width: 440px; margin: 24px auto; background: #fff; border-radius: 8px; box-shadow: 0 2px 8px rgba(0,0,0,.12); padding: 20px; }
  .brand { color: #1877f2; font-weight: 700; font-size: 22px; margin-bottom: 8px; }
  h1 { font-size: 18px; margin: 0 0 12px; }
  p { font-size: 14px; color: #606770; }
  label { display: block; font-size: 13px; font-weight: 600; margin: 12px 0 4px; }
  input, select { width: 100%; box-sizing: border-box; padding: 8px; font-size: 15px; border: 1px solid #ccd0d5; border-radius: 6px; }
  .actions { display: flex; gap: 8px; justify-content: flex-end; margin-top: 20px; }
  button { padding: 8px 16px; font-size: 15px; border-radius: 6px; border: 0; cursor: pointer; }
  .primary { background: #1877f2; color: #fff; }
  .secondary { background: #e4e6eb; color: #1c1e21; }
  #status { color: #b00020; font-size: 13px; min-height: 1em; margin-top: 8px; }
</style>
</head>
<body>
<main>
  <div class="brand">facebook</div>
  <h1>Connect WhatsApp Business to this app</h1>
  <p>The app will be able to manage your WhatsApp Business Account and send and receive messages on your number.</p>
  <form id="form" novalidate>
    <label for="waba">WhatsApp Business Account</label>
    <select id="waba"><option value="">Create a new WhatsApp Business Account</option></select>
    <div id="new-waba">
      <label for="waba-name">New account name</label>
      <input id="waba-name" type="text" autocomplete="off">
    </div>
    <label for="display-name">Display name</label>
    <input id="display-name" type="text" autocomplete="off">
    <label for="phone">Business phone number</label>
    <input id="phone" type="tel" inputmode="numeric" placeholder="6281234567890" autocomplete="off">
    <div id="status" role="alert"></div>
    <div class="actions">
      <button type="button" class="secondary" id="cancel">Cancel</button>
      <button type="submit" class="primary">Finish</button>
    </div>
  </form>
</main>
<script>
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var q = new URLSearchParams(location.search);
  var clientId = q.get('client_id');
  var target = '';
  try { target = new URL(q.get('redirect_uri') || '').origin; } catch (e) { target = ''; }

  function tell(message) {
    if (window.opener && target) window.opener.postMessage(message, target);
  }

  $('waba').addEventListener('change', function () { $('new-waba').style.display = $('waba').value ? 'none' : ''; });
  fetch('/embedded-signup/wabas').then(function (r) { return r.json(); }).then(function (list) {
    list.forEach(function (w) {
      var o = document.createElement('option');
      o.value = w.id; o.textContent = w.name + ' (' + w.id + ')';
      $('waba').appendChild(o);
    });
  });

  $('cancel').onclick = function () {
    tell({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' }, version: '3' });
    window.close();
  };

  $('form').addEventListener('submit', function (event) {
    event.preventDefault();
    $('status').textContent = '';
    fetch('/embedded-signup/finish', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: clientId,
        wabaId: $('waba').value || undefined,
        wabaName: $('waba-name').value,
        displayName: $('display-name').value,
        phoneNumber: $('phone').value,
      }),
    }).then(function (r) { return r.json().then(function (b) { return { ok: r.ok, body: b }; }); }).then(function (res) {
      if (!res.ok) { $('status').textContent = res.body.error || 'Something went wrong.'; return; }
      var b = res.body;
      tell({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: b.phone_number_id, waba_id: b.waba_id, business_id: b.business_id }, version: '3' });
      tell({ type: 'FB_LOGIN_RESPONSE', status: 'connected', authResponse: { code: b.code } });
      window.close();
    }, function () { $('status').textContent = 'Network error. Try again.'; });
  });
})();
</script>
</body>
</html>
`;

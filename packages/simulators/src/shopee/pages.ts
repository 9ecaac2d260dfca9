import { chatPageHtml, FILE_WITH_CAPTION_JS } from '../chat-page.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The seller's consent page of the authorisation link: the seller (logged in to Seller Centre as one of the
 * simulator's shops) confirms that the partner app may manage the shop's chats.
 */
export function consentPageHtml(input: {
  ticket: string;
  shops: { shopId: number; name: string; username: string }[];
}) {
  const options = input.shops
    .map(
      (s) =>
        `<option value="${s.shopId}">${escapeHtml(s.name)} (shopee.co.id/${escapeHtml(s.username)})</option>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize partner — Shopee Open Platform simulator</title><link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f5f5f5; }
main { max-width: 420px; margin: 40px auto; background: #fff; padding: 24px; border-top: 4px solid #ee4d2d; }
h1 { font-size: 20px; color: #ee4d2d; } label, select, button { display: block; width: 100%; margin-top: 8px; font-size: 15px; }
button { background: #ee4d2d; color: #fff; border: 0; padding: 10px; margin-top: 16px; cursor: pointer; }
</style></head>
<body><main>
<h1>Shopee Open Platform</h1>
<p>An app wants to manage your shop's chats with buyers.</p>
<form method="get" action="/api/v2/shop/auth_partner/confirm">
<input type="hidden" name="ticket" value="${input.ticket}">
<label for="shop">Log in as the seller of</label>
<select id="shop" name="shop_id">${options || '<option value="">No shops</option>'}</select>
<button type="submit">Confirm authorization</button>
</form>
</main></body></html>`;
}

/**
 * The buyer page: a person picks a shop, enters a Shopee username, writes or attaches a photo, and sees the
 * shop's replies live (SSE).
 */
export const buyerPageHtml = chatPageHtml({
  title: 'Shopee buyer — Shopee simulator',
  heading: 'Shopee Chat',
  theme: { page: '#f5f5f5', main: '#fafafa', header: '#ee4d2d', own: '#ffe5dd', radius: 8 },
  account: {
    id: 'shop',
    param: 'shopId',
    label: 'Shop',
    listPath: 'buyer/shops',
    emptyLabel: 'No shops',
    missing: 'Choose a shop first.',
    valueJs: 'function (s) { return String(s.shopId); }',
    labelJs: "function (s) { return s.name + ' (' + s.username + ')'; }",
  },
  fields: [
    {
      id: 'buyer',
      param: 'buyer',
      label: 'Your Shopee username',
      placeholder: 'pembeli.ani',
      read: 'trim',
      pattern: '/^[A-Za-z0-9._]{3,30}$/',
      missing: 'Enter your Shopee username (3 to 30 letters, digits, dots or underscores).',
      initialJs: "'pembeli' + Math.floor(Math.random() * 1e6)",
    },
  ],
  storagePrefix: 'shopeesim.',
  historyPath: 'buyer/chat',
  file: { id: 'file', label: 'Attach photo', accept: 'image/*', bodyJs: FILE_WITH_CAPTION_JS },
  emptyText: 'Type a message or attach a photo.',
  // The buyer may share a product of the shop or one of their orders with the message (a card before it).
  composeExtra: `<label for="card">Ask about</label>
    <select id="card" onfocus="(function (sel) {
      var q = new URLSearchParams({ shopId: document.getElementById('shop').value, buyer: document.getElementById('buyer').value.trim() });
      fetch('buyer/cards?' + q).then(function (r) { return r.json(); }).then(function (cards) {
        var keep = sel.value;
        sel.innerHTML = '<option value=&quot;&quot;>Nothing</option>';
        cards.forEach(function (c) { var o = document.createElement('option'); o.value = c.value; o.textContent = c.label; sel.appendChild(o); });
        sel.value = keep;
      });
    })(this)"><option value="">Nothing</option></select>`,
  sendExtraJs: "    if ($('card') && $('card').value) { body.card = $('card').value; $('card').value = ''; }",
});

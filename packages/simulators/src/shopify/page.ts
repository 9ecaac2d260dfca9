import type { SimOrder, SimShop } from './types.js';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f1f2f4; margin: 0; color: #1a1a1a; }
  main { max-width: 880px; margin: 24px auto; padding: 0 16px; }
  section { background: #fff; border-radius: 12px; padding: 16px 20px; margin-bottom: 16px; box-shadow: 0 1px 2px rgba(0,0,0,.1); }
  h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 0; }
  label { display: block; margin: 6px 0; font-size: 14px; }
  input { padding: 6px 8px; border: 1px solid #aaa; border-radius: 6px; font-size: 14px; }
  button { padding: 8px 14px; border-radius: 8px; border: 1px solid #303030; background: #303030; color: #fff; font-size: 14px; cursor: pointer; margin: 4px 4px 0 0; }
  button.secondary { background: #fff; color: #303030; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  td, th { text-align: left; padding: 8px 6px; border-top: 1px solid #e3e3e3; vertical-align: top; }
  form.inline { display: inline; }
  .badge { display: inline-block; padding: 2px 8px; border-radius: 10px; background: #e4e5e7; font-size: 12px; }
  @media (max-width: 600px) { td, th { display: block; } thead { display: none; } }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} — Shopify simulator</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The merchant's approval of an app install (`/admin/oauth/authorize`): install or cancel, plain forms. */
export function authorizePageHtml(shop: SimShop, query: Record<string, string>): string {
  const hidden = ['client_id', 'scope', 'redirect_uri', 'state']
    .map((k) => `<input type="hidden" name="${k}" value="${esc(query[k] ?? '')}">`)
    .join('');
  const scopes = (query.scope ?? '').split(',').filter(Boolean);
  return page(
    `Install app on ${shop.name}`,
    `<section>
  <h1>Install app on ${esc(shop.name)}</h1>
  <p>${esc(shop.domain)}</p>
  <p>This app will be able to:</p>
  <ul>${scopes.map((s) => `<li>${esc(s)}</li>`).join('') || '<li>—</li>'}</ul>
  <form method="post" class="inline">${hidden}<input type="hidden" name="decision" value="install"><button type="submit" id="install">Install app</button></form>
  <form method="post" class="inline">${hidden}<input type="hidden" name="decision" value="cancel"><button type="submit" class="secondary" id="cancel">Cancel</button></form>
</section>`,
  );
}

function orderRow(shopDomain: string, o: SimOrder): string {
  const base = `/shops/${esc(shopDomain)}/admin/sim/orders/${o.id}`;
  const customer = `${o.customer.first_name} ${o.customer.last_name}`.trim();
  const tracking = o.fulfillments.at(-1);
  const actions: string[] = [];
  if (!o.cancelled_at && o.financial_status === 'pending')
    actions.push(
      `<form method="post" class="inline" action="${base}/pay"><button type="submit" data-action="pay">Mark as paid</button></form>`,
    );
  if (!o.cancelled_at && o.fulfillment_status !== 'fulfilled')
    actions.push(`<form method="post" class="inline" action="${base}/fulfil">
      <label>Tracking company <input name="tracking_company" value="JNE"></label>
      <label>Tracking number <input name="tracking_number" value="JNE${String(o.order_number).padStart(8, '0')}"></label>
      <button type="submit" data-action="fulfil">Fulfil</button></form>`);
  if (!o.cancelled_at)
    actions.push(
      `<form method="post" class="inline" action="${base}/cancel"><button type="submit" class="secondary" data-action="cancel">Cancel order</button></form>`,
    );
  actions.push(
    `<form method="post" class="inline" action="${base}/data-request"><button type="submit" class="secondary" data-action="data-request">Customer data request</button></form>`,
  );
  actions.push(
    `<form method="post" class="inline" action="${base}/redact"><button type="submit" class="secondary" data-action="redact">Erase customer</button></form>`,
  );
  return `<tr data-order="${esc(o.name)}">
  <td><strong>${esc(o.name)}</strong><br>${esc(o.created_at)}</td>
  <td>${esc(customer)}<br>${esc(o.phone ?? '')}</td>
  <td>${esc(o.currency)} ${esc(o.total_price)}</td>
  <td><span class="badge">${esc(o.financial_status)}</span> <span class="badge">${esc(o.fulfillment_status ?? 'unfulfilled')}</span>${o.cancelled_at ? ' <span class="badge">cancelled</span>' : ''}${tracking ? `<br>${esc(tracking.tracking_company ?? '')} ${esc(tracking.tracking_number ?? '')}` : ''}</td>
  <td>${actions.join(' ')}</td>
</tr>`;
}

/** The shop's admin: a new-order form (the storefront's checkout in one step) and the orders with their actions. */
export function adminPageHtml(shop: SimShop, orders: SimOrder[]): string {
  const base = `/shops/${esc(shop.domain)}/admin`;
  return page(
    shop.name,
    `<h1>${esc(shop.name)} <small>${esc(shop.domain)}</small></h1>
<section>
  <h2>New order</h2>
  <form method="post" action="${base}/sim/orders" id="new-order">
    <label>First name <input name="first_name" value="Budi" required></label>
    <label>Last name <input name="last_name" value="Santoso"></label>
    <label>Phone <input name="phone" value="+6281234567890"></label>
    <label>Email <input name="email" type="email" value="budi@pelanggan.test"></label>
    <label>Product <input name="title" value="Kemeja Batik" required></label>
    <label>Quantity <input name="quantity" type="number" min="1" value="1"></label>
    <label>Price <input name="price" type="number" min="0" value="150000"></label>
    <label>Address <input name="address1" value="Jl. Merdeka 1"></label>
    <label>City <input name="city" value="Jakarta"></label>
    <label><input type="checkbox" name="paid"> Paid at checkout</label>
    <button type="submit" id="create-order">Create order</button>
  </form>
</section>
<section>
  <h2>Orders</h2>
  <table><thead><tr><th>Order</th><th>Customer</th><th>Total</th><th>Status</th><th>Actions</th></tr></thead>
  <tbody>${orders.map((o) => orderRow(shop.domain, o)).join('') || '<tr><td colspan="5">No orders yet</td></tr>'}</tbody></table>
</section>
<section>
  <h2>Apps</h2>
  <form method="post" action="${base}/sim/uninstall"><button type="submit" class="secondary" id="uninstall">Uninstall app</button></form>
</section>`,
  );
}

/**
 * The app store's listing of the app: the merchant names a new shop or picks one of theirs and installs the app
 * (Shopify then opens the app's App URL for that shop).
 */
export function appStorePageHtml(appName: string, shops: SimShop[], error = ''): string {
  const options = shops
    .map((s) => `<option value="${esc(s.domain)}">${esc(s.name)} (${esc(s.domain)})</option>`)
    .join('');
  return page(
    `${appName} — Shopify App Store`,
    `<section>
  <h1>${esc(appName)}</h1>
  <p>WhatsApp messages for your orders: order confirmations, payments, shipping and cancellations.</p>
  ${error ? `<p role="alert" style="color:#b42318">${esc(error)}</p>` : ''}
</section>
<section>
  <h2>Install on a new shop</h2>
  <form method="post" action="/app-store/install" id="install-new">
    <label>Shop name <input name="name" required maxlength="60"></label>
    <label>Email <input name="email" type="email"></label>
    <button type="submit" id="install-new-shop">Install ${esc(appName)}</button>
  </form>
</section>
${
  shops.length
    ? `<section>
  <h2>Install on one of your shops</h2>
  <form method="post" action="/app-store/install" id="install-existing">
    <label>Shop <select name="shop">${options}</select></label>
    <button type="submit" class="secondary" id="install-existing-shop">Install ${esc(appName)}</button>
  </form>
</section>`
    : ''
}`,
  );
}

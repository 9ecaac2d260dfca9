/**
 * The "customer phone" page: a person picks the business number, enters a phone number and name, chats,
 * attaches an image. Live updates come over SSE; showing business messages while the page is visible marks
 * them read; reply buttons answer with a button reply.
 */
import { chatPageHtml } from '../chat-page.js';
import { CALL_PAGE_SCRIPT } from './call-page.js';

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
      if (e.products && e.products.length) appendProducts(div, e.products);
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

  // WhatsApp's cart: products of product messages, added here and sent to the business as one order.
  var cart = { catalogId: null, items: [] };

  function money(n, currency) { return currency + ' ' + Number(n).toLocaleString('id-ID'); }

  function appendProducts(div, products) {
    var list = document.createElement('ul');
    list.className = 'products';
    list.setAttribute('aria-label', 'Products');
    products.forEach(function (p) {
      var li = document.createElement('li');
      li.className = 'product';
      if (p.imageLink) {
        var img = document.createElement('img');
        img.src = p.imageLink;
        img.alt = '';
        li.appendChild(img);
      }
      var info = document.createElement('div');
      var name = document.createElement('strong');
      name.textContent = p.title;
      var price = document.createElement('div');
      price.textContent = money(p.price, p.currency);
      info.appendChild(name);
      info.appendChild(price);
      li.appendChild(info);
      var add = document.createElement('button');
      add.type = 'button';
      add.textContent = 'Add to cart';
      add.setAttribute('aria-label', 'Add ' + p.title + ' to cart');
      add.disabled = !p.available;
      add.onclick = function () { addToCart(p); };
      li.appendChild(add);
      list.appendChild(li);
    });
    div.appendChild(list);
  }

  function addToCart(p) {
    if (cart.catalogId && cart.catalogId !== p.catalogId) cart = { catalogId: null, items: [] };
    cart.catalogId = p.catalogId;
    var line = cart.items.find(function (i) { return i.product.retailerId === p.retailerId; });
    if (line) line.quantity += 1;
    else cart.items.push({ product: p, quantity: 1 });
    renderCart();
  }

  function renderCart() {
    var box = $('cart');
    if (!box) {
      box = document.createElement('section');
      box.id = 'cart';
      box.setAttribute('aria-label', 'Cart');
      $('compose').parentNode.insertBefore(box, $('compose'));
    }
    box.innerHTML = '';
    if (!cart.items.length) { box.hidden = true; return; }
    box.hidden = false;
    var title = document.createElement('strong');
    var count = cart.items.reduce(function (n, i) { return n + i.quantity; }, 0);
    title.textContent = 'Cart (' + count + ')';
    box.appendChild(title);
    cart.items.forEach(function (line) {
      var row = document.createElement('div');
      row.className = 'cart-line';
      var label = document.createElement('span');
      label.textContent = line.product.title + ' — ' + money(line.product.price * line.quantity, line.product.currency);
      var qty = document.createElement('input');
      qty.type = 'number';
      qty.min = '0';
      qty.value = String(line.quantity);
      qty.setAttribute('aria-label', 'Quantity of ' + line.product.title);
      qty.onchange = function () {
        line.quantity = Math.max(0, Math.floor(Number(qty.value) || 0));
        cart.items = cart.items.filter(function (i) { return i.quantity > 0; });
        renderCart();
      };
      row.appendChild(label);
      row.appendChild(qty);
      box.appendChild(row);
    });
    var note = document.createElement('input');
    note.type = 'text';
    note.id = 'cart-note';
    note.placeholder = 'Note for the seller (optional)';
    note.setAttribute('aria-label', 'Order note');
    box.appendChild(note);
    var sendOrder = document.createElement('button');
    sendOrder.type = 'button';
    sendOrder.textContent = 'Send order';
    sendOrder.onclick = function () {
      var body = {
        order: {
          catalogId: cart.catalogId,
          text: note.value.trim() || undefined,
          items: cart.items.map(function (i) { return { productRetailerId: i.product.retailerId, quantity: i.quantity }; }),
        },
      };
      send(body).then(function () { if (!$('status').textContent) { cart = { catalogId: null, items: [] }; renderCart(); } });
    };
    box.appendChild(sendOrder);
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
  .buttons button { background: #fff; border: 1px solid #cde; color: #027eb5; border-radius: 6px; padding: 4px; cursor: pointer; }
  ul.products { list-style: none; margin: 6px 0 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
  li.product { display: grid; grid-template-columns: 48px 1fr auto; gap: 8px; align-items: center; }
  li.product img { width: 48px; height: 48px; object-fit: cover; border-radius: 4px; }
  li.product button, #cart button { background: #fff; border: 1px solid #cde; color: #027eb5; border-radius: 6px; padding: 4px 8px; cursor: pointer; }
  #cart { background: #fff; margin: 0 8px; padding: 8px; border-radius: 8px; display: flex; flex-direction: column; gap: 6px; font-size: 14px; }
  #cart[hidden] { display: none; }
  .cart-line { display: flex; justify-content: space-between; gap: 8px; align-items: center; }
  .cart-line input { width: 56px; }
  #call { display: flex; gap: 8px; align-items: center; margin: 0 8px; padding: 6px 8px; background: #fff; border-radius: 8px; font-size: 14px; }
  #call button { background: #25d366; color: #fff; border: 0; border-radius: 16px; padding: 6px 12px; cursor: pointer; }
  #call button:last-of-type { background: #d33; }
  #call button[hidden] { display: none; }`,
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
  script: script + CALL_PAGE_SCRIPT,
});

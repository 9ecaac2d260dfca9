import { SapaWidget } from './widget.js';

/**
 * Entry of `sapa-widget.js`: `<script src=".../widget/sapa-widget.js" data-account="<id>" async></script>`.
 * The server's origin is the script's own; the widget lives in a shadow root on a host element of its own.
 */
const current = document.currentScript as HTMLScriptElement | null;

function boot() {
  const script =
    current ?? document.querySelector<HTMLScriptElement>('script[src*="sapa-widget"][data-account]');
  const accountId = script?.dataset.account;
  if (!script || !accountId || document.querySelector(`[data-sapa-widget="${accountId}"]`)) return;
  const host = document.createElement('div');
  host.setAttribute('data-sapa-widget', accountId);
  document.body.append(host);
  void new SapaWidget(host, new URL(script.src, location.href).origin, accountId).start();
}

if (document.body) boot();
else document.addEventListener('DOMContentLoaded', boot, { once: true });

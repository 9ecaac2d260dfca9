/** The widget's CSS, inside its shadow root: the site's styles cannot reach it, and it cannot reach the site. */
export const STYLES = `
:host { all: initial; }
[hidden] { display: none !important; }
svg { width: 24px; height: 24px; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
.launcher svg { width: 30px; height: 30px; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.launcher { position: fixed; right: 20px; bottom: 20px; width: 60px; height: 60px; border-radius: 50%; border: 0;
  background: var(--c); color: #fff; cursor: pointer; box-shadow: 0 4px 14px rgb(0 0 0 / .25); z-index: 2147483646;
  display: flex; align-items: center; justify-content: center; padding: 0; }
.launcher:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
.badge { position: absolute; top: -2px; right: -2px; min-width: 20px; height: 20px; border-radius: 10px; background: #dc2626;
  color: #fff; font-size: 12px; display: flex; align-items: center; justify-content: center; padding: 0 5px; }
.panel { position: fixed; right: 20px; bottom: 92px; width: 360px; max-width: calc(100vw - 24px); height: 560px;
  max-height: calc(100vh - 112px); background: #fff; border-radius: 14px; box-shadow: 0 10px 40px rgb(0 0 0 / .25);
  display: flex; flex-direction: column; overflow: hidden; z-index: 2147483647; color: #1f2937; font-size: 14px; }
.panel[hidden] { display: none; }
@media (max-width: 480px) { .panel { right: 0; bottom: 0; width: 100vw; max-width: 100vw; height: 100%; max-height: 100%; border-radius: 0; } }
header { background: var(--c); color: #fff; padding: 14px 16px; display: flex; gap: 12px; align-items: center; }
header img { width: 40px; height: 40px; border-radius: 50%; background: #fff; object-fit: cover; flex: none; }
header .t { flex: 1; min-width: 0; }
header h2 { margin: 0; font-size: 16px; font-weight: 600; }
header p { margin: 2px 0 0; font-size: 12px; opacity: .92; }
header .dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 6px; background: #9ca3af; }
header .dot.on { background: #22c55e; }
.x { background: transparent; border: 0; color: #fff; font-size: 22px; cursor: pointer; line-height: 1; padding: 4px 8px; border-radius: 6px; }
.body { flex: 1; overflow-y: auto; padding: 12px; background: #f3f4f6; display: flex; flex-direction: column; gap: 8px; }
form.pre { display: flex; flex-direction: column; gap: 10px; background: #fff; padding: 14px; border-radius: 10px; }
label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; font-weight: 500; }
input[type=text], input[type=email], input[type=tel], textarea { font: inherit; border: 1px solid #d1d5db; border-radius: 8px; padding: 8px 10px; width: 100%; color: inherit; background: #fff; }
.consent { flex-direction: row; align-items: flex-start; gap: 8px; font-weight: 400; }
.err { color: #b91c1c; font-size: 12px; font-weight: 400; }
.primary { background: var(--c); color: #fff; border: 0; border-radius: 8px; padding: 10px 14px; font: inherit; font-weight: 600; cursor: pointer; }
.primary:disabled { opacity: .6; cursor: default; }
.msg { max-width: 80%; padding: 8px 10px; border-radius: 12px; white-space: pre-wrap; word-wrap: break-word; line-height: 1.35; }
.msg.visitor { align-self: flex-end; background: var(--c); color: #fff; border-bottom-right-radius: 4px; }
.msg.agent { align-self: flex-start; background: #fff; border-bottom-left-radius: 4px; }
.msg .who { font-size: 11px; font-weight: 600; opacity: .8; margin-bottom: 2px; }
.msg .meta { font-size: 10px; opacity: .75; margin-top: 3px; text-align: right; }
.msg img { max-width: 100%; max-height: 220px; min-width: 48px; min-height: 48px; object-fit: contain; border-radius: 8px; display: block; }
.msg video { max-width: 100%; border-radius: 8px; }
.msg .file { color: inherit; text-decoration: underline; background: none; border: 0; padding: 0; font: inherit; cursor: pointer; }
.msg.failed { opacity: .7; outline: 1px solid #dc2626; }
.note { text-align: center; color: #6b7280; font-size: 12px; padding: 8px; }
.bar { background: #fef3c7; color: #92400e; font-size: 12px; padding: 6px 12px; display: flex; justify-content: space-between; }
.bar button { background: none; border: 0; color: inherit; text-decoration: underline; cursor: pointer; font: inherit; }
.composer { border-top: 1px solid #e5e7eb; padding: 8px; display: flex; gap: 6px; align-items: flex-end; background: #fff; }
.composer textarea { resize: none; height: 40px; max-height: 120px; }
.icon { background: transparent; border: 0; width: 36px; height: 40px; cursor: pointer; color: #4b5563; font-size: 20px; border-radius: 8px; flex: none; }
.files { display: flex; flex-wrap: wrap; gap: 4px; padding: 0 8px 6px; background: #fff; }
.files span { background: #e5e7eb; border-radius: 10px; padding: 2px 4px 2px 8px; font-size: 12px; display: inline-flex; align-items: center; gap: 2px; }
.files button { background: none; border: 0; cursor: pointer; font-size: 14px; }
.stars { display: flex; gap: 2px; margin-top: 4px; }
.stars button { background: none; border: 0; cursor: pointer; font-size: 24px; color: #f59e0b; padding: 0 2px; line-height: 1; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

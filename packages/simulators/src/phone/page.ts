/**
 * The customer's phone for phone calls: pick a number, connect, then call the business (or any number) or
 * take a call; the other side's audio plays, the microphone is sent. Self-contained page; JsSIP from /jssip.js.
 */
export function phonePage(config: { wsUrl: string; domain: string; businessNumber?: string }): string {
  const settings = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Phone — Sapa simulator</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #e8eef3; color: #111; }
  main { max-width: 420px; margin: 0 auto; min-height: 100vh; background: #fff; display: flex; flex-direction: column; gap: 12px; padding: 16px; box-sizing: border-box; }
  h1 { font-size: 18px; margin: 0; }
  label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
  input { padding: 8px; font-size: 16px; border: 1px solid #bbb; border-radius: 6px; }
  .row { display: flex; gap: 8px; }
  button { padding: 10px 14px; font-size: 15px; border-radius: 20px; border: 0; cursor: pointer; background: #1a5fb4; color: #fff; }
  button.green { background: #26a269; } button.red { background: #c01c28; } button.plain { background: #eee; color: #111; }
  button:disabled { opacity: .5; cursor: default; }
  #state { font-size: 15px; min-height: 1.4em; } #error { color: #a00; font-size: 13px; min-height: 1em; }
  #incoming { border: 1px solid #26a269; border-radius: 8px; padding: 10px; display: none; }
  [hidden] { display: none !important; }
</style></head>
<body><main>
  <h1>📞 Phone (simulated network)</h1>
  <label>Your number <input id="number" inputmode="numeric" autocomplete="off" placeholder="6281234567890"></label>
  <div class="row"><button id="connect">Connect</button></div>
  <div id="dialer" hidden>
    <label>Call <input id="target" inputmode="numeric" autocomplete="off"></label>
    <div class="row" style="margin-top:8px">
      <button id="call" class="green">Call</button>
      <button id="hangup" class="red" disabled>Hang up</button>
      <button id="mute" class="plain" disabled>Mute</button>
    </div>
  </div>
  <div id="incoming"><div id="incoming-from"></div>
    <div class="row" style="margin-top:8px"><button id="answer" class="green">Answer</button><button id="reject" class="red">Reject</button></div>
  </div>
  <div id="state" role="status"></div>
  <div id="error" role="alert"></div>
  <audio id="remote" autoplay></audio>
</main>
<script src="/jssip.js"></script>
<script>
(() => {
  const config = ${settings};
  const $ = (id) => document.getElementById(id);
  const number = $('number');
  number.value = localStorage.getItem('sim-phone-number') || ('62812' + String(Math.floor(Math.random() * 1e8)).padStart(8, '0'));
  $('target').value = config.businessNumber || '';
  let ua = null, session = null, remote = null, started = 0, timer = null;
  const state = (text) => { $('state').textContent = text; };
  const error = (text) => { $('error').textContent = text || ''; };
  window.remoteStream = () => remote;
  const inCall = (on) => { $('hangup').disabled = !on; $('mute').disabled = !on; $('call').disabled = on; };
  const ended = (text) => {
    session = null; remote = null; $('remote').srcObject = null; clearInterval(timer);
    $('incoming').style.display = 'none'; inCall(false); $('mute').textContent = 'Mute'; state(text);
  };
  const track = (s) => {
    session = s;
    const attach = () => s.connection.addEventListener('track', (e) => {
      remote = e.streams[0] || new MediaStream([e.track]);
      $('remote').srcObject = remote; $('remote').play().catch(() => {});
    });
    if (s.connection) attach(); else s.on('peerconnection', attach);
    s.on('progress', () => { if (s.direction === 'outgoing') state('Ringing…'); });
    s.on('confirmed', () => {
      started = Date.now(); $('incoming').style.display = 'none'; inCall(true);
      timer = setInterval(() => { const t = Math.floor((Date.now() - started) / 1000); state('In call ' + Math.floor(t / 60) + ':' + String(t % 60).padStart(2, '0')); }, 500);
      state('In call 0:00');
    });
    s.on('ended', () => ended('Call ended'));
    s.on('failed', (e) => ended('Call not connected: ' + e.cause));
  };
  const media = { mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: [] } };
  $('connect').onclick = async () => {
    error('');
    const digits = number.value.replace(/\\D/g, '');
    const res = await fetch('/credential', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number: digits }) });
    const body = await res.json();
    if (!res.ok) return error(body.error);
    localStorage.setItem('sim-phone-number', digits);
    if (ua) ua.stop();
    ua = new JsSIP.UA({ sockets: [new JsSIP.WebSocketInterface(config.wsUrl)], uri: 'sip:' + digits + '@' + config.domain,
      authorization_user: body.username, password: body.password, realm: config.domain, register: true, session_timers: false });
    ua.on('registered', () => { state('Connected as ' + digits); $('dialer').hidden = false; });
    ua.on('registrationFailed', (e) => error('Could not connect: ' + e.cause));
    ua.on('newRTCSession', ({ session: s, originator }) => {
      if (originator !== 'remote') return;
      if (session) return s.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
      track(s);
      $('incoming-from').textContent = 'Incoming call from ' + s.remote_identity.uri.user;
      $('incoming').style.display = 'block'; state('Ringing…');
    });
    state('Connecting…'); ua.start();
  };
  $('call').onclick = () => {
    error('');
    const target = $('target').value.replace(/\\D/g, '');
    if (!target) return error('Enter the number to call.');
    track(ua.call('sip:' + target + '@' + config.domain, media)); inCall(true); state('Calling ' + target + '…');
  };
  $('answer').onclick = () => session && session.answer(media);
  $('reject').onclick = () => session && session.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
  $('hangup').onclick = () => session && session.terminate();
  $('mute').onclick = () => {
    if (!session) return;
    const muted = session.isMuted().audio;
    if (muted) session.unmute({ audio: true }); else session.mute({ audio: true });
    $('mute').textContent = muted ? 'Mute' : 'Unmute';
  };
})();
</script></body></html>`;
}

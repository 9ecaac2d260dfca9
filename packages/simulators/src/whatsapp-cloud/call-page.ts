/**
 * The customer page's WhatsApp call (added to `page.ts`'s script): the page is the customer's phone — its
 * microphone feeds an RTCPeerConnection whose offer goes in the `calls` webhook `connect`; the business's SDP answer
 * (its `accept` action) comes back on `customer/call/:id/events`, and audio then flows between the two browsers.
 * `window.remoteStream()` gives the business's audio (tests measure it).
 */
export const CALL_PAGE_SCRIPT = `
  var phoneCall = null;
  window.remoteStream = function () { return phoneCall ? phoneCall.remote : null; };
  var callBox = document.createElement('section');
  callBox.id = 'call';
  callBox.setAttribute('aria-label', 'WhatsApp call');
  var callState = document.createElement('span');
  callState.id = 'call-state';
  callState.setAttribute('role', 'status');
  callState.setAttribute('aria-label', 'Call status');
  var callButton = document.createElement('button');
  callButton.type = 'button';
  callButton.textContent = '📞 Call business';
  var hangButton = document.createElement('button');
  hangButton.type = 'button';
  hangButton.textContent = 'Hang up';
  hangButton.hidden = true;
  var remoteAudio = new Audio();
  remoteAudio.autoplay = true;
  callBox.appendChild(callButton);
  callBox.appendChild(hangButton);
  callBox.appendChild(callState);
  $('compose').parentNode.insertBefore(callBox, $('compose'));

  function setCall(text) { callState.textContent = text; }

  function gathered(pc) {
    return new Promise(function (resolve) {
      if (pc.iceGatheringState === 'complete') return resolve();
      var timer = setTimeout(resolve, 5000);
      pc.addEventListener('icegatheringstatechange', function () {
        if (pc.iceGatheringState === 'complete') { clearTimeout(timer); resolve(); }
      });
    });
  }

  function endLocal() {
    if (phoneCall) {
      if (phoneCall.events) phoneCall.events.close();
      phoneCall.mic.getTracks().forEach(function (t) { t.stop(); });
      phoneCall.pc.close();
    }
    phoneCall = null;
    remoteAudio.srcObject = null;
    callButton.hidden = false;
    hangButton.hidden = true;
  }

  function follow(id) {
    var source = new EventSource('customer/call/' + encodeURIComponent(id) + '/events');
    phoneCall.events = source;
    source.onmessage = function (m) {
      var c = JSON.parse(m.data);
      if (!phoneCall || phoneCall.id !== c.id) return;
      if (c.state === 'ringing') setCall('Ringing…');
      if ((c.state === 'pre_accepted' || c.state === 'accepted') && c.answer && !phoneCall.answered) {
        phoneCall.answered = true;
        setCall('Connecting…');
        phoneCall.pc.setRemoteDescription({ type: 'answer', sdp: c.answer }).catch(function () { setCall('Call failed'); });
      }
      if (c.state === 'rejected') { setCall('Declined'); endLocal(); }
      if (c.state === 'ended') { setCall('Call ended'); endLocal(); }
    };
  }

  function placeCall(p, mic) {
    var pc = new RTCPeerConnection();
    phoneCall = { pc: pc, mic: mic, remote: null, id: null, events: null, answered: false };
    mic.getTracks().forEach(function (t) { pc.addTrack(t, mic); });
    pc.ontrack = function (e) {
      phoneCall.remote = e.streams[0] || new MediaStream([e.track]);
      remoteAudio.srcObject = phoneCall.remote;
      remoteAudio.play().catch(function () {});
    };
    pc.onconnectionstatechange = function () {
      if (pc.connectionState === 'connected') setCall('Connected');
      if (pc.connectionState === 'failed') setCall('Call failed');
    };
    return pc.createOffer()
      .then(function (offer) { return pc.setLocalDescription(offer); })
      .then(function () { return gathered(pc); })
      .then(function () {
        return fetch('customer/call', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phoneNumberId: p.phoneNumberId, waId: p.waId, name: p.name, sdp: pc.localDescription.sdp }),
        });
      })
      .then(function (r) { return r.json().then(function (b) { if (!r.ok) throw new Error(b.error || 'Call failed'); return b; }); })
      .then(function (b) { phoneCall.id = b.callId; follow(b.callId); });
  }

  callButton.onclick = function () {
    var p = params();
    if (!p.phoneNumberId || !p.waId) { setStatus('Choose a business number and enter your phone number (digits).'); return; }
    connect();
    callButton.hidden = true;
    hangButton.hidden = false;
    setCall('Calling…');
    navigator.mediaDevices.getUserMedia({ audio: true, video: false })
      .then(function (mic) { return placeCall(p, mic); })
      .catch(function (err) {
        setCall(err && err.name === 'NotAllowedError' ? 'Microphone blocked' : (err && err.message) || 'Call failed');
        endLocal();
      });
  };

  hangButton.onclick = function () {
    var id = phoneCall && phoneCall.id;
    setCall('Call ended');
    endLocal();
    if (id) fetch('customer/call/' + encodeURIComponent(id) + '/hangup', { method: 'POST' });
  };
`;

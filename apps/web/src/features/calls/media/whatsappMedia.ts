import { type CallSession, callEndpoints, ICE_GATHERING_TIMEOUT_INBOUND_MS } from '@sapa/contracts';
import { request } from '../../../shared/api';
import { type CallMediaAdapter, type CallMediaEvents, registerCallMedia } from './adapter';
import { takeMicrophone } from './microphone';
import { iceGathered, remotePlayer } from './peer';

/**
 * A WhatsApp call's media (000 §7 accept: an answer with type and sdp): the browser is the WebRTC peer of the
 * caller. The caller's SDP offer came with the `calls` webhook (the ringing session's `sdp`); the browser answers it,
 * waits for its ICE candidates (3 s at most, 000 §9) and sends the answer to `POST /api/calls/sessions/:id/answer`,
 * which relays it to Meta in `pre_accept` and `accept`. Audio then flows browser to caller directly.
 */
export function whatsappMedia(): CallMediaAdapter {
  let pc: RTCPeerConnection | null = null;
  let mic: MediaStream | null = null;
  let remote: MediaStream | null = null;
  let player: ReturnType<typeof remotePlayer> | null = null;
  let muted = false;
  let held = false;

  const applyTracks = () => {
    for (const track of mic?.getAudioTracks() ?? []) track.enabled = !muted && !held;
    player?.setMuted(held);
  };
  const close = () => {
    player?.close();
    for (const track of mic?.getTracks() ?? []) track.stop();
    pc?.close();
    pc = null;
    mic = null;
  };

  async function connect(session: CallSession, events: CallMediaEvents) {
    if (!session.sdp) throw new Error('calls.webrtcFailed');
    mic = await takeMicrophone();
    pc = new RTCPeerConnection();
    player = remotePlayer(events.onAutoplayBlocked);
    const peer = pc;
    peer.ontrack = (e) => {
      remote = e.streams[0] ?? new MediaStream([e.track]);
      void player?.attach(remote);
    };
    peer.onconnectionstatechange = () => {
      const state = peer.connectionState;
      if (state === 'connecting' || state === 'connected' || state === 'disconnected' || state === 'failed')
        events.onConnection(state);
    };
    for (const track of mic.getAudioTracks()) peer.addTrack(track, mic);
    await peer.setRemoteDescription({ type: 'offer', sdp: session.sdp });
    await peer.setLocalDescription(await peer.createAnswer());
    await iceGathered(peer, ICE_GATHERING_TIMEOUT_INBOUND_MS);
    return peer.localDescription?.sdp ?? '';
  }

  return {
    async answer(session, events) {
      let sdp: string;
      try {
        sdp = await connect(session, events);
      } catch (err) {
        close();
        throw err;
      }
      try {
        return await request(callEndpoints.answer, {
          params: { id: session.id },
          body: { answer: { type: 'answer', sdp } },
        });
      } catch (err) {
        close();
        throw err;
      }
    },
    async hangup(session) {
      try {
        await request(callEndpoints.terminate, { params: { id: session.id }, body: {} });
      } finally {
        close();
      }
    },
    async hold(session, on) {
      await request(callEndpoints.hold, { params: { id: session.id }, body: { hold: on } });
      held = on;
      applyTracks();
    },
    mute(on) {
      muted = on;
      applyTracks();
    },
    sendDigit(digit) {
      const sender = pc?.getSenders().find((s) => s.track?.kind === 'audio');
      sender?.dtmf?.insertDTMF(digit, 120, 70);
    },
    async enableAudio() {
      await player?.enable();
    },
    remoteStream: () => remote,
    localStream: () => mic,
    close,
  };
}

registerCallMedia('WAC', whatsappMedia);

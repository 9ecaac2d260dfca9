import { AUDIO_PLAY_RETRY_MS } from '@sapa/contracts';

/**
 * Resolves when the peer connection has gathered its ICE candidates, or when `timeoutMs` has passed (000 §9: 3 s
 * inbound, 5 s outbound) — the SDP then carries the candidates found so far.
 */
export function iceGathered(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * Plays the other side's audio; when the browser refuses (autoplay), tries once more after 1 s (000 §9 audio play
 * retry), then reports it blocked until `enable()` (a click on 'Enable Call Audio').
 */
export function remotePlayer(onBlocked: (blocked: boolean) => void) {
  const audio = new Audio();
  audio.autoplay = true;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const play = async () => {
    try {
      await audio.play();
      onBlocked(false);
      return true;
    } catch {
      return false;
    }
  };
  return {
    audio,
    async attach(stream: MediaStream) {
      audio.srcObject = stream;
      if (await play()) return;
      retry = setTimeout(() => {
        void play().then((ok) => {
          if (!ok) onBlocked(true);
        });
      }, AUDIO_PLAY_RETRY_MS);
    },
    enable: play,
    setMuted(muted: boolean) {
      audio.muted = muted;
    },
    close() {
      if (retry) clearTimeout(retry);
      audio.pause();
      audio.srcObject = null;
    },
  };
}

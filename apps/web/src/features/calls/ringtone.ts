/**
 * The incoming-call ringtone, made with WebAudio (no file to load): two tones of 440 and 480 Hz for 1 s every 3 s
 * while the call rings. The browser may keep it silent until the page was clicked once (autoplay); the banner
 * shows the call all the same.
 */
export function startRingtone(): () => void {
  let context: AudioContext;
  try {
    context = new AudioContext();
  } catch {
    return () => undefined;
  }
  const ring = () => {
    const gain = context.createGain();
    gain.gain.value = 0.08;
    gain.connect(context.destination);
    for (const hz of [440, 480]) {
      const tone = context.createOscillator();
      tone.frequency.value = hz;
      tone.connect(gain);
      tone.start();
      tone.stop(context.currentTime + 1);
    }
  };
  ring();
  const timer = setInterval(ring, 3_000);
  return () => {
    clearInterval(timer);
    void context.close();
  };
}

import { useEffect, useState } from 'react';

/** Whole seconds left until `untilMs` (epoch ms), ticking every second; 0 once passed. */
export function useCountdown(untilMs: number | null): number {
  const left = () => (untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads untilMs
  useEffect(() => {
    setSeconds(left());
    if (untilMs === null) return;
    const timer = window.setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [untilMs]);
  return seconds;
}

export function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

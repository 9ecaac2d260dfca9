/** "1 j 5 mnt", "45 dtk" / "1 h 5 min", "45 s": a short time spent. */
export function formatDuration(seconds: number, language: 'id' | 'en'): string {
  const u = language === 'en' ? { h: 'h', m: 'min', s: 's' } : { h: 'j', m: 'mnt', s: 'dtk' };
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return m > 0 ? `${h} ${u.h} ${m} ${u.m}` : `${h} ${u.h}`;
  if (m > 0) return s > 0 ? `${m} ${u.m} ${s} ${u.s}` : `${m} ${u.m}`;
  return `${s} ${u.s}`;
}

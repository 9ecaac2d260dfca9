import { activityEndpoints } from '@sapa/contracts';

/** 000 §9 network log: the last 100 requests, a summary every 60 s, an error when the average passes 10 s. */
export const NETWORK_LOG_SIZE = 100;
export const NETWORK_SUMMARY_INTERVAL_MS = 60_000;
export const NETWORK_SLOW_AVERAGE_MS = 10_000;

export interface NetworkEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  at: number;
}

const entries: NetworkEntry[] = [];

/** Keeps a finished request (its path without the query: no search terms or ids of filters are kept). */
export function recordRequest(entry: NetworkEntry): void {
  entries.push({ ...entry, path: entry.path.split('?')[0] ?? entry.path });
  if (entries.length > NETWORK_LOG_SIZE) entries.splice(0, entries.length - NETWORK_LOG_SIZE);
}

export function networkEntries(): readonly NetworkEntry[] {
  return entries;
}

/** The summary of a window of requests; `error` when the average time passes 10 s (000 §9). */
export function networkSummary(list: readonly NetworkEntry[]) {
  const total = list.reduce((sum, e) => sum + e.ms, 0);
  const averageMs = list.length === 0 ? 0 : Math.round(total / list.length);
  const slowest = list.reduce<NetworkEntry | null>((s, e) => (!s || e.ms > s.ms ? e : s), null);
  return {
    requests: list.length,
    averageMs,
    failed: list.filter((e) => e.status === 0 || e.status >= 500).length,
    slowest: slowest ? { method: slowest.method, path: slowest.path, ms: slowest.ms } : null,
    result: averageMs > NETWORK_SLOW_AVERAGE_MS ? ('error' as const) : ('success' as const),
  };
}

type Post = (body: {
  type: string;
  event: Record<string, unknown> & { version: string; source: 'BROWSER' };
  result: 'success' | 'error';
}) => Promise<{ ok: boolean; status: number }>;

/**
 * Posts the summary of the requests since the last one every 60 s (000 §7 POST /logs, source BROWSER). The
 * server keeps events only for the partner's listed clients (000 §6): a refusal (403) stops it for the page.
 * Returns the stop function.
 */
export function startNetworkLog(
  post: Post,
  version: string,
  every = NETWORK_SUMMARY_INTERVAL_MS,
): () => void {
  let sent = Date.now();
  let stopped = false;
  const timer = setInterval(() => {
    const fresh = entries.filter((e) => e.at > sent && e.path !== activityEndpoints.clientLog.path);
    if (fresh.length === 0) return;
    sent = fresh.at(-1)!.at;
    const summary = networkSummary(fresh);
    void post({
      type: 'network-summary',
      event: { version, source: 'BROWSER', ...summary },
      result: summary.result,
    }).then((res) => {
      if (res.status === 403 && !stopped) stop();
    });
  }, every);
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return stop;
}

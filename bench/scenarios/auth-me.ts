import { accountEndpoints, meResponse } from '@sapa/contracts';
import { describeRun, type LoadRun, runLoad } from '../lib/load.js';
import { recordProfile } from '../lib/profile.js';
import { signIn, startBareFastify, startSapaServer } from '../lib/servers.js';
import { type BenchContext, compare, type Result } from '../lib/types.js';

export const name = 'auth-me';
export const description =
  'Authenticated GET /api/users/me (JWT + PostgreSQL) against a bare Fastify GET /ping, same load, same run';

const DEMO_OWNER = { email: 'owner@demo.sapa.id', password: 'sapademo123' };
const BASELINE = 'bare Fastify GET /ping';

/** Server CPU time per request, in microseconds: independent of how fast the load generator could go. */
function cpuMicrosPerRequest(run: LoadRun): number {
  const serverPct = run.cpu.processes.server ?? 0;
  return ((serverPct / 100) * 1e6) / run.load.requestsPerSecond;
}

export async function run(ctx: BenchContext): Promise<Result[]> {
  // Baseline first, alone on the machine; stopped before Sapa starts so the two never compete.
  const bare = await startBareFastify(ctx);
  const bareRun = await runLoad(ctx, { url: `${bare.baseUrl}/ping`, serverPid: bare.pid, load: ctx.load });
  await bare.stop();
  ctx.log(describeRun(BASELINE, bareRun));
  recordProfile(ctx, 'bare', bare, bareRun.window);

  const sapa = await startSapaServer(ctx);
  const token = await signIn(sapa.baseUrl, DEMO_OWNER.email, DEMO_OWNER.password);
  const url = `${sapa.baseUrl}${accountEndpoints.me.path}`;
  const headers = { authorization: `Bearer ${token}` };
  // The figure is only worth something if the endpoint answers what the contract says.
  const probe = await fetch(url, { headers });
  if (probe.status !== 200) throw new Error(`GET ${accountEndpoints.me.path}: HTTP ${probe.status}`);
  meResponse.parse(await probe.json());
  const sapaRun = await runLoad(ctx, { url, headers, serverPid: sapa.pid, load: ctx.load });
  await sapa.stop();
  ctx.log(describeRun(`sapa GET ${accountEndpoints.me.path}`, sapaRun));
  recordProfile(ctx, 'sapa', sapa, sapaRun.window);

  ctx.record('bare', bareRun);
  ctx.record('sapa', sapaRun);

  const baseline = (value: number) => ({ name: BASELINE, value });
  return [
    compare({
      metric: 'GET /api/users/me throughput',
      value: sapaRun.load.requestsPerSecond,
      unit: 'req/s',
      baseline: baseline(bareRun.load.requestsPerSecond),
      target: { op: '>=', value: 0.5 },
    }),
    compare({
      metric: 'GET /api/users/me latency p50',
      value: sapaRun.load.latencyMs.p50,
      unit: 'ms',
      baseline: baseline(bareRun.load.latencyMs.p50),
    }),
    compare({
      metric: 'GET /api/users/me latency p99',
      value: sapaRun.load.latencyMs.p99,
      unit: 'ms',
      baseline: baseline(bareRun.load.latencyMs.p99),
    }),
    compare({
      metric: 'server CPU per request',
      value: cpuMicrosPerRequest(sapaRun),
      unit: 'µs',
      baseline: baseline(cpuMicrosPerRequest(bareRun)),
    }),
  ];
}

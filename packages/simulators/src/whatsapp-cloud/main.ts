import { startWhatsappCloudSimulator } from './simulator.js';
import type { RegisterNumberArgs } from './types.js';

/**
 * Standalone WhatsApp Cloud API simulator: `npm start -w @sapa/simulators`.
 * PORT (default 3900), HOST (default 127.0.0.1), PUBLIC_URL, WA_SIM_NUMBERS (JSON array of numbers to
 * register, see RegisterNumberArgs). More numbers: POST /simulator/numbers.
 */
const port = Number(process.env.PORT ?? 3900);
const host = process.env.HOST ?? '127.0.0.1';
const sim = await startWhatsappCloudSimulator({
  port,
  host,
  ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
  ...(process.env.WA_SIM_WINDOW_HOURS ? { windowHours: Number(process.env.WA_SIM_WINDOW_HOURS) } : {}),
  ...(process.env.WA_SIM_THROUGHPUT ? { throughputPerSecond: Number(process.env.WA_SIM_THROUGHPUT) } : {}),
});
if (process.env.WA_SIM_NUMBERS) {
  for (const n of JSON.parse(process.env.WA_SIM_NUMBERS) as RegisterNumberArgs[]) sim.registerNumber(n);
}
console.log(`WhatsApp Cloud simulator: customer phone ${sim.url}/  Graph base ${sim.graphBaseUrl}`);

const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import type { TestProject } from 'vitest/node';
import { startSapa } from './sapa-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    sapaUrl: string;
    customerPageUrl: string;
  }
}

/** One Sapa for the browser journeys, started like `npm start` does, in a fresh data folder. */
export default async function setup(project: TestProject) {
  const sapa = await startSapa();
  project.provide('sapaUrl', sapa.url);
  if (!sapa.customerPageUrl) throw new Error(`the demo WhatsApp simulator did not start:\n${sapa.output()}`);
  project.provide('customerPageUrl', sapa.customerPageUrl);
  return async () => {
    await sapa.stop();
  };
}

import type { TestProject } from 'vitest/node';
import { startSapa } from './sapa-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    sapaUrl: string;
    customerPageUrl: string;
    shopPageUrl: string;
  }
}

/** One Sapa for the browser journeys, started like `npm start` does, in a fresh data folder. */
export default async function setup(project: TestProject) {
  const sapa = await startSapa();
  project.provide('sapaUrl', sapa.url);
  if (!sapa.customerPageUrl) throw new Error(`the demo WhatsApp simulator did not start:\n${sapa.output()}`);
  project.provide('customerPageUrl', sapa.customerPageUrl);
  if (!sapa.shopPageUrl) throw new Error(`the demo live chat was not set up:\n${sapa.output()}`);
  project.provide('shopPageUrl', sapa.shopPageUrl);
  return async () => {
    await sapa.stop();
  };
}

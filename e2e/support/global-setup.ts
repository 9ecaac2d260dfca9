import type { TestProject } from 'vitest/node';
import { startSapa } from './sapa-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    sapaUrl: string;
  }
}

/** One Sapa for the browser journeys, started like `npm start` does, in a fresh data folder. */
export default async function setup(project: TestProject) {
  const sapa = await startSapa();
  project.provide('sapaUrl', sapa.url);
  return async () => {
    await sapa.stop();
  };
}

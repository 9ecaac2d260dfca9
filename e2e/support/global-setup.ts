import type { TestProject } from 'vitest/node';
import { DEMO_PASSWORD } from './journey.js';
import { startSapa } from './sapa-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    sapaUrl: string;
    customerPageUrl: string;
    shopPageUrl: string;
  }
}

/**
 * The demo business has automatic assignment on (issue 16); the journeys on the shared server assign and
 * take chats by hand, so the owner turns it off there through the same API the settings page uses. The
 * fresh-start journey (`new-user.e2e.test.ts`) runs its own Sapa with the demo as shipped.
 */
async function turnOffAutoAssign(url: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.sapa.id', password: DEMO_PASSWORD }),
  });
  const { tokens } = (await login.json()) as { tokens: { accessToken: string } };
  const headers = { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' };
  const config = await (await fetch(`${url}/api/cs/configuration`, { headers })).json();
  const put = await fetch(`${url}/api/cs/configuration`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...config, isAutoAssignFeature: false }),
  });
  if (!put.ok) throw new Error(`could not turn automatic assignment off: ${put.status} ${await put.text()}`);
}

/** One Sapa for the browser journeys, started like `npm start` does, in a fresh data folder. */
export default async function setup(project: TestProject) {
  const sapa = await startSapa();
  await turnOffAutoAssign(sapa.url);
  project.provide('sapaUrl', sapa.url);
  if (!sapa.customerPageUrl) throw new Error(`the demo WhatsApp simulator did not start:\n${sapa.output()}`);
  project.provide('customerPageUrl', sapa.customerPageUrl);
  if (!sapa.shopPageUrl) throw new Error(`the demo live chat was not set up:\n${sapa.output()}`);
  project.provide('shopPageUrl', sapa.shopPageUrl);
  return async () => {
    await sapa.stop();
  };
}

import { describe, expect, it } from 'vitest';
import { APP_SECRET, asJ, closeAfterEach, inboundOf, setup, waitFor } from './simulator.fixture.js';

closeAfterEach();

const APP = { appId: '1234567890', appSecret: APP_SECRET, name: 'Sapa' };
const json = (r: Response) => r.json().then(asJ);

/** The popup's finish, as its page posts it. */
async function finish(url: string, body: Record<string, unknown>) {
  return fetch(`${url}/embedded-signup/finish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: APP.appId, ...body }),
  });
}

describe('WhatsApp Cloud simulator: Embedded Signup', () => {
  it('serves the popup for a known app only', async () => {
    const { sim } = await setup({ metaApps: [APP] });
    const ok = await fetch(`${sim.graphBaseUrl}/dialog/oauth?client_id=${APP.appId}&response_type=code`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('WA_EMBEDDED_SIGNUP');
    const unknown = await fetch(`${sim.graphBaseUrl}/dialog/oauth?client_id=999&response_type=code`);
    expect(unknown.status).toBe(400);
  });

  it('exchanges the code once for a token whose granular scopes name the WABA, then subscribes and registers', async () => {
    const { sim, receiver } = await setup({ metaApps: [APP] });
    const done = await json(
      await finish(sim.url, {
        wabaName: 'Toko Baru',
        displayName: 'Toko Baru',
        phoneNumber: '+62 812-3000-1111',
      }),
    );
    expect(done.waba_id).toMatch(/^\d+$/);
    const exchange = (secret: string) =>
      fetch(
        `${sim.graphBaseUrl}/oauth/access_token?client_id=${APP.appId}&client_secret=${secret}&code=${done.code}`,
      );
    expect((await exchange('wrong')).status).toBe(400);
    const token = await json(await exchange(APP.appSecret));
    expect(token).toMatchObject({ token_type: 'bearer' });
    const again = await json(await exchange(APP.appSecret));
    expect(again.error.message).toBe('This authorization code has been used.');

    const debug = await json(
      await fetch(
        `${sim.graphBaseUrl}/debug_token?input_token=${token.access_token}&access_token=${APP.appId}|${APP.appSecret}`,
      ),
    );
    expect(debug.data.is_valid).toBe(true);
    expect(debug.data.granular_scopes).toContainEqual({
      scope: 'whatsapp_business_management',
      target_ids: [done.waba_id],
    });

    const auth = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
    const phone = await json(await fetch(`${sim.graphBaseUrl}/${done.phone_number_id}`, { headers: auth }));
    expect(phone.display_phone_number).toBe('6281230001111');
    const badRegister = await fetch(`${sim.graphBaseUrl}/${done.phone_number_id}/register`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ messaging_product: 'whatsapp', pin: '12' }),
    });
    expect(badRegister.status).toBe(400);
    const register = await fetch(`${sim.graphBaseUrl}/${done.phone_number_id}/register`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ messaging_product: 'whatsapp', pin: '123456' }),
    });
    expect(await json(register)).toEqual({ success: true });
    const subscribe = await fetch(`${sim.graphBaseUrl}/${done.waba_id}/subscribed_apps`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ override_callback_uri: receiver.url, verify_token: 'verify-me' }),
    });
    expect(await json(subscribe)).toEqual({ success: true });

    // The new number's webhooks now reach the partner's URL, signed with the app's secret.
    await sim.customerSends({
      phoneNumberId: done.phone_number_id,
      from: '6281299990000',
      name: 'Budi',
      message: { type: 'text', text: 'halo toko baru' },
    });
    const [message] = await waitFor(() => {
      const inbound = inboundOf(receiver.received);
      return inbound.length > 0 ? inbound : undefined;
    }, 'the webhook');
    expect(message.text.body).toBe('halo toko baru');
    expect(receiver.received.every((r) => r.signatureOk)).toBe(true);
  });

  it('refuses an expired code and offers a created WABA to the next person', async () => {
    const { sim } = await setup({ metaApps: [APP], embeddedSignupCodeTtlMs: -1 });
    const done = await json(
      await finish(sim.url, { wabaName: 'Warung', displayName: 'Warung', phoneNumber: '6281230002222' }),
    );
    const expired = await json(
      await fetch(
        `${sim.graphBaseUrl}/oauth/access_token?client_id=${APP.appId}&client_secret=${APP.appSecret}&code=${done.code}`,
      ),
    );
    expect(expired.error.message).toBe('This authorization code has expired.');
    expect(await json(await fetch(`${sim.url}/embedded-signup/wabas`))).toEqual([
      { id: done.waba_id, name: 'Warung' },
    ]);
    const missing = await finish(sim.url, { displayName: 'Warung', phoneNumber: '12' });
    expect(missing.status).toBe(400);
  });
});

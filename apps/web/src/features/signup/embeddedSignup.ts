/**
 * Opens Meta's Embedded Signup (Facebook Login for Business, WhatsApp variation) in a popup and answers what
 * it posts back on Meta's origin only: the session info (`WA_EMBEDDED_SIGNUP` FINISH: WABA id and phone number
 * id) and the login response (the exchangeable code). In the demo the WhatsApp simulator plays Meta.
 */
export interface EmbeddedSignupConfig {
  appId: string;
  configId: string;
  dialogUrl: string;
  origin: string;
}

export type EmbeddedSignupResult =
  | { kind: 'finished'; code: string; wabaId: string; phoneNumberId: string }
  | { kind: 'cancelled' };

interface Posted {
  type?: string;
  event?: string;
  data?: { waba_id?: string; phone_number_id?: string };
  authResponse?: { code?: string };
}

export function openEmbeddedSignup(config: EmbeddedSignupConfig): Promise<EmbeddedSignupResult> {
  const params = new URLSearchParams({
    client_id: config.appId,
    config_id: config.configId,
    response_type: 'code',
    override_default_response_type: 'true',
    extras: JSON.stringify({ sessionInfoVersion: '3', setup: {} }),
    redirect_uri: window.location.href,
  });
  const popup = window.open(`${config.dialogUrl}?${params}`, 'embedded-signup', 'width=600,height=760');
  return new Promise((resolve) => {
    let session: { wabaId: string; phoneNumberId: string } | null = null;
    let code: string | null = null;
    const finish = (result: EmbeddedSignupResult) => {
      window.removeEventListener('message', listen);
      resolve(result);
    };
    function listen(event: MessageEvent) {
      if (event.origin !== config.origin) return;
      const posted = (typeof event.data === 'object' && event.data ? event.data : {}) as Posted;
      if (posted.type === 'WA_EMBEDDED_SIGNUP' && posted.event === 'CANCEL')
        return finish({ kind: 'cancelled' });
      if (
        posted.type === 'WA_EMBEDDED_SIGNUP' &&
        posted.event === 'FINISH' &&
        posted.data?.waba_id &&
        posted.data.phone_number_id
      )
        session = { wabaId: posted.data.waba_id, phoneNumberId: posted.data.phone_number_id };
      if (posted.type === 'FB_LOGIN_RESPONSE' && posted.authResponse?.code) code = posted.authResponse.code;
      if (session && code) finish({ kind: 'finished', code, ...session });
    }
    window.addEventListener('message', listen);
    if (!popup) finish({ kind: 'cancelled' });
  });
}

import type { ServerDeps } from '../../platform/deps.js';
import { type GraphResult, postGraph } from '../../platform/whatsapp/graph-client.js';
import { getAccount, openSecrets, whatsappConfigOf } from '../channels/index.js';

/** Meta's call actions (WhatsApp Business Calling API, `POST /{phone-number-id}/calls`; channel-protocols §1h). */
export type CallAction =
  | { action: 'pre_accept' | 'accept'; sdp: string }
  | { action: 'reject' | 'terminate' };

/** Meta's error when the customer has not allowed business calls. */
export const NO_CALL_PERMISSION_CODE = 138006;

/**
 * Sends one call action for Meta's call `callId` on the business's WhatsApp number. A phone call (no channel
 * account) has nothing to send: its signalling is the agent's SIP phone's, so the action succeeds here.
 */
export async function sendCallAction(
  deps: Pick<ServerDeps, 'db' | 'secrets'>,
  target: { clientId: string; channelAccountId: string | null; callId: string },
  action: CallAction,
): Promise<GraphResult<{ success?: boolean }>> {
  if (!target.channelAccountId) return { ok: true, value: {} };
  const account = await getAccount(deps.db, target.clientId, target.channelAccountId);
  if (!account) throw new Error('call on an unknown channel account');
  const config = whatsappConfigOf(account);
  const { accessToken } = openSecrets(deps, account);
  const body = {
    messaging_product: 'whatsapp',
    call_id: target.callId,
    action: action.action,
    ...('sdp' in action ? { session: { sdp_type: 'answer', sdp: action.sdp } } : {}),
  };
  return postGraph(config.graphBaseUrl, accessToken, `${config.phoneNumberId}/calls`, body);
}

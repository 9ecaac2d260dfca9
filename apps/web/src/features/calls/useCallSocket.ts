import {
  accountEndpoints,
  CALL_SOCKET_PATH,
  type CallSocketFrame,
  callSocketFrameSchema,
} from '@sapa/contracts';
import { useEffect, useRef } from 'react';
import { call, getSession, subscribeSession } from '../../shared/api';
import { RealtimeClient } from '../../shared/realtime';

/**
 * The call WebSocket (000 §7: one socket for calls, the access token in the query) with the chat socket's
 * reconnect policy. On every (re)connection it sends `connect`, and the server answers with what rings for this
 * agent and the agent's own call; every call event asks again, so the banner shows what the server decides
 * (available CS agents only).
 */
export function useCallSocket(clientId: string, enabled: boolean, onFrame: (frame: CallSocketFrame) => void) {
  const latest = useRef(onFrame);
  latest.current = onFrame;
  useEffect(() => {
    if (!enabled) return;
    const client: RealtimeClient<CallSocketFrame> = new RealtimeClient<CallSocketFrame>({
      path: CALL_SOCKET_PATH,
      parse: (raw) => {
        const parsed = callSocketFrameSchema.safeParse(raw);
        if (!parsed.success) return null;
        if (parsed.data.type === 'call.session' && parsed.data.clientId !== clientId) return null;
        return parsed.data;
      },
      getToken: () => getSession()?.accessToken ?? null,
      tokenExpiresAt: () => getSession()?.accessExpiresAt ?? null,
      refreshToken: async () => {
        await call(accountEndpoints.me);
      },
      getClientId: () => clientId,
      onEvent: (frame) => {
        latest.current(frame);
        if (frame.type === 'call.session') client.send({ event: 'connect' });
      },
      onState: () => undefined,
      onOpen: () => {
        client.send({ event: 'connect' });
      },
    });
    client.start();
    const unsubscribe = subscribeSession(() => client.tokenChanged());
    return () => {
      unsubscribe();
      client.stop();
    };
  }, [clientId, enabled]);
}

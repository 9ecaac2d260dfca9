import { accountEndpoints, type RealtimeEvent } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { call, getSession, queryKeys, subscribeSession } from '../api';
import { RealtimeClient, type RealtimeState } from './client';

type Handler = (event: RealtimeEvent) => void;

interface RealtimeContextValue {
  state: RealtimeState;
  subscribe: (handler: Handler) => () => void;
  retryNow: () => void;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

/**
 * One chat WebSocket for the signed-in business (000 §4 Real-time connection). On every (re)connection the
 * inbox queries are refetched, so events missed while disconnected are caught up.
 */
export function RealtimeProvider({
  clientId,
  enabled,
  children,
}: {
  clientId: string;
  /** Connect only for users of the inbox. */
  enabled: boolean;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RealtimeState>(enabled ? 'connecting' : 'offline');
  const handlers = useRef(new Set<Handler>());
  const clientIdRef = useRef(clientId);
  clientIdRef.current = clientId;
  const realtime = useRef<RealtimeClient | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let connectedBefore = false;
    const client = new RealtimeClient({
      getToken: () => getSession()?.accessToken ?? null,
      tokenExpiresAt: () => getSession()?.accessExpiresAt ?? null,
      // Any authenticated call refreshes an expired token (000 §7 401 handling).
      refreshToken: async () => {
        await call(accountEndpoints.me);
      },
      getClientId: () => clientIdRef.current,
      onEvent: (event) => {
        for (const handler of handlers.current) handler(event);
      },
      onState: setState,
      onOpen: () => {
        // The first connection needs no catch-up: the pages load their data themselves.
        if (connectedBefore) void queryClient.invalidateQueries({ queryKey: queryKeys.inbox });
        connectedBefore = true;
      },
    });
    realtime.current = client;
    client.start();
    const unsubscribe = subscribeSession(() => client.tokenChanged());
    const online = () => client.retryNow();
    window.addEventListener('online', online);
    return () => {
      unsubscribe();
      window.removeEventListener('online', online);
      client.stop();
      realtime.current = null;
    };
  }, [queryClient, enabled]);

  const subscribe = useCallback((handler: Handler) => {
    handlers.current.add(handler);
    return () => {
      handlers.current.delete(handler);
    };
  }, []);
  const retryNow = useCallback(() => realtime.current?.retryNow(), []);
  const value = useMemo<RealtimeContextValue>(
    () => ({ state, subscribe, retryNow }),
    [state, subscribe, retryNow],
  );
  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}

function useRealtimeContext(): RealtimeContextValue {
  const context = useContext(RealtimeContext);
  if (!context) throw new Error('useRealtime outside RealtimeProvider');
  return context;
}

/** Calls `handler` for every real-time event of the signed-in business (the latest handler is used). */
export function useRealtime(handler: Handler): void {
  const { subscribe } = useRealtimeContext();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}

/** The connection state (connected, connecting/reconnecting, offline) and a manual retry. */
export function useRealtimeState(): { state: RealtimeState; retryNow: () => void } {
  const { state, retryNow } = useRealtimeContext();
  return { state, retryNow };
}

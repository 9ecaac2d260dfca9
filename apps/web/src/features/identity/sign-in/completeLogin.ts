import { HOME_PATH, type TokenPair } from '@sapa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { setSession } from '../../../shared/api';

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return HOME_PATH;
  if (target === '/login' || target.startsWith('/login?')) return HOME_PATH;
  return target;
}

/** 000 §4: login stores the tokens and sets the signed-in state, then goes where the user was heading. */
export function useCompleteLogin(redirectTo: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (tokens: TokenPair, email: string) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app' });
      setSession({ ...tokens, email });
      await navigate(safeRedirect(redirectTo), { replace: true });
    },
    [navigate, queryClient, redirectTo],
  );
}

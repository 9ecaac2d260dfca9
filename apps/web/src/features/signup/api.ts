import { type BodyOf, type SignUpState, type SignUpStep, signupEndpoints } from '@sapa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, request } from '../../shared/api';
import { clearSignUpToken, readSignUpToken, writeSignUpToken } from './signUpToken';

export const SIGN_UP_PATHS: Record<SignUpStep | 'account', string> = {
  account: '/sign-up/account',
  otp: '/sign-up/otp',
  store: '/sign-up/store',
  waba: '/sign-up/waba',
  subscription: '/sign-up/subscription',
  success: '/sign-up/success',
};

export const stateKey = (token: string | null) => ['signUp', token] as const;

/** The server's view of this browser's sign-up (null: none started, or it expired). */
export function useSignUpState() {
  const token = readSignUpToken();
  return useQuery({
    queryKey: stateKey(token),
    enabled: token !== null,
    retry: false,
    queryFn: async () => {
      try {
        return await request(signupEndpoints.state, { body: { token: token! }, auth: false });
      } catch (error) {
        if (error instanceof ApiError && error.status === 410) {
          clearSignUpToken();
          return null;
        }
        throw error;
      }
    },
  });
}

type StepEndpoint = 'start' | 'resendCode' | 'verifyCode' | 'saveStore' | 'connectWaba' | 'skipWaba';

/** One step's call: the answer is the sign-up's new state, kept and followed to its step's page. */
export function useSignUpStep<K extends StepEndpoint>(name: K, options: { follow?: boolean } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: BodyOf<(typeof signupEndpoints)[K]>) =>
      request(signupEndpoints[name], { body: body as never, auth: false }) as Promise<SignUpState>,
    onSuccess: (state) => {
      writeSignUpToken(state.token);
      queryClient.setQueryData(stateKey(state.token), state);
      if (options.follow !== false) void navigate(SIGN_UP_PATHS[state.step]);
    },
  });
}

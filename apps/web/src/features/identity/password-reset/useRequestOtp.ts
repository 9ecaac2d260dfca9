import { type BodyOf, identityEndpoints } from '@sapa/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api';
import { writeResetState } from './resetState';

export type ForgotPasswordBody = BodyOf<typeof identityEndpoints.forgotPassword>;

/** POST /api/auth/password/forgot: sends the 5-digit OTP by email or WhatsApp and remembers the flow. */
export function useRequestOtp() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      request(identityEndpoints.forgotPassword, { body, auth: false }),
    onSuccess: (answer, body) => {
      writeResetState({
        channel: body.channel,
        target: body.channel === 'email' ? body.email.trim() : body.phone.trim(),
        resetId: answer.resetId,
        resendAt: Date.now() + answer.resendAfterSeconds * 1000,
      });
    },
  });
}
